import { AdminComingSoon } from './admin-frame';

/** logoManage: the admin frame, its tools still to come. */
export default function LogoManagePage() {
  return <AdminComingSoon page="logoManage" />;
}
