// boardTopicAllList (/all/topic/{page?}): the last 7 days ranked by recommendations and comments.
import { ko } from '../../i18n/ko';
import { useTopicList } from './api/topic-list';
import { CrossBoardList } from './cross-board-list';

export default function BoardTopicAllListPage() {
  return <CrossBoardList title={ko.boards.topic.title} intro={ko.boards.topic.intro} base="/all/topic" useList={useTopicList} />;
}
