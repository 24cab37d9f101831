import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** userSpaceComment: filled in by the space feature. */
export default function UserSpaceCommentPage() {
  return <ComingSoon title={ko.pages.userSpaceComment} />;
}
