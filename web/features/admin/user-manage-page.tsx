import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** userManage: filled in by the admin feature. */
export default function UserManagePage() {
  return <ComingSoon title={ko.pages.userManage} />;
}
