import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** boardView: filled in by the boards feature. */
export default function BoardViewPage() {
  return <ComingSoon title={ko.pages.boardView} />;
}
