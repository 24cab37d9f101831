// userSpaceMarket (/space/{userId}/market/{page?}): the member's market items as cards (photo,
// title, price or auction, status, region, date).
import { Link, useParams } from 'react-router';
import type { MarketSummary } from '../../../common/api/market';
import type { SpaceInfo } from '../../../common/api/gallery';
import { formatNumber } from '../../../common/format';
import { IgnoredFold } from '../../ui/ignored-fold';
import { formatListDate, useListNow } from '../../ui/list-date';
import { useSpaceMarket } from './api/space-market';
import { marketViewPath, pageParam, spacePath } from '../../shared/paths';
import { SpaceFrame } from './space-frame';
import { SpaceList } from './space-list';
import '../../ui/row-link.css';
import { koSpace } from './texts';

const m = koSpace.market;

function MarketCards({ items, label }: { items: MarketSummary[]; label: string }) {
  const now = useListNow();
  return (
    <ul className="space-market" aria-label={label}>
      {items.map((i) => {
        const price = i.auction ? (i.auction.currentPrice ?? i.price) : i.price;
        return (
          // The whole card opens the item: its link is stretched over it (web/ui/row-link.css).
          <li key={i.key} className={`space-market-card has-row-link status-${i.status}`}>
            <Link to={marketViewPath(i.key)} className="row-link space-market-link" data-row-link>
              {i.thumbUrl ? (
                <img src={i.thumbUrl} alt="" width={400} height={300} loading="lazy" decoding="async" className="space-market-photo" />
              ) : (
                <span className="space-market-photo space-market-nophoto">
                  <i className="pi pi-image" aria-hidden="true" />
                  <span className="visually-hidden">{m.noPhoto}</span>
                </span>
              )}
              <span className="space-market-subject">{i.subject}</span>
            </Link>
            <span className="space-market-price">{m.won(formatNumber(price))}</span>
            <span className="space-market-meta">
              <span className="space-market-status">{m.status[i.status] ?? i.status}</span>
              {i.auction && (
                <span className="space-market-auction">
                  {m.auction} · {m.bids(formatNumber(i.auction.bidCount))}
                </span>
              )}
              {i.region && <span>{i.region}</span>}
              <time dateTime={i.createdAt}>{formatListDate(i.createdAt, now)}</time>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Market({ info, page }: { info: SpaceInfo; page: number }) {
  const query = useSpaceMarket(info.userId, page);
  return (
    <SpaceList query={query} empty={koSpace.empty.market} hrefOf={(n) => spacePath(info.userId, 'market', n)}>
      {(items) => (
        // Every item is the space owner's: folded once when the reader ignores them (decision 46).
        <IgnoredFold userId={info.userId}>
          <MarketCards items={items} label={koSpace.listLabel.market(info.nickName)} />
        </IgnoredFold>
      )}
    </SpaceList>
  );
}

export default function UserSpaceMarketPage() {
  const page = pageParam(useParams().page);
  return (
    <SpaceFrame tab="market" title={koSpace.tab.market}>
      {(info) => <Market info={info} page={page} />}
    </SpaceFrame>
  );
}
