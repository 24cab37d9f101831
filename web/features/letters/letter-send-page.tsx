import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** letterSend: filled in by the letters feature. */
export default function LetterSendPage() {
  return <ComingSoon title={ko.pages.letterSend} />;
}
