// An item's photos: the chosen one large (opens full screen with PrimeReact's Image preview),
// the others as thumbnails to pick from.
import { Image } from 'primereact/image';
import { useState } from 'react';
import type { MarketView } from '../../../common/api/market';
import { koMarket } from './texts';

const v = koMarket.view;

export function MarketPhotos({ item }: { item: MarketView }) {
  const photos = item.files.filter((f) => f.image);
  const [at, setAt] = useState(0);
  if (photos.length === 0) return null;
  const current = photos[Math.min(at, photos.length - 1)]!;
  // The 1280 px copy on the page (the server falls back to the photo itself); the full size in the preview.
  const medium = (fileKey: string) => `/api/file/down/${encodeURIComponent(fileKey)}/medium`;
  return (
    <section className="market-photos" aria-label={v.photos}>
      <div className="market-photo-main">
        <Image src={medium(current.fileKey)} zoomSrc={current.url} alt={`${item.subject} — ${v.photo(at + 1, photos.length)}`} preview />
      </div>
      {photos.length > 1 && (
        <ul className="market-thumbs">
          {photos.map((p, i) => (
            <li key={p.fileKey}>
              <button type="button" className={i === at ? 'is-current' : undefined} aria-pressed={i === at} aria-label={v.photo(i + 1, photos.length)} onClick={() => setAt(i)}>
                <img src={p.thumbUrl ?? p.url} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
