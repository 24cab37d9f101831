import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** userSpace: filled in by the space feature. */
export default function UserSpacePage() {
  return <ComingSoon title={ko.pages.userSpace} />;
}
