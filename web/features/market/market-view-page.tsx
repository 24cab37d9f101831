// marketView (/market/view/{key}): photos, subject, price and status, condition, trade method,
// region, the seller (level star, trust badge, space, 판매자에게 쪽지), the product with its
// recent prices, the auction block, the content, the seller's and admin's controls, scrap,
// report and the comments.
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { CONDITION_LABEL, REGION_LABEL, TRADE_METHOD_LABEL } from '../../../common/api/market';
import { formatDate, formatDateTime, formatNumber } from '../../../common/format';
import { composeLetter } from '../../shared/compose-letter-store';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { AuthorLink } from '../../ui/author-link';
import { Comments } from '../comments/comments';
import { ContentHtml } from '../../ui/content-html';
import { useDocumentTitle } from '../../ui/document-title';
import { LiteButton } from '../../ui/lite-button';
import { ListFailed, ListLoading } from '../../ui/list-state';
import { ReportButton } from '../../ui/report-button';
import { IgnoreButton } from '../../ui/ignore-button';
import { FoldedPage, useFold } from '../../ui/ignored-fold';
import { toast } from '../../ui/toast-store';
import { useRefreshAfterComment } from './api/market-comments';
import { useMarketBids } from './api/market-bids';
import { useLiveConnected } from '../../shared/live-store';
import { useMarketScrap } from './api/market-scrap';
import { useMarketView } from './api/market-view';
import { AuctionPanel } from './auction-panel';
import { formatWon } from './format';
import { StatusBadge, TrustBadge } from './market-card';
import { MarketPhotos } from './market-photos';
import { marketListPath, marketViewPath, priceTracePath, productViewPath, spacePath } from '../../shared/paths';
import { SellerControls } from './seller-controls';
import './market.css';
import { koMarket } from './texts';

const v = koMarket.view;

