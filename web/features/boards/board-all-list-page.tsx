// boardAllList (/all/list/{page?}): the newest posts of every board the caller may read.
import { useAllList } from './api/all-list';
import { CrossBoardList } from './cross-board-list';
import { allListPath } from '../../shared/paths';
import { koBoards } from './texts';

export default function BoardAllListPage() {
  return <CrossBoardList title={koBoards.allList.title} intro={koBoards.allList.intro} base={allListPath} useList={useAllList} />;
}
