import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** boardEdit: filled in by the boards feature. */
export default function BoardEditPage() {
  return <ComingSoon title={ko.pages.boardEdit} />;
}
