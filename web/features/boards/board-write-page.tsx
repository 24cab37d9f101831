import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** boardWrite: filled in by the boards feature. */
export default function BoardWritePage() {
  return <ComingSoon title={ko.pages.boardWrite} />;
}
