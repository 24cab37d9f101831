// A card of the market list: photo, price, status, region, time, product and, for an auction,
// its current price and time left.
import { Link } from 'react-router';
import { CONDITION_LABEL, REGION_LABEL, STATUS_LABEL, type MarketStatus, type MarketSummary } from '../../../common/api/market';
import { koMarket } from '../../i18n/ko-market';
import { formatWon, relativeTime, timeLeft } from './format';
import { marketViewPath } from './paths';

const c = koMarket.card;

export function StatusBadge({ status }: { status: MarketStatus }) {
  return <span className={`market-status status-${status}`}>{STATUS_LABEL[status]}</span>;
}

export function TrustBadge() {
  return (
    <span className="trust-badge" title={koMarket.view.trustTitle}>
      <i className="pi pi-verified" aria-hidden="true" />
      <span className="visually-hidden">{c.real}</span>
    </span>
  );
}

export function MarketCard({ item, now }: { item: MarketSummary; now: number }) {
  const a = item.auction;
  const ended = a ? a.ended || new Date(a.endsAt).getTime() <= now : false;
  return (
    <li className={`market-card status-${item.status}`}>
      <Link to={marketViewPath(item.key)} className="market-card-link">
        <span className="market-card-photo">
          {item.thumbUrl ? <img src={item.thumbUrl} alt="" loading="lazy" decoding="async" /> : <span className="market-card-nophoto">{c.noPhoto}</span>}
          {a && <span className="auction-badge">{c.auction}</span>}
        </span>
        <span className="market-card-body">
          <span className="market-card-subject">{item.subject}</span>
          <span className="market-card-price">
            {a ? (
              <>
                <span className="price-label">{a.currentPrice === null ? c.startPrice : c.currentPrice}</span> {formatWon(a.currentPrice ?? item.price)}
              </>
            ) : (
              formatWon(item.price)
            )}
          </span>
          {a && (
            <span className="market-card-auction">
              {c.bids(a.bidCount)} · {ended ? c.ended : c.left(timeLeft(new Date(a.endsAt).getTime() - now))}
            </span>
          )}
          <span className="market-card-meta">
            <StatusBadge status={item.status} />
            <span className="market-card-grade">{CONDITION_LABEL[item.condition].name}</span>
            <span>{REGION_LABEL[item.region] ?? item.region}</span>
            <time dateTime={item.bumpedAt}>{relativeTime(item.bumpedAt, now)}</time>
          </span>
          {item.product && <span className="market-card-product">{item.product.name}</span>}
          <span className="market-card-foot">
            <span className="market-card-seller">
              {item.seller.nickName}
              {item.sellerReal && <TrustBadge />}
            </span>
            {item.commentCount > 0 && <span>{c.comments(item.commentCount)}</span>}
          </span>
        </span>
      </Link>
    </li>
  );
}
