// Bids (docs/product/market.md#bids): each is decided in one transaction with the item row locked,
// so simultaneous bids are taken one after another against the latest price: the history only
// goes up, and there is exactly one leader (and one winner).
import { desc, eq, sql } from 'drizzle-orm';
import { type AuctionState, SNIPING_WINDOW_MS } from '../../../common/api/market.js';
import type { z } from 'zod';
import type { Bid } from '../../../common/api/market.js';
import type { Db } from '../../db/client.js';
import { marketBids, marketItems, users } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, type HttpError, notFound, unauthorized } from '../../lib/errors.js';
import { now as clockNow } from '../../lib/clock.js';
import { isOwner } from '../../lib/roles.js';
import type { Member } from '../../lib/session.js';
import { presentAuthor, ranksFor } from '../posts/present.js';
import { getBoard } from '../posts/board-rules.js';
import { alarmEnded, alarmOutbid, auctionChanged } from './auction-alarms.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { requireInReach } from '../posts/policy.js';
import { itemHidden } from './item-status.js';
import { settleIfDue, lockItem, settleLocked } from './auction-ending.js';
import { auctionState, loadAuctionRow, minBidOf } from './auction-state.js';
import { bidderStays } from './withdrawal.js';

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

export const BID_MSG = {
  noItem: '매물을 찾을 수 없습니다.',
  deleted: '삭제된 매물입니다.',
  notAuction: '경매 매물이 아닙니다.',
  own: '내 매물에는 입찰할 수 없습니다.',
  ended: '경매가 끝났습니다.',
  cancelled: '취소된 경매입니다.',
  notSelling: '지금은 입찰할 수 없는 매물입니다.',
  leading: '이미 최고 입찰자입니다. 다른 회원이 더 높게 입찰하면 다시 입찰할 수 있습니다.',
  noBuyNow: '즉시 구매가가 없는 경매입니다.',
  buyNowAmount: (price: number) => `즉시 구매가는 ${won(price)}입니다.`,
  tooLow: (min: number, current: number | null) =>
    current === null ? `입찰가는 시작가 ${won(min)} 이상이어야 합니다.` : `입찰가는 ${won(min)} 이상이어야 합니다. (현재가 ${won(current)})`,
} as const;

export interface BidRequest {
  key: number;
  amount: number;
  buyNow?: boolean | undefined;
}

/**
 * Places a bid for the member (at the clock's time once the item is locked) and answers the auction's new state. A bid at or above
 * the buy-now price buys at the buy-now price and ends the auction; a bid within the last 5
 * minutes moves the end to 5 minutes after it. Refusals change nothing, except that an auction
 * found past its end is ended first (and the bid refused).
 */
export async function placeBid(db: Db, member: Member, input: BidRequest, clock: () => Date = clockNow): Promise<AuctionState> {
  // Everything the transaction needs from outside it is read first: on PGlite's one connection a
  // read through the database handle inside the transaction would wait for it forever.
  const board = await getBoard(db, MARKET_BOARD);
  const outcome = await db.transaction(async (tx): Promise<{ at: Date } | { refused: HttpError }> => {
    const item = await lockItem(tx, input.key);
    // The time of the bid is when it is decided, with the row held: bids that waited for the lock
    // come later than the one before them, and the end only moves forward.
    const now = clock();
    if (!item) throw notFound(BID_MSG.noItem);
    if (item.deletedAt !== null) throw notFound(BID_MSG.deleted);
    if (!item.auction) throw badRequest(BID_MSG.notAuction);
    requireInReach({ hidden: await itemHidden(tx, item.postKey) }, 'bid');
    if (isOwner({ member }, item.sellerNo)) throw forbidden(BID_MSG.own);
    if (item.status === 'cancelled') throw conflict(BID_MSG.cancelled);
    // Past its end but not yet ended by the job: end it now (committed), then refuse.
    if (await settleLocked(board, tx, item, now)) return { refused: conflict(BID_MSG.ended) };
    if (item.endedAt !== null || item.status === 'sold' || item.status === 'unsold') throw conflict(BID_MSG.ended);
    if (item.status !== 'selling') throw conflict(BID_MSG.notSelling);

    const buyNowPrice = item.buyNowPrice;
    if (input.buyNow && buyNowPrice === null) throw badRequest(BID_MSG.noBuyNow);
    if (input.buyNow && input.amount !== buyNowPrice) throw badRequest(BID_MSG.buyNowAmount(buyNowPrice!));
    const buyNow = buyNowPrice !== null && input.amount >= buyNowPrice;
    // Nobody pays more than the buy-now price.
    const amount = buyNow ? buyNowPrice : input.amount;
    const minBid = minBidOf(item);
    if (!buyNow && amount < minBid) throw badRequest(BID_MSG.tooLow(minBid, item.currentPrice));
    if (!buyNow && item.leaderNo === member.no) throw conflict(BID_MSG.leading);
    // A bid outliving its bidder's withdrawal (decision 32) would promise a purchase nobody can make.
    if (!(await bidderStays(tx, member.no))) throw unauthorized();

    const previousLeader = item.leaderNo;
    // Anti-sniping (docs/product/market.md#bids): a bid in the last 5 minutes moves the end 5 minutes later.
    const extend = !buyNow && item.endsAt!.getTime() - now.getTime() < SNIPING_WINDOW_MS;
    const endsAt = extend ? new Date(item.endsAt!.getTime() + SNIPING_WINDOW_MS) : item.endsAt;
    await tx.insert(marketBids).values({ postKey: item.postKey, bidderNo: member.no, amount, buyNow, createdAt: now });
    await tx
      .update(marketItems)
      .set({
        currentPrice: amount,
        bidCount: sql`${marketItems.bidCount} + 1`,
        leaderNo: member.no,
        endsAt,
        ...(extend ? { extensions: sql`${marketItems.extensions} + 1` } : {}),
        ...(buyNow ? { endedAt: now, status: 'sold' as const, soldPrice: amount, soldAt: now, buyerNo: member.no } : {}),
      })
      .where(eq(marketItems.postKey, item.postKey));
    if (buyNow) {
      await alarmEnded(board, tx, { key: item.postKey, sellerNo: item.sellerNo, winnerNo: member.no, price: amount, buyNow: true });
    } else if (previousLeader !== null && previousLeader !== member.no) {
      await alarmOutbid(board, tx, item.postKey, previousLeader, amount);
    }
    return { at: now };
  });
  auctionChanged(db, input.key);
  if ('refused' in outcome) throw outcome.refused;
  // The state once committed (the leader's star counted through the database handle, not the transaction).
  const row = await loadAuctionRow(db, input.key);
  return auctionState(row!, member.no, outcome.at);
}

