import { AdminComingSoon } from './admin-frame';

/** donateManage: the admin frame, its tools still to come. */
export default function DonateManagePage() {
  return <AdminComingSoon page="donateManage" />;
}
