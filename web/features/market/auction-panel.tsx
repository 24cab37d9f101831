// The auction block of an item page: current price, bids, leader, minimum bid, a countdown that
// ticks every second from the server's clock (not the phone's), the anti-sniping note and mark,
// the bid form with +step buttons, buy-now, and the bid history. The state is asked again every
// few seconds while the tab is visible (decision 26), or comes over the tab's live stream while it
// is connected (decision 35), so other members' bids show without reloading; a toast says when
// someone outbid you.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AuctionState } from '../../../common/api/market';
import { formatDateTime } from '../../../common/format';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { confirm } from '../../ui/confirm';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { useBidMarket } from './api/market-bid';
import { useMarketBids } from './api/market-bids';
import { useLiveAuction, useLiveConnected } from '../../shared/live-store';
import { formatWon, serverOffset, timeLeft } from './format';
import { PriceInput } from '../../ui/price-input';
import { useNow } from './use-now';
import { koMarket } from './texts';

const t = koMarket.auction;

export interface AuctionPanelProps {
  itemKey: number;
  initial: AuctionState;
  canBid: boolean;
  /** The caller is the seller: the panel says why there is no bid form. */
  isSeller: boolean;
}

/** "11-28 07:35:57": the date and the time each kept on one line, so a narrow column wraps
 * between them and nowhere else. */
function BidTime({ at }: { at: string }) {
  const [day, time] = formatDateTime(at).slice(5).split(' ');
  return (
    <time dateTime={at}>
      <span>{day}</span> <span>{time}</span>
    </time>
  );
}

