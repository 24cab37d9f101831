import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** boardManage: filled in by the admin feature. */
export default function BoardManagePage() {
  return <ComingSoon title={ko.pages.boardManage} />;
}
