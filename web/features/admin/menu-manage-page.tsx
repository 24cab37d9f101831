import { AdminComingSoon } from './admin-frame';

/** menuManage: the admin frame, its tools still to come. */
export default function MenuManagePage() {
  return <AdminComingSoon page="menuManage" />;
}
