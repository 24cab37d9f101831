// boardTopicAllList (/all/topic/{page?}): the last 7 days ranked by recommendations and comments.
import { useTopicList } from './api/topic-list';
import { CrossBoardList } from './cross-board-list';
import { topicListPath } from '../../shared/paths';
import { koBoards } from './texts';

export default function BoardTopicAllListPage() {
  return <CrossBoardList title={koBoards.topic.title} intro={koBoards.topic.intro} base={topicListPath} useList={useTopicList} />;
}
