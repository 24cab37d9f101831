// userSpaceBoard (/space/{userId}/board/{page?}): the member's posts, 20 a page, only on boards
// the visitor may read.
import { useParams } from 'react-router';
import type { SpaceInfo } from '../../../common/api/gallery';
import { PostList } from '../../ui/post-list';
import { useSpacePosts } from './api/space-posts';
import { pageParam, spacePath } from '../../shared/paths';
import { SpaceFrame } from './space-frame';
import { SpaceList } from './space-list';
import { koSpace } from './texts';

function Posts({ info, page }: { info: SpaceInfo; page: number }) {
  const query = useSpacePosts(info.userId, page);
  const here = spacePath(info.userId, 'board', page);
  return (
    <SpaceList query={query} empty={koSpace.empty.board} hrefOf={(n) => spacePath(info.userId, 'board', n)}>
      {(items) => <PostList items={items} showBoard label={koSpace.listLabel.board(info.nickName)} from={{ listPath: here }} />}
    </SpaceList>
  );
}

export default function UserSpaceBoardPage() {
  const page = pageParam(useParams().page);
  return (
    <SpaceFrame tab="board" title={koSpace.tab.board}>
      {(info) => <Posts info={info} page={page} />}
    </SpaceFrame>
  );
}
