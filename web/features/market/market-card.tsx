// A card of the market list: photo, price, status, region, time, product and, for an auction,
// its current price and time left. The whole card is one target: the subject's link is stretched
// over it (web/ui/row-link.css), so a screen reader hears the subject alone as the link.
import { Link } from 'react-router';
import type { MarketSummary } from '../../../common/api/market';
import { CONDITION_LABEL, REGION_LABEL, STATUS_LABEL, type MarketStatus } from '../../../common/api/market-labels';
import { formatWon, relativeTime, timeLeft } from './format';
import { marketViewPath } from '../../shared/paths';
import { FoldNotice, useFold } from '../../ui/ignored-fold';
import { koMarket } from './texts';
import '../../ui/row-link.css';

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

/** `eager`: a card of the first screen, whose photo loads at once (the list's largest paint), not when scrolled near. */
export function MarketCard({ item, now, eager = false }: { item: MarketSummary; now: number; eager?: boolean }) {
  const a = item.auction;
  const ended = a ? a.ended || new Date(a.endsAt).getTime() <= now : false;
  // An ignored member's item folds until 보기 (decision 46).
  const { folded, waiting, show: showFolded, focusShown } = useFold(item.seller.userId);
  if (folded) {
    return (
      <li className="market-card is-ignored">
        <FoldNotice onShow={showFolded} />
      </li>
    );
  }
  return (
    <li ref={focusShown} className={`market-card has-row-link status-${item.status}`}>
      <span className="market-card-photo">
        {/* Until the session's answer says whether the seller is ignored, the photo's place stands empty (decision 46). */}
        {waiting ? (
          <span className="market-card-nophoto" aria-hidden="true" />
        ) : item.thumbUrl ? (
          <img src={item.thumbUrl} alt="" loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : undefined} decoding="async" />
        ) : (
          <span className="market-card-nophoto">{c.noPhoto}</span>
        )}
        {a && <span className="auction-badge">{c.auction}</span>}
        {item.kind === 'wanted' && <span className="wanted-badge">{koMarket.wanted.badge}</span>}
      </span>
      <span className="market-card-body">
        <Link to={marketViewPath(item.key)} className="row-link market-card-subject" data-row-link>
          {item.subject}
        </Link>
        <span className="market-card-price">
          {a ? (
            <>
              <span className="price-label">{a.currentPrice === null ? c.startPrice : c.currentPrice}</span> {formatWon(a.currentPrice ?? item.price)}
            </>
          ) : item.kind === 'wanted' ? (
            koMarket.wanted.range(item.priceMin, item.price)
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
          <span className="market-card-grade">{CONDITION_LABEL[item.condition].label}</span>
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
    </li>
  );
}
