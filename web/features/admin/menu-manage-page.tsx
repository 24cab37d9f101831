import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** menuManage: filled in by the admin feature. */
export default function MenuManagePage() {
  return <ComingSoon title={ko.pages.menuManage} />;
}
