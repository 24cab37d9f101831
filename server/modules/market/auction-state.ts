// The auction as everyone sees it (common/api/market.ts AuctionState): shared by the item view,
// the bid answer and the bid list, so all three say the same thing at the same moment.
import { eq } from 'drizzle-orm';
import type { AuctionState, MarketStatus } from '../../../common/api/market.js';
import type { Db } from '../../db/client.js';
import { marketItems, users } from '../../db/schema/index.js';
import { type Author, presentAuthor } from '../posts/present.js';
import { activityRanks } from '../../lib/activity-rank.js';

/** The market_items columns an auction's state is made from, plus two things read beside it. */
export interface AuctionRow {
  /** The start price. */
  price: number;
  bidStep: number | null;
  buyNowPrice: number | null;
  endsAt: Date | null;
  currentPrice: number | null;
  bidCount: number;
  leaderNo: number | null;
  endedAt: Date | null;
  status: MarketStatus;
  /** How many bids in the last 5 minutes moved the end 5 minutes later. */
  extensions: number;
  /** The highest bidder as shown to everyone (null before the first bid or when unknown). */
  leader?: Author | null;
}

/** Whether the auction is over at `now` (decided, or past its end and not yet settled). */
export const auctionOver = (row: Pick<AuctionRow, 'endsAt' | 'endedAt'>, now: Date) =>
  row.endedAt !== null || (row.endsAt !== null && row.endsAt.getTime() <= now.getTime());

/** The least a new bid may be: the start price, or the current price plus the step. */
export const minBidOf = (row: Pick<AuctionRow, 'price' | 'bidStep' | 'currentPrice'>) =>
  row.currentPrice === null ? row.price : row.currentPrice + (row.bidStep ?? 0);

export function auctionState(row: AuctionRow, viewerNo: number | null | undefined, now: Date): AuctionState {
  const endsAt = row.endedAt ?? row.endsAt ?? now;
  return {
    startPrice: row.price,
    bidStep: row.bidStep ?? 0,
    buyNowPrice: row.buyNowPrice,
    currentPrice: row.currentPrice,
    minBid: minBidOf(row),
    bidCount: row.bidCount,
    endsAt: endsAt.toISOString(),
    extended: row.extensions > 0,
    ended: auctionOver(row, now),
    leader: row.leaderNo === null ? null : (row.leader ?? null),
    leading: viewerNo != null && row.leaderNo === viewerNo,
    status: row.status,
    now: now.toISOString(),
  };
}

/**
 * The auction row of an item with its leader and latest bid time (null: no such auction item).
 * Pass a transaction holding the row lock to read what the bid just wrote (and the database
 * itself as rankDb, whose per-node rank cache then serves the leader's stars).
 */
export async function loadAuctionRow(db: Db, key: number): Promise<(AuctionRow & { sellerNo: number; deletedAt: Date | null }) | null> {
  const [row] = await db
    .select({
      price: marketItems.price,
      bidStep: marketItems.bidStep,
      buyNowPrice: marketItems.buyNowPrice,
      endsAt: marketItems.endsAt,
      currentPrice: marketItems.currentPrice,
      bidCount: marketItems.bidCount,
      leaderNo: marketItems.leaderNo,
      endedAt: marketItems.endedAt,
      status: marketItems.status,
      sellerNo: marketItems.sellerNo,
      deletedAt: marketItems.deletedAt,
      auction: marketItems.auction,
      extensions: marketItems.extensions,
      leaderUserId: users.userId,
      leaderNick: users.nickName,
      leaderStatus: users.status,
      leaderPoints: users.points,
    })
    .from(marketItems)
    .leftJoin(users, eq(users.no, marketItems.leaderNo))
    .where(eq(marketItems.postKey, key));
  if (!row || !row.auction) return null;
  let leader: Author | null = null;
  if (row.leaderNo !== null) {
    const ranks = row.leaderStatus === 'active' && row.leaderPoints !== null ? await activityRanks(db, [{ no: row.leaderNo, points: row.leaderPoints }]) : new Map<number, number>();
    leader = presentAuthor({ userNo: row.leaderNo, userId: row.leaderUserId, nickName: row.leaderNick ?? '', status: row.leaderStatus }, ranks);
  }
  return { ...row, leader };
}

