// A member's gallery items as a justified grid (react-photo-album): each cover keeps its shape,
// rows fill the width, and the title and photo count sit over the cover's foot. The covers come
// from the thumb and medium sizes only, so the grid never downloads a 2560 px file. Every item is
// the space owner's: when the reader ignores them the whole grid folds once (decision 46), its
// covers not fetched until 보기.
import { RowsPhotoAlbum, type Photo } from 'react-photo-album';
import 'react-photo-album/rows.css';
import { Link } from 'react-router';
import type { GallerySummary } from '../../../common/api/gallery';
import { formatNumber } from '../../../common/format';
import { IgnoredFold } from '../../ui/ignored-fold';
import { candidates } from '../../ui/responsive-photo';
import { galleryViewPath } from '../../shared/paths';
import { koSpace } from './texts';

interface CoverPhoto extends Photo {
  item: GallerySummary;
}

/** The main column's width: the page's max width (1,200 px) less its side padding. */
const SIZES = { size: '1168px', sizes: [{ viewport: '(max-width: 1200px)', size: 'calc(100vw - 32px)' }] };

function coverOf(item: GallerySummary): CoverPhoto {
  const list = candidates(item.cover, { full: false });
  const largest = list[list.length - 1]!;
  return { key: String(item.galleryKey), src: largest.src, width: largest.width, height: largest.height, srcSet: list, alt: '', href: galleryViewPath(item.galleryKey), item };
}

/** `owner`: the space's member, whose items these all are. */
export function GalleryGrid({ owner, items, label, eager = 4 }: { owner: string; items: readonly GallerySummary[]; label: string; eager?: number }) {
  return (
    <IgnoredFold userId={owner} what="photo">
      <Grid items={items} label={label} eager={eager} />
    </IgnoredFold>
  );
}

function Grid({ items, label, eager }: { items: readonly GallerySummary[]; label: string; eager: number }) {
  return (
    <div className="gallery-grid">
      <RowsPhotoAlbum<CoverPhoto>
        photos={items.map(coverOf)}
        spacing={6}
        targetRowHeight={(width) => (width < 600 ? 130 : 220)}
        rowConstraints={(width) => ({ singleRowMaxHeight: width < 600 ? 200 : 320 })}
        sizes={SIZES}
        defaultContainerWidth={1168}
        // The album's own container is the labelled region (its default name is the English "Photo album").
        componentsProps={{ container: { role: 'region', 'aria-label': label }, image: ({ index }) => ({ loading: index < eager ? 'eager' : 'lazy' }) }}
        render={{
          // Marked as the tile's link: after 보기 on a folded grid the focus lands on the first.
          link: ({ href, ...props }) => <Link to={href} data-row-link {...props} />,
          extras: (_, { photo }) => (
            <span className="gallery-cover-caption">
              <span className="gallery-cover-title">{photo.item.title}</span>
              <span className="gallery-cover-count">
                <i className="pi pi-images" aria-hidden="true" /> {koSpace.photos(formatNumber(photo.item.photoCount))}
              </span>
            </span>
          ),
        }}
      />
    </div>
  );
}
