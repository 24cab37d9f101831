// userSpaceGallery (/space/{userId}/gallery/{page?}): the member's gallery items as a justified
// grid, 24 a page.
import { useParams } from 'react-router';
import type { SpaceInfo } from '../../../common/api/gallery';
import { useSpaceGallery } from './api/space-gallery';
import { GalleryGrid } from './gallery-grid';
import { pageParam, spacePath } from '../../shared/paths';
import { SpaceFrame } from './space-frame';
import { SpaceList } from './space-list';
import { koSpace } from './texts';

function Gallery({ info, page }: { info: SpaceInfo; page: number }) {
  const query = useSpaceGallery(info.userId, page);
  return (
    <SpaceList query={query} empty={koSpace.empty.gallery} hrefOf={(n) => spacePath(info.userId, 'gallery', n)}>
      {(items) => <GalleryGrid owner={info.userId} items={items} label={koSpace.listLabel.gallery(info.nickName)} />}
    </SpaceList>
  );
}

export default function UserSpaceGalleryPage() {
  const page = pageParam(useParams().page);
  return (
    <SpaceFrame tab="gallery" title={koSpace.tab.gallery}>
      {(info) => <Gallery info={info} page={page} />}
    </SpaceFrame>
  );
}
