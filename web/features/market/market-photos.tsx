// An item's photos: the chosen one large, the others as thumbnails to pick from. The large one
// opens the site's one full-screen viewer (swipe, zoom, EXIF) at that photo, with the item's
// other photos as the sequence; what the viewer shows last stays chosen on the page.
import { useState } from 'react';
import type { MarketView } from '../../../common/api/market';
import { mediumUrl } from '../../../common/content/urls';
import { koPhotoViewer } from '../../i18n/ko-photos';
import { viewerPhotoOf } from '../../ui/content-photos';
import { PhotoViewerHost } from '../../ui/photo-viewer-host';
import { koMarket } from './texts';

const v = koMarket.view;

export function MarketPhotos({ item }: { item: MarketView }) {
  const photos = item.files.filter((f) => f.image);
  const [at, setAt] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const shown = Math.min(at, photos.length - 1);
  const current = photos[shown]!;
  const altOf = (i: number) => `${item.subject} — ${v.photo(i + 1, photos.length)}`;
  return (
    <section className="market-photos" aria-label={v.photos}>
      <div className="market-photo-main">
        <button type="button" aria-label={koPhotoViewer.openPhoto(shown + 1, altOf(shown))} onClick={() => setOpen(shown)}>
          <img src={mediumUrl(current.fileKey)} alt="" />
        </button>
      </div>
      {photos.length > 1 && (
        <ul className="market-thumbs">
          {photos.map((p, i) => (
            <li key={p.fileKey}>
              <button type="button" className={i === shown ? 'is-current' : undefined} aria-pressed={i === shown} aria-label={v.photo(i + 1, photos.length)} onClick={() => setAt(i)}>
                <img src={p.thumbUrl ?? p.url} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <PhotoViewerHost
        photos={open === null ? [] : photos.map((p, i) => viewerPhotoOf(p, altOf(i)))}
        index={open}
        onIndex={(i) => {
          setOpen(i);
          setAt(i);
        }}
        onClose={() => setOpen(null)}
      />
    </section>
  );
}
