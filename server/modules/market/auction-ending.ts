// Ending auctions at their end time, even when nobody looks (docs/decisions/0026-auction-live-updates.md): every
// app node runs a light timer that ends due auctions with their rows locked FOR UPDATE SKIP
// LOCKED, so however many nodes run it each auction ends exactly once; and the same ending runs
// whenever an item is read or bid on (settleIfDue), so nobody sees an auction running past its end.
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { marketItems } from '../../db/schema/index.js';
import { now as clockNow } from '../../lib/clock.js';
import type { App } from '../../lib/context.js';
import { isDatabaseUnavailable } from '../../lib/errors.js';
import { registerJobQueue } from '../../lib/metrics.js';
import { type Board, getBoard } from '../posts/board-rules.js';
import { alarmEnded, auctionChanged } from './auction-alarms.js';
import { cancelHiddenAuction } from './hidden.js';
import { itemHidden } from './item-status.js';
import { MARKET_BOARD } from '../posts/kinds.js';

export type ItemRow = typeof marketItems.$inferSelect;

/** The item row, locked for this transaction (waiting for a bid in progress). */
export async function lockItem(tx: Tx, key: number): Promise<ItemRow | undefined> {
  const [row] = await tx.select().from(marketItems).where(eq(marketItems.postKey, key)).for('update');
  return row;
}

const isDue = (item: Pick<ItemRow, 'auction' | 'endedAt' | 'endsAt'>, now: Date) =>
  item.auction && item.endedAt === null && item.endsAt !== null && item.endsAt.getTime() <= now.getTime();

/**
 * Ends a due auction whose row this transaction holds locked; false when it is not due (already
 * ended, or its end not reached). It ended at its end time: sold to the highest bidder at the
 * current price, or unsold without bids. An item no longer selling (deleted, cancelled) only
 * records that its auction is over.
 */
export async function settleLocked(board: Board, tx: Tx, item: ItemRow, now: Date): Promise<boolean> {
  if (!isDue(item, now)) return false;
  const endedAt = item.endsAt!;
  const where = eq(marketItems.postKey, item.postKey);
  if (item.deletedAt !== null || item.status !== 'selling') {
    await tx.update(marketItems).set({ endedAt }).where(where);
    return true;
  }
  // Hidden after a report (hiding cancels a running auction; this one was hidden before it did):
  // out of trade, so never sold and nobody told they won: cancelled, the bidders told why.
  if (await itemHidden(tx, item.postKey)) return cancelHiddenAuction(board, tx, item, endedAt);
  if (item.leaderNo !== null && item.currentPrice !== null) {
    await tx
      .update(marketItems)
      .set({ endedAt, status: 'sold', soldPrice: item.currentPrice, soldAt: endedAt, buyerNo: item.leaderNo })
      .where(where);
    await alarmEnded(board, tx, { key: item.postKey, sellerNo: item.sellerNo, winnerNo: item.leaderNo, price: item.currentPrice, buyNow: false });
  } else {
    await tx.update(marketItems).set({ endedAt, status: 'unsold' }).where(where);
    await alarmEnded(board, tx, { key: item.postKey, sellerNo: item.sellerNo, winnerNo: null, price: null, buyNow: false });
  }
  return true;
}

/**
 * Ends the item's auction if its end has passed and nobody ended it yet (a plain read first, so
 * the common case takes no lock). True when this call ended it.
 */
export async function settleIfDue(db: Db, key: number, now: Date = clockNow()): Promise<boolean> {
  const [row] = await db
    .select({ auction: marketItems.auction, endedAt: marketItems.endedAt, endsAt: marketItems.endsAt })
    .from(marketItems)
    .where(eq(marketItems.postKey, key));
  if (!row || !isDue(row, now)) return false;
  // Read before the transaction (PGlite has one connection).
  const board = await getBoard(db, MARKET_BOARD);
  const ended = await db.transaction(async (tx) => {
    const item = await lockItem(tx, key);
    return item ? settleLocked(board, tx, item, now) : false;
  });
  if (ended) auctionChanged(db, key);
  return ended;
}

/**
 * One pass of the job: ends every due auction, a batch per transaction. Rows another node (or a
 * bid) holds are skipped, not waited for: whoever holds them ends them, and a row ended meanwhile
 * no longer matches once its lock is taken. Returns the keys this pass ended.
 */
export async function settleDue(db: Db, now: Date = clockNow(), batch = 20): Promise<number[]> {
  const all: number[] = [];
  // Mostly nothing is due: one read on the open-auctions index, no transaction.
  const due = and(sql`${marketItems.auction}`, isNull(marketItems.endedAt), lte(marketItems.endsAt, now));
  const [any] = await db.select({ key: marketItems.postKey }).from(marketItems).where(due).limit(1);
  if (!any) return all;
  const board = await getBoard(db, MARKET_BOARD);
  for (;;) {
    const { seen, ended } = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(marketItems)
        .where(due)
        .orderBy(asc(marketItems.endsAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      const done: number[] = [];
      for (const row of rows) if (await settleLocked(board, tx, row, now)) done.push(row.postKey);
      return { seen: rows.length, ended: done };
    });
    for (const key of ended) auctionChanged(db, key);
    all.push(...ended);
    if (seen < batch) return all;
  }
}

/** Auctions past their end not ended yet (the job's queue, shown in the metrics). */
export async function countDueAuctions(db: Db, now: Date = clockNow()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(marketItems)
    .where(and(sql`${marketItems.auction}`, isNull(marketItems.endedAt), lte(marketItems.endsAt, now)));
  return Number(row?.n ?? 0);
}

/** How often each node looks for due auctions (tests make it short). */
export const auctionJob = { everyMs: 5_000 };

/**
 * Starts the ending job on this node: a pass at once and then every auctionJob.everyMs, one pass
 * at a time. The timer never keeps the process alive; stop() waits for a running pass.
 */
export function startAuctionJob(app: App): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      await settleDue(app.ctx.db);
    } catch (err) {
      if (!stopped) app.log[isDatabaseUnavailable(err) ? 'warn' : 'error']({ err }, 'ending due auctions failed');
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(() => {
        running = null;
        schedule(auctionJob.everyMs);
      });
    }, ms);
    timer.unref();
  };
  schedule(0);
  const unregister = registerJobQueue('auction_ending', () => countDueAuctions(app.ctx.db));
  return {
    async stop() {
      stopped = true;
      unregister();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
