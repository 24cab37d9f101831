import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** userSpaceMuseumShow: filled in by the space feature. */
export default function UserSpaceMuseumShowPage() {
  return <ComingSoon title={ko.pages.userSpaceMuseumShow} />;
}
