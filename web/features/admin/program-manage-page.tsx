import { AdminComingSoon } from './admin-frame';

/** programManage: the admin frame, its tools still to come. */
export default function ProgramManagePage() {
  return <AdminComingSoon page="programManage" />;
}
