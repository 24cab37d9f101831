// A gallery item's photos as a justified grid (react-photo-album): each photo keeps its shape and
// is a button that opens the viewer at it. srcset / sizes come from the thumb and medium sizes,
// so the grid never downloads the 2,560 px file; photos below the first row load lazily.
import { RowsPhotoAlbum, type Photo } from 'react-photo-album';
import 'react-photo-album/rows.css';
import type { GalleryPhoto } from '../../../common/api/gallery';
import { formatNumber } from '../../../common/format';
import { candidates } from '../../ui/responsive-photo';
import { koGallery } from './texts';

interface GridPhoto extends Photo {
  photo: GalleryPhoto;
}

const SIZES = { size: '1168px', sizes: [{ viewport: '(max-width: 1200px)', size: 'calc(100vw - 32px)' }] };

export function PhotoGrid({ title, photos, onOpen }: { title: string; photos: readonly GalleryPhoto[]; onOpen: (index: number) => void }) {
  const items: GridPhoto[] = photos.map((p, i) => {
    const list = candidates(p, { full: false });
    const largest = list[list.length - 1]!;
    const n = i + 1;
    return {
      key: p.fileKey,
      src: largest.src,
      width: largest.width,
      height: largest.height,
      srcSet: list,
      alt: p.caption || koGallery.photoAlt(title, n),
      label: koGallery.openPhoto(n),
      photo: p,
    };
  });
  return (
    <div className="gallery-photos">
      <RowsPhotoAlbum<GridPhoto>
        photos={items}
        spacing={6}
        targetRowHeight={(width) => (width < 600 ? 180 : 300)}
        rowConstraints={{ singleRowMaxHeight: 560, maxPhotos: 4 }}
        sizes={SIZES}
        defaultContainerWidth={1168}
        // Named in Korean: the album's default group name is the English "Photo album".
        componentsProps={{ container: { 'aria-label': koGallery.photos(formatNumber(photos.length)) }, image: ({ index }) => ({ loading: index < 3 ? 'eager' : 'lazy', fetchPriority: index === 0 ? 'high' : undefined }) }}
        onClick={({ index }) => onOpen(index)}
      />
    </div>
  );
}
