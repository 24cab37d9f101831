import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** userNiceSuccess: filled in by the identity feature. */
export default function UserNiceSuccessPage() {
  return <ComingSoon title={ko.pages.userNiceSuccess} />;
}