export default function MarketViewPage() {
  const { key: rawKey } = useParams();
  const key = /^\d{1,15}$/.test(rawKey ?? '') ? Number(rawKey) : 0;
  const view = useMarketView(key);
  const user = useSessionUser();
  const scrap = useMarketScrap();
  const refreshAfterComment = useRefreshAfterComment(key);
  const item = view.data;
  useDocumentTitle(item?.subject ?? koMarket.title);
  // An auction's live state (the panel polls it; the same query, so no second request): the
  // headline price and status follow it, and the page reloads the item when the auction ends.
  // No poll while the live stream is connected: it brings the state (decision 35).
  const initial = item?.auctionState ?? null;
  const streaming = useLiveConnected();
  const bids = useMarketBids(key, initial !== null && !initial.ended && !streaming, initial !== null);
  const fresh = bids.data?.auction;
  const live = initial && fresh && Date.parse(fresh.now) >= Date.parse(initial.now) ? fresh : initial;
  const { refetch } = view;
  // An ignored member's item folds until 보기 (decision 46).
  const { folded, show: showFolded, focusShown } = useFold(item?.seller.userId ?? '');
  useEffect(() => {
    if (initial && !initial.ended && live?.ended) void refetch();
  }, [initial, live?.ended, refetch]);

  if (view.isPending) return <ListLoading text={v.loading} />;
  if (!item) return <ListFailed onRetry={() => void view.refetch()} />;
  const a = item.abilities;

  const letter = () => {
    if (!user.logined) return loginPopup.open();
    composeLetter.open({ receiver: item.seller.userId, subject: v.letterSubject(item.subject) });
  };

  if (folded) {
    return (
      <FoldedPage className="market-page market-view-page" titleId="market-subject" actionsClass="market-actions" author={item.seller} onShow={showFolded} />
    );
  }

  return (
    <article ref={focusShown} className="market-page market-view-page" aria-labelledby="market-subject">
      <p className="market-where">
        <Link to={marketListPath()}>{koMarket.title}</Link> › <Link to={marketListPath(item.category)}>{item.categoryName}</Link>
      </p>
      <div className="market-view-top">
        <MarketPhotos item={item} />
        <div className="market-summary">
          <h1 id="market-subject">{item.subject}</h1>
          <p className="market-price-line">
            {item.kind === 'wanted' && <span className="market-status status-wanted">{koMarket.wanted.badge}</span>}
            <StatusBadge status={live?.status ?? item.status} />
            <span className="market-price" data-testid="market-price">
              {item.kind === 'wanted' ? koMarket.wanted.range(item.priceMin, item.price) : formatWon(live?.currentPrice ?? item.price)}
            </span>
          </p>
          {item.soldPrice !== null && (
            <p className="market-sold">
              {v.soldPrice} {formatWon(item.soldPrice)}
              {item.soldAt && ` · ${v.soldAt} ${formatDate(item.soldAt)}`}
            </p>
          )}
          {item.cancelReason && <p className="market-cancelled">{v.cancelReasonShown(item.cancelReason)}</p>}
          {item.hidden && (
            <p className="market-cancelled" role="note" data-testid="market-hidden">
              <i className="pi pi-eye-slash" aria-hidden="true" /> {v.hiddenNote}
            </p>
          )}
          <dl className="market-facts">
            <div>
              <dt>{v.condition}</dt>
              <dd>
                <strong>{CONDITION_LABEL[item.condition].label}</strong>
                {/* The write form's guidance, for the seller who chose the grade; buyers see the grade. */}
                {a.isSeller && <span className="fact-help"> {CONDITION_LABEL[item.condition].help}</span>}
              </dd>
            </div>
            <div>
              <dt>{v.tradeMethod}</dt>
              <dd>{TRADE_METHOD_LABEL[item.tradeMethod]}</dd>
            </div>
            <div>
              <dt>{v.region}</dt>
              <dd>{REGION_LABEL[item.region] ?? item.region}</dd>
            </div>
            <div>
              <dt>{v.seller}</dt>
              <dd className="market-seller">
                <AuthorLink author={item.seller} />
                {item.sellerReal && (
                  <span className="trust-chip">
                    <TrustBadge /> {v.trust}
                  </span>
                )}
              </dd>
            </div>
            {item.product && (
              <div>
                <dt>{v.product}</dt>
                <dd>
                  <Link to={productViewPath(item.product.key)}>{item.product.name}</Link>
                  {item.productGuessed && <span className="fact-help"> ({v.productGuessed})</span>}
                </dd>
              </div>
            )}
            <div>
              <dt>{v.createdAt}</dt>
              <dd>
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time> · {v.views} {formatNumber(item.views)}
              </dd>
            </div>
          </dl>
          <div className="market-contact">
            {!a.isSeller && item.seller.userId && <LiteButton icon="pi pi-envelope" label={v.letter} onClick={letter} aria-haspopup="dialog" />}
            {item.seller.userId && (
              <Link to={spacePath(item.seller.userId)} className="p-button p-component p-button-outlined">
                <span className="p-button-icon p-button-icon-left pi pi-user" aria-hidden="true" />
                <span className="p-button-label">{v.space}</span>
              </Link>
            )}
            <IgnoreButton userId={item.seller.userId} nickName={item.seller.nickName} />
          </div>
          {item.product && (
            <section className="recent-prices" aria-labelledby="recent-prices-title">
              <h2 id="recent-prices-title">{v.recentPrices}</h2>
              {item.recentPrices.length === 0 ? (
                <p className="fact-help">{v.recentEmpty}</p>
              ) : (
                <ul>
                  {item.recentPrices.map((p) => (
                    <li key={`${p.key}-${p.at}`}>
                      <Link to={marketViewPath(p.key)}>{formatWon(p.price)}</Link> <span className="fact-help">{formatDate(p.at)}</span>
                    </li>
                  ))}
                </ul>
              )}
              <Link to={priceTracePath(item.product.key)} className="trace-link">
                <i className="pi pi-chart-line" aria-hidden="true" /> {v.trace}
              </Link>
            </section>
          )}
        </div>
      </div>

      {item.auctionState && <AuctionPanel key={item.key} itemKey={item.key} initial={item.auctionState} canBid={a.canBid} isSeller={a.isSeller} />}

      <SellerControls item={item} />

      <section className="market-content" aria-labelledby="market-content-title">
        <h2 id="market-content-title">{v.content}</h2>
        <ContentHtml html={item.contentHtml} className="content-body" />
      </section>

      <div className="market-reactions">
        {a.canScrap && (
          <LiteButton
            icon={item.scrapped ? 'pi pi-bookmark-fill' : 'pi pi-bookmark'}
            label={item.scrapped ? v.scrapped : v.scrap}
            outlined={!item.scrapped}
            aria-pressed={item.scrapped}
            loading={scrap.isPending}
            onClick={() => scrap.mutate({ key: item.key, on: !item.scrapped }, { onSuccess: (_d, { on }) => toast.success(on ? v.scrapDone : v.scrapRemoved) })}
          />
        )}
        {a.canReport && <ReportButton kind="market" targetKey={item.key} />}
        <Link to={marketListPath(item.category)} className="p-button p-component p-button-text push-right">
          <span className="p-button-icon p-button-icon-left pi pi-list" aria-hidden="true" />
          <span className="p-button-label">{v.list}</span>
        </Link>
      </div>

      <Comments boardId="market" postKey={item.key} canComment={a.canComment} count={item.commentCount} onChanged={refreshAfterComment} />
    </article>
  );
}
