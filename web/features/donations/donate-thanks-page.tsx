import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** donateThanks: filled in by the donations feature. */
export default function DonateThanksPage() {
  return <ComingSoon title={ko.pages.donateThanks} />;
}
