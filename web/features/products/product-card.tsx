// A product in the list: its picture (or a drawn placeholder for its type), brand and name, the
// Korean name when set, the key specs in one line and the announce date.
import { Skeleton } from 'primereact/skeleton';
import { Link } from 'react-router';
import type { ProductCard as Card } from '../../../common/api/products';
import { productViewPath } from '../../shared/paths';
import { TypeDrawing } from './type-drawings';
import { koProducts } from './texts';

const t = koProducts;

/** '2016-08-25' → '2016.08.25', '2016-08' → '2016.08'. */
export const formatAnnounced = (v: string) => v.replaceAll('-', '.');

export function ProductPicture({ url, type, alt = '' }: { url: string | null; type: string; alt?: string }) {
  if (url) return <img src={url} alt={alt} loading="lazy" className="product-picture" />;
  return (
    <span className="product-picture product-placeholder" role={alt ? 'img' : undefined} aria-label={alt || undefined}>
      <TypeDrawing type={type} />
    </span>
  );
}

export function ProductCardItem({ product: p }: { product: Card }) {
  return (
    <li className="product-card">
      <Link to={productViewPath(p.key)} className="product-card-link" data-row-link>
        <ProductPicture url={p.thumbUrl} type={p.type} />
        <span className="product-card-text">
          <span className="product-card-brand">{p.brand}</span>
          <span className="product-card-name">{p.name}</span>
          {p.nameKo && <span className="product-card-ko">{p.nameKo}</span>}
          {p.summary && <span className="product-card-summary">{p.summary}</span>}
          {p.announced && (
            <span className="product-card-date">
              {t.announced} {formatAnnounced(p.announced)}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

/** Grey cards in the grid's shape while the first page loads. */
export function ProductCardSkeletons({ count = 8 }: { count?: number }) {
  return (
    <div role="status" className="product-loading">
      <span className="visually-hidden">{t.loading}</span>
      <ul className="product-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="product-card product-card-skeleton">
            <span className="product-card-link">
              <Skeleton className="product-picture" />
              <span className="product-card-text">
                <Skeleton width="40%" height="0.8rem" />
                <Skeleton width="85%" height="1.1rem" className="mt-2" />
                <Skeleton width="60%" height="0.8rem" className="mt-2" />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
