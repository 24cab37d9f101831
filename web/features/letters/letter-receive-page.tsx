import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** letterReceive: filled in by the letters feature. */
export default function LetterReceivePage() {
  return <ComingSoon title={ko.pages.letterReceive} />;
}
