// Small factories for auction tests: an auction item through the real save call, ending at a
// time relative to the (test-controlled) server clock, and the rows tests look at afterwards.
import { and, asc, eq } from 'drizzle-orm';
import { alarms, marketBids, marketItems } from '../db/schema/index.js';
import { now } from '../lib/clock.js';
import { post, type TestApp } from './harness.js';
import { createItem, type TestMember } from './market.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export interface AuctionTerms {
  startPrice?: number;
  bidStep?: number;
  buyNowPrice?: number | null;
  /** From the server clock's now; at least an hour (the save call's rule). */
  endsInMs?: number;
}

/** An auction item of the seller; returns its key and its end time. */
export async function createAuction(t: TestApp, seller: TestMember, terms: AuctionTerms = {}) {
  const startPrice = terms.startPrice ?? 100_000;
  const endsAt = new Date(now().getTime() + (terms.endsInMs ?? 2 * HOUR));
  const key = await createItem(t, seller, {
    subject: '경매: 니콘 Z6III 바디',
    price: startPrice,
    auction: { startPrice, bidStep: terms.bidStep ?? 5_000, buyNowPrice: terms.buyNowPrice ?? null, endsAt: endsAt.toISOString() },
  });
  return { key, endsAt };
}

export const bid = (t: TestApp, key: number, amount: number, cookie?: string, buyNow?: boolean) =>
  post(t, '/api/market/bid', { key, amount, ...(buyNow === undefined ? {} : { buyNow }) }, cookie);

export const itemRow = async (t: TestApp, key: number) => (await t.database.db.select().from(marketItems).where(eq(marketItems.postKey, key)))[0]!;

/** Every bid of the item in the order they were taken. */
export const bidRows = (t: TestApp, key: number) => t.database.db.select().from(marketBids).where(eq(marketBids.postKey, key)).orderBy(asc(marketBids.id));

/** The alarms a member has about the item, oldest first. */
export const alarmsAbout = (t: TestApp, userNo: number, key: number) =>
  t.database.db
    .select({ kind: alarms.kind, content: alarms.content, boardId: alarms.boardId, subject: alarms.subject })
    .from(alarms)
    .where(and(eq(alarms.userNo, userNo), eq(alarms.articleKey, key)))
    .orderBy(asc(alarms.key));
