// A product page's 삽니다 section: the newest wanted ads of the product (a few) with their price
// ranges and statuses, a link to all of them in the market's 삽니다 list, 이 제품 삽니다 (the wanted
// form filled from the product) and 알림 받기 (a price alert on the product). Its own call, after
// the page's.
import { Link } from 'react-router';
import { STATUS_LABEL } from '../../../common/api/market-labels';
import { koMarketAlerts } from '../../i18n/ko-market-alerts';
import { marketListPath, marketViewPath, marketWritePath } from '../../shared/paths';
import { useSessionUser } from '../../shared/session-store';
import { LiteButton } from '../../ui/lite-button';
import { MarketAlertButton } from '../../ui/market-alert-button';
import { useProductWanted } from './api/product-wanted';

const w = koMarketAlerts.wanted;
/** Wanted ads shown here; the rest are in the market's 삽니다 list. */
const SHOWN = 3;

export function ProductWanted({ productKey, name }: { productKey: string; name: string }) {
  const user = useSessionUser();
  const list = useProductWanted(productKey);
  const items = list.data?.items.slice(0, SHOWN) ?? [];
  const total = list.data?.total ?? 0;
  return (
    <section className="product-section product-wanted" aria-labelledby="product-wanted">
      <div className="product-section-head">
        <h2 id="product-wanted">{w.title}</h2>
        <span className="product-wanted-actions">
          {user.logined && (
            <Link to={`${marketWritePath('wanted')}&product=${encodeURIComponent(productKey)}`} className="p-button p-component p-button-outlined market-alert-button">
              <span className="p-button-icon p-button-icon-left pi pi-pencil" aria-hidden="true" />
              <span className="p-button-label">{w.write}</span>
            </Link>
          )}
          <MarketAlertButton terms={{ productKey }} productName={name} />
        </span>
      </div>
      {list.isPending ? (
        <p className="product-section-empty" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {w.loading}
        </p>
      ) : !list.data ? (
        <p className="product-section-empty" role="alert">
          {w.failed} <LiteButton label={w.retry} icon="pi pi-refresh" small outlined onClick={() => void list.refetch()} />
        </p>
      ) : items.length === 0 ? (
        <p className="product-section-empty">{w.empty}</p>
      ) : (
        <>
          <ul className="product-for-sale" aria-label={w.listLabel}>
            {items.map((item) => (
              <li key={item.key}>
                <Link to={marketViewPath(item.key)} data-row-link>
                  <i className="pi pi-search" aria-hidden="true" />
                  <span className="for-sale-title">{item.subject}</span>
                  <span className="for-sale-price">{koMarketAlerts.range(item.priceMin, item.price)}</span>
                  <span className="product-wanted-status">{STATUS_LABEL[item.status]}</span>
                </Link>
              </li>
            ))}
          </ul>
          {total > SHOWN && (
            <p className="product-wanted-more">
              <Link to={marketListPath('c0', 1, { kind: 'wanted', product: productKey, productName: name })}>{w.more(total)}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
