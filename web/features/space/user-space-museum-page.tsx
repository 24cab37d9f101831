import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** userSpaceMuseum: filled in by the space feature. */
export default function UserSpaceMuseumPage() {
  return <ComingSoon title={ko.pages.userSpaceMuseum} />;
}
