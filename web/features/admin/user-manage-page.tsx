import { AdminComingSoon } from './admin-frame';

/** userManage: the admin frame, its tools still to come. */
export default function UserManagePage() {
  return <AdminComingSoon page="userManage" />;
}