/** The newest bids shown on the item page (the count of all is in the state). */
export const BID_LIST_MAX = 100;

/**
 * A short version of what the bid list answers for this viewer (the ETag): it changes with every
 * bid, extension and ending, and with the viewer (`mine`, `leading`). `due`: past its end and not
 * yet ended (end it, then ask again). Null: no such auction item. One primary-key read, so an
 * unchanged poll costs little.
 */
export async function auctionVersion(db: Db, key: number, viewerNo: number | null, now: Date): Promise<{ etag: string; due: boolean } | null> {
  const [row] = await db
    .select({
      auction: marketItems.auction,
      bidCount: marketItems.bidCount,
      endsAt: marketItems.endsAt,
      endedAt: marketItems.endedAt,
      status: marketItems.status,
      deletedAt: marketItems.deletedAt,
    })
    .from(marketItems)
    .where(eq(marketItems.postKey, key));
  if (!row || !row.auction || row.deletedAt !== null) return null;
  return {
    etag: `W/"bids-${key}-${row.bidCount}-${row.endsAt?.getTime() ?? 0}-${row.endedAt?.getTime() ?? 0}-${row.status}-${viewerNo ?? 0}"`,
    due: row.endedAt === null && row.endsAt !== null && row.endsAt.getTime() <= now.getTime(),
  };
}

/** The auction's newest bids and its state as the viewer sees it at `now` (ended first if due). */
export async function listBids(db: Db, key: number, viewerNo: number | null, now: Date): Promise<{ items: z.infer<typeof Bid>[]; auction: AuctionState }> {
  await settleIfDue(db, key, now);
  const row = await loadAuctionRow(db, key);
  if (!row) throw notFound(BID_MSG.noItem);
  if (row.deletedAt !== null) throw notFound(BID_MSG.deleted);
  const bids = await db
    .select({
      amount: marketBids.amount,
      buyNow: marketBids.buyNow,
      createdAt: marketBids.createdAt,
      userNo: marketBids.bidderNo,
      userId: users.userId,
      nickName: users.nickName,
      status: users.status,
      points: users.points,
    })
    .from(marketBids)
    .innerJoin(users, eq(users.no, marketBids.bidderNo))
    .where(eq(marketBids.postKey, key))
    .orderBy(desc(marketBids.amount))
    .limit(BID_LIST_MAX);
  const ranks = await ranksFor(db, bids);
  return {
    items: bids.map((b) => ({
      amount: b.amount,
      bidder: presentAuthor({ ...b, nickName: b.nickName ?? '' }, ranks),
      at: b.createdAt.toISOString(),
      buyNow: b.buyNow,
      mine: viewerNo !== null && b.userNo === viewerNo,
    })),
    auction: auctionState(row, viewerNo, now),
  };
}
