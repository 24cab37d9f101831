import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** boardSummary: filled in by the boards feature. */
export default function BoardSummaryPage() {
  return <ComingSoon title={ko.pages.boardSummary} />;
}
