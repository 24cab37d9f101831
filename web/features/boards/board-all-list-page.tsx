// boardAllList (/all/list/{page?}): the newest posts of every board the caller may read.
import { ko } from '../../i18n/ko';
import { useAllList } from './api/all-list';
import { CrossBoardList } from './cross-board-list';

export default function BoardAllListPage() {
  return <CrossBoardList title={ko.boards.allList.title} intro={ko.boards.allList.intro} base="/all/list" useList={useAllList} />;
}
