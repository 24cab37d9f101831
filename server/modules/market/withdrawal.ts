// A member's trades when they withdraw (decision 32), the one place this rule lives: the open
// fixed-price items they sell and their running auctions without bids are cancelled; a running
// auction they sell with bids, or one they lead, holds the withdrawal until it ends, because a
// bid is a promise to sell and to buy that leaving must not break.
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { WITHDRAWAL_MSG } from '../../../common/api/account.js';
import type { Db, Tx } from '../../db/client.js';
import { marketItems, posts, users } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { type Board, getBoard } from '../posts/board-rules.js';
import { settleLocked } from './auction-ending.js';
import { notifyScrappers } from './item-status.js';
import { marketChanged } from './item-write.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { OPEN_STATUSES } from './policy.js';

/** A running auction: not decided, still selling, its end not reached (a due one is settled instead). */
const running = (now: Date) =>
  and(sql`${marketItems.auction}`, isNull(marketItems.endedAt), eq(marketItems.status, 'selling'), isNull(marketItems.deletedAt), gt(marketItems.endsAt, now));

/** The member's items withdrawal cancels: open, not deleted, and no auction with bids or past its end. */
const closable = (userNo: number, now: Date) =>
  and(
    eq(marketItems.sellerNo, userNo),
    isNull(marketItems.deletedAt),
    inArray(marketItems.status, [...OPEN_STATUSES]),
    or(sql`not ${marketItems.auction}`, and(eq(marketItems.bidCount, 0), gt(marketItems.endsAt, now))),
  );

/** What withdrawing would do to the member's trades now: items it cancels, auctions that hold it. */
export async function tradesOfLeaving(db: Db | Tx, userNo: number, now: Date) {
  const rows = await db
    .select({ key: marketItems.postKey, subject: posts.subject, endsAt: marketItems.endsAt, sellerNo: marketItems.sellerNo })
    .from(marketItems)
    .innerJoin(posts, eq(posts.key, marketItems.postKey))
    .where(and(running(now), or(and(eq(marketItems.sellerNo, userNo), ne(marketItems.bidCount, 0)), eq(marketItems.leaderNo, userNo))))
    .orderBy(asc(marketItems.endsAt), asc(marketItems.postKey));
  const [open] = await db.select({ n: sql<number>`count(*)::int` }).from(marketItems).where(closable(userNo, now));
  const held = (seller: boolean) =>
    rows.filter((r) => (r.sellerNo === userNo) === seller).map((r) => ({ key: r.key, subject: r.subject, endsAt: r.endsAt!.toISOString() }));
  return { openItems: Number(open?.n ?? 0), auctionsWithBids: held(true), leading: held(false) };
}

/** Read before the withdrawal's transaction: on PGlite's one connection a read through db inside it would wait forever. */
export const marketBoardForLeaving = (db: Db) => getBoard(db, MARKET_BOARD);

/**
 * Inside the withdrawal's transaction: refuses while an auction holds it, else settles the
 * member's auctions past their end and cancels their open items (scrappers are told). Answers
 * the keys changed, for tradesClosed once committed.
 */
export async function closeTradesOfLeaving(tx: Tx, board: Board, userNo: number, now: Date): Promise<number[]> {
  // The member's row before anything is read: a bid of theirs that got there first (bidderStays)
  // is waited for and then seen, one that comes later waits and finds the member gone.
  await tx.select({ no: users.no }).from(users).where(eq(users.no, userNo)).for('update');
  // The member's open items locked first: a bid waits, so "no bids" stays true until the commit.
  const own = await tx
    .select()
    .from(marketItems)
    .where(and(eq(marketItems.sellerNo, userNo), isNull(marketItems.deletedAt), inArray(marketItems.status, [...OPEN_STATUSES])))
    .orderBy(asc(marketItems.postKey))
    .for('update');
  const held = await tradesOfLeaving(tx, userNo, now);
  if (held.auctionsWithBids.length > 0 || held.leading.length > 0) {
    throw badRequest(WITHDRAWAL_MSG.held(held.auctionsWithBids.length, held.leading.length), 'trades_running');
  }
  const changed: number[] = [];
  for (const item of own) {
    // Past its end: decided as the job would (sold to the leader, or unsold), not cancelled.
    if (!(await settleLocked(board, tx, item, now))) {
      await tx
        .update(marketItems)
        .set({ status: 'cancelled', cancelReason: WITHDRAWAL_MSG.cancelReason, endedAt: item.auction ? now : item.endedAt })
        .where(eq(marketItems.postKey, item.postKey));
      await notifyScrappers(tx, board, item.postKey, 'cancelled', userNo);
    }
    changed.push(item.postKey);
  }
  return changed;
}

/**
 * In a bid's transaction, before it is written: false once the bidder has withdrawn. The share
 * lock makes a withdrawal in progress finish first, or wait for this bid and then count it.
 */
export async function bidderStays(tx: Tx, userNo: number): Promise<boolean> {
  const [row] = await tx.select({ status: users.status }).from(users).where(eq(users.no, userNo)).for('share');
  return row !== undefined && row.status !== 'withdrawn';
}

/** After the withdrawal committed: the changed items' cached answers go on every node. */
export function tradesClosed(db: Db, keys: number[]) {
  for (const key of keys) marketChanged(db, key);
}