export function AuctionPanel({ itemKey, initial, canBid, isSeller }: AuctionPanelProps) {
  const user = useSessionUser();
  // The stream brings every change while it is connected: the poll waits meanwhile.
  const live = useLiveConnected();
  useLiveAuction(itemKey, !initial.ended);
  const bids = useMarketBids(itemKey, !initial.ended && !live);
  const fresh = bids.data?.auction;
  // The newer of the two answers (the view's or the last poll's).
  const state = fresh && Date.parse(fresh.now) >= Date.parse(initial.now) ? fresh : initial;
  const offset = serverOffset(state.now);
  const now = useNow(1000, offset);
  const endsAt = Date.parse(state.endsAt);
  const left = endsAt - now;
  const over = state.ended || left <= 0;
  const open = !over && state.status === 'selling';

  // At the end the server decides (it may have been extended): ask once more.
  const { refetch } = bids;
  useEffect(() => {
    if (!state.ended && left <= 0) void refetch();
  }, [state.ended, left <= 0, refetch]); // eslint-disable-line react-hooks/exhaustive-deps

  // Outbid: you led, and now someone else does.
  const wasLeading = useRef(state.leading);
  useEffect(() => {
    if (wasLeading.current && !state.leading && state.currentPrice !== null) toast.info(t.outbid(state.currentPrice));
    wasLeading.current = state.leading;
  }, [state.leading, state.currentPrice]);

  const bid = useBidMarket();
  const [amount, setAmount] = useState<number | null>(state.minBid);
  // A new minimum (someone bid) moves a prefilled amount that is now too low.
  const [minSeen, setMinSeen] = useState(state.minBid);
  if (minSeen !== state.minBid) {
    setMinSeen(state.minBid);
    if (amount === null || amount < state.minBid) setAmount(state.minBid);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!user.logined) return loginPopup.open();
    if (amount === null || amount < state.minBid) {
      toast.info(t.tooLow(state.minBid));
      document.getElementById('bid-amount')?.focus();
      return;
    }
    confirm({
      message: t.confirmBid(amount),
      icon: 'pi pi-megaphone',
      accept: () => bid.mutate({ key: itemKey, amount }, { onSuccess: () => toast.success(t.bidDone(amount)) }),
    });
  };

  const buyNow = () => {
    if (state.buyNowPrice === null) return;
    const price = state.buyNowPrice;
    confirm({
      message: t.confirmBuyNow(price),
      icon: 'pi pi-shopping-cart',
      accept: () => bid.mutate({ key: itemKey, amount: price, buyNow: true }, { onSuccess: () => toast.success(t.boughtNow) }),
    });
  };

  const history = bids.data?.items ?? [];
  const steps = [1, 5, 10].map((n) => n * state.bidStep);

  return (
    <section className="auction-panel" aria-labelledby="auction-title">
      <h2 id="auction-title">
        <i className="pi pi-megaphone" aria-hidden="true" /> {t.title}
      </h2>
      <dl className="auction-facts">
        <div className="auction-price">
          <dt>{state.currentPrice === null ? t.startPrice : t.currentPrice}</dt>
          <dd aria-live="polite" data-testid="auction-price">
            {formatWon(state.currentPrice ?? state.startPrice)}
          </dd>
        </div>
        <div>
          <dt>{t.left}</dt>
          <dd className="auction-countdown">
            <span data-testid="auction-countdown">{over ? t.ended : timeLeft(left)}</span>
            {state.extended && (
              <span className="extended-mark" title={t.extendedTitle}>
                {t.extended}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t.bidCount}</dt>
          <dd data-testid="auction-bids">{state.bidCount.toLocaleString('ko-KR')}</dd>
        </div>
        <div className="auction-leader">
          <dt>{t.leader}</dt>
          <dd>{state.leader ? state.leader.nickName : '—'}</dd>
        </div>
        {!over && (
          <div>
            <dt>{t.minBid}</dt>
            <dd>{formatWon(state.minBid)}</dd>
          </div>
        )}
        {state.buyNowPrice !== null && (
          <div>
            <dt>{t.buyNowPrice}</dt>
            <dd>{formatWon(state.buyNowPrice)}</dd>
          </div>
        )}
        <div>
          <dt>{t.endsAt}</dt>
          <dd>
            <time dateTime={state.endsAt}>{formatDateTime(state.endsAt)}</time>
          </dd>
        </div>
      </dl>
      <p className="auction-note">
        <i className="pi pi-info-circle" aria-hidden="true" /> {t.snipingNote}. {open && t.live}
      </p>
      {state.leading && !over && <p className="auction-leading">{t.leading}</p>}

      {open && canBid && (
        <form className="bid-form" onSubmit={submit} noValidate>
          <label htmlFor="bid-amount">{t.amount}</label>
          <div className="bid-row">
            <PriceInput id="bid-amount" value={amount} onValue={setAmount} aria-describedby="bid-amount-hint" />
            <LiteButton type="submit" icon="pi pi-check" label={t.bid} loading={bid.isPending} />
          </div>
          <small id="bid-amount-hint" className="field-hint">
            {t.tooLow(state.minBid)}
          </small>
          <div className="bid-steps">
            {steps.map((s) => (
              <LiteButton key={s} small outlined label={t.step(s)} aria-label={t.stepLabel(s)} onClick={() => setAmount(Math.max(amount ?? 0, state.currentPrice ?? state.startPrice) + s)} />
            ))}
          </div>
          {state.buyNowPrice !== null && (
            <LiteButton className="buy-now" outlined icon="pi pi-shopping-cart" label={`${t.buyNow} ${formatWon(state.buyNowPrice)}`} onClick={buyNow} disabled={bid.isPending} />
          )}
        </form>
      )}
      {open && !canBid && (isSeller ? <p className="auction-note">{t.sellerNote}</p> : !user.logined && (
        <p className="auction-note">
          <button type="button" className="link-button" onClick={() => loginPopup.open()}>
            {t.loginNote}
          </button>
        </p>
      ))}

      <h3 className="bid-history-title">{t.history}</h3>
      {history.length === 0 ? (
        <p className="bid-history-empty">{t.historyEmpty}</p>
      ) : (
        <table className="bid-history">
          <caption className="visually-hidden">{t.history}</caption>
          <thead>
            <tr>
              <th scope="col">{t.colAmount}</th>
              <th scope="col">{t.colBidder}</th>
              <th scope="col">{t.colAt}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((b, i) => (
              <tr key={`${b.at}-${i}`} className={b.mine ? 'is-mine' : undefined}>
                <td className="num">
                  <span className="bid-amount">{formatWon(b.amount)}</span>
                  {b.buyNow && <span className="bid-tag">{t.buyNowMark}</span>}
                  {b.mine && <span className="bid-tag">{t.mine}</span>}
                </td>
                <td className="bid-who" title={b.bidder.nickName}>
                  {b.bidder.nickName}
                </td>
                <td className="bid-at">
                  <BidTime at={b.at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
