import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** userNiceFail: filled in by the identity feature. */
export default function UserNiceFailPage() {
  return <ComingSoon title={ko.pages.userNiceFail} />;
}
