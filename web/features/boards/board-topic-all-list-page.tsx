import { ko } from '../../i18n/ko';
import { ComingSoon } from '../../ui/coming-soon';

/** boardTopicAllList: filled in by the boards feature. */
export default function BoardTopicAllListPage() {
  return <ComingSoon title={ko.pages.boardTopicAllList} />;
}
