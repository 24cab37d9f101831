import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** communityManage: filled in by the admin feature. */
export default function CommunityManagePage() {
  return <ComingSoon title={ko.pages.communityManage} />;
}
