import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** boardAllList: filled in by the boards feature. */
export default function BoardAllListPage() {
  return <ComingSoon title={ko.pages.boardAllList} />;
}
