// What other areas attach to a product: used prices and items for sale (the market) and photos
// taken with it (boards and galleries). Each says so plainly while it has nothing yet.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ProductView } from '../../../common/api/products';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { FoldedTile, FoldNotice, useFold } from '../../ui/ignored-fold';
import { LiteButton } from '../../ui/lite-button';
import { PriceChart } from '../../ui/price-chart';
import '../../ui/row-link.css';
import { postPath, galleryViewPath, marketViewPath, priceTracePath } from '../../shared/paths';
import { useProductPhotos } from './api/product-photos';
import { koProductPhotos, koProducts } from './texts';

const v = koProducts.view;

type Attached = ProductView['attached'];

function Section({ id, title, extra, children }: { id: string; title: string; extra?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="product-section" aria-labelledby={id}>
      <div className="product-section-head">
        <h2 id={id}>{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

const Empty = ({ text }: { text: string }) => <p className="product-section-empty">{text}</p>;

const won = (n: number) => v.won(formatNumber(n));

const chartLabels = { sold: ko.priceChart.sold, asking: ko.priceChart.asking, loading: ko.priceChart.loading, date: ko.priceChart.date, latest: ko.priceChart.latest };
const noAsking: never[] = [];

export function UsedPrices({ productKey, prices }: { productKey: string; prices: Attached['usedPrices'] }) {
  // A small chart of the sold prices (uPlot loads with it, on this page only); the list is the same numbers.
  const points = useMemo(() => prices.map((p) => ({ at: p.date, price: p.price })), [prices]);
  return (
    <Section id="product-used-prices" title={v.usedPrices} extra={prices.length > 0 && <Link to={priceTracePath(productKey)}>{v.priceTrace}</Link>}>
      {prices.length === 0 ? (
        <Empty text={v.usedPricesEmpty} />
      ) : (
        <>
        {prices.length > 1 && <PriceChart sold={points} asking={noAsking} labels={chartLabels} height={160} ariaLabel={v.smallChartLabel} />}
        <ul className="product-prices">
          {prices.map((p) => (
            // The whole row opens the item: the price's link is stretched over it (web/ui/row-link.css).
            <li key={`${p.itemKey}-${p.date}`} className="has-row-link">
              <time dateTime={p.date}>{p.date.slice(0, 10)}</time>
              <Link to={marketViewPath(p.itemKey)} className="row-link" data-row-link>
                {won(p.price)}
              </Link>
            </li>
          ))}
        </ul>
        </>
      )}
    </Section>
  );
}

export function ForSale({ items }: { items: Attached['forSale'] }) {
  return (
    <Section id="product-for-sale" title={v.forSale}>
      {items.length === 0 ? (
        <Empty text={v.forSaleEmpty} />
      ) : (
        <ul className="product-for-sale">
          {items.map((item) => (
            <SaleRow key={item.itemKey} item={item} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/** An item for sale; an ignored seller's folds, its photo not fetched until 보기 (decision 46). */
function SaleRow({ item }: { item: Attached['forSale'][number] }) {
  const { folded, waiting, show, focusShown } = useFold(item.sellerId);
  if (folded) {
    return (
      <li className="is-ignored">
        <FoldNotice onShow={show} />
      </li>
    );
  }
  return (
    <li ref={focusShown}>
      <Link to={marketViewPath(item.itemKey)} data-row-link>
        {item.thumbUrl && !waiting ? <img src={item.thumbUrl} alt="" loading="lazy" /> : <i className="pi pi-shopping-bag" aria-hidden="true" />}
        <span className="for-sale-title">{item.title}</span>
        <span className="for-sale-price">{won(item.price)}</span>
      </Link>
    </li>
  );
}

/**
 * A photo's tile: the photo links to `href` (its post, its gallery item or the picture itself). An
 * ignored member's folds in the tile's place and its thumbnail is not fetched until 보기 (decision 46).
 */
function PhotoTile({ userId, thumbUrl, alt, href, external }: { userId: string; thumbUrl: string; alt: string; href: string; external?: boolean }) {
  const { folded, waiting, show, focusShown } = useFold(userId);
  if (folded || waiting) {
    return (
      <li>
        <FoldedTile onShow={folded ? show : undefined} className="product-photo-fold" />
      </li>
    );
  }
  const img = <img src={thumbUrl} alt={alt} loading="lazy" />;
  return (
    <li ref={focusShown}>
      {external ? (
        <a href={href} data-row-link>
          {img}
        </a>
      ) : (
        <Link to={href} data-row-link>
          {img}
        </Link>
      )}
    </li>
  );
}

/**
 * The newest photos taken with the product (any board a visitor reads), then, on "사진 더 보기",
 * the gallery's photos of it page by page (/api/gallery/photos), each shown once.
 */
export function TakenWith({ productKey, name, photos, count }: { productKey: string; name: string; photos: Attached['photos']; count: number }) {
  const [more, setMore] = useState(false);
  const gallery = useProductPhotos(productKey, more);
  const shown = new Set(photos.map((p) => p.fileKey));
  const extra = (gallery.data?.pages ?? []).flatMap((page) => page.items).filter((p) => !shown.has(p.fileKey) && (shown.add(p.fileKey), true));
  const canAsk = count > photos.length && (!more || gallery.hasNextPage);
  const ask = () => (more ? void gallery.fetchNextPage() : setMore(true));
  const busy = gallery.isFetching;
  return (
    <Section id="product-photos" title={v.photos} extra={count > 0 && <span className="product-section-count">{v.photoCount(formatNumber(count))}</span>}>
      {photos.length === 0 ? (
        <Empty text={v.photosEmpty} />
      ) : (
        <>
          <ul className="product-photos">
            {photos.map((p) =>
              // A photo links to the post it is in; without one, to the picture itself.
              p.postKey !== null && p.boardId ? (
                <PhotoTile key={p.fileKey} userId={p.userId} thumbUrl={p.thumbUrl} alt={v.photoAlt(name)} href={postPath(p.boardId, p.postKey)} />
              ) : (
                <PhotoTile key={p.fileKey} userId={p.userId} thumbUrl={p.thumbUrl} alt={v.photoAlt(name)} href={p.url} external />
              ),
            )}
            {extra.map((p) => (
              <PhotoTile key={p.fileKey} userId={p.author.userId} thumbUrl={p.thumbUrl} alt={v.photoAlt(name)} href={galleryViewPath(p.galleryKey)} />
            ))}
          </ul>
          {gallery.isError && <p className="product-section-empty">{koProductPhotos.failed}</p>}
          {canAsk && (
            <p className="product-photos-more">
              <LiteButton outlined label={busy ? koProductPhotos.loading : koProductPhotos.more} onClick={ask} disabled={busy} aria-busy={busy} />
            </p>
          )}
        </>
      )}
    </Section>
  );
}
