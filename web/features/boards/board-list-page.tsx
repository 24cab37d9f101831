import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** boardList: filled in by the boards feature. */
export default function BoardListPage() {
  return <ComingSoon title={ko.pages.boardList} />;
}
