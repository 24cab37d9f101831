import { AdminComingSoon } from './admin-frame';

/** communityManage: the admin frame, its tools still to come. */
export default function CommunityManagePage() {
  return <AdminComingSoon page="communityManage" />;
}
