import { AdminComingSoon } from './admin-frame';

/** boardManage: the admin frame, its tools still to come. */
export default function BoardManagePage() {
  return <AdminComingSoon page="boardManage" />;
}
