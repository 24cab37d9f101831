import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** userSpaceBoard: filled in by the space feature. */
export default function UserSpaceBoardPage() {
  return <ComingSoon title={ko.pages.userSpaceBoard} />;
}
