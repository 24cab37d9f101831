// userSpace (/space/{userId}): the member's card, then their newest gallery items and posts with
// links to the full tabs. Visitors see what they may read (the server leaves out the rest).
import { Link } from 'react-router';
import { ListEmpty, ListFailed, ListLoading } from '../../ui/list-state';
import { PostList } from '../../ui/post-list';
import { useSpaceGallery } from './api/space-gallery';
import { useSpacePosts } from './api/space-posts';
import { GalleryGrid } from './gallery-grid';
import { spacePath } from '../../shared/paths';
import { SpaceFrame } from './space-frame';
import type { SpaceInfo } from '../../../common/api/gallery';
import { koSpace } from './texts';
import { SpaceGear } from './space-gear';

const s = koSpace;

function Overview({ info }: { info: SpaceInfo }) {
  const gallery = useSpaceGallery(info.userId, 1, info.counts.gallery > 0);
  const posts = useSpacePosts(info.userId, 1, info.counts.posts > 0);
  return (
    <>
      <section className="space-section" aria-labelledby="space-recent-gallery">
        <div className="space-section-head">
          <h2 id="space-recent-gallery">{s.recentGallery}</h2>
          {info.counts.gallery > 0 && <Link to={spacePath(info.userId, 'gallery')}>{s.more}</Link>}
        </div>
        {info.counts.gallery === 0 ? (
          <ListEmpty text={s.empty.gallery} />
        ) : gallery.data ? (
          <GalleryGrid owner={info.userId} items={gallery.data.items.slice(0, 8)} label={s.listLabel.gallery(info.nickName)} />
        ) : gallery.isError ? (
          <ListFailed onRetry={() => void gallery.refetch()} />
        ) : (
          <ListLoading />
        )}
      </section>
      <section className="space-section" aria-labelledby="space-recent-posts">
        <div className="space-section-head">
          <h2 id="space-recent-posts">{s.recentPosts}</h2>
          {info.counts.posts > 0 && <Link to={spacePath(info.userId, 'board')}>{s.more}</Link>}
        </div>
        {info.counts.posts === 0 ? (
          <ListEmpty text={s.empty.board} />
        ) : posts.data ? (
          <PostList items={posts.data.items.slice(0, 10)} showBoard label={s.listLabel.board(info.nickName)} from={{ listPath: spacePath(info.userId) }} />
        ) : posts.isError ? (
          <ListFailed onRetry={() => void posts.refetch()} />
        ) : (
          <ListLoading />
        )}
      </section>
      <SpaceGear info={info} />
    </>
  );
}

export default function UserSpacePage() {
  return <SpaceFrame tab="home">{(info) => <Overview info={info} />}</SpaceFrame>;
}
