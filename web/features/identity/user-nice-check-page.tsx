import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** userNiceCheck: filled in by the identity feature. */
export default function UserNiceCheckPage() {
  return <ComingSoon title={ko.pages.userNiceCheck} />;
}
