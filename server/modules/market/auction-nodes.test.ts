// Two app nodes on one PostgreSQL database: both run the ending job, and every auction still ends
// exactly once (one sale, one alarm each); a bid on one node shows on the other's next poll.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { alarms } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { bid, createAuction, HOUR, itemRow } from '../../test/auction.js';
import { member } from '../../test/boards.js';
import { advanceClock, resetClock, setClock } from '../../test/clock.js';
import { nodesOnCopy, post, type TestApp } from '../../test/harness.js';
import { seller, type TestMember } from '../../test/market.js';
import { auctionJob, settleDue } from './auction-ending.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, withinMs: number) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await sleep(25);
  }
}

describe.runIf(inject('engine') === 'postgres')('auctions on two nodes', () => {
  let site: Awaited<ReturnType<typeof nodesOnCopy>>;
  let a: TestApp;
  let b: TestApp;
  let s: TestMember;
  let bidders: TestMember[];
  const everyMs = auctionJob.everyMs;

  beforeAll(async () => {
    // Both nodes look every 20 ms, so they race for the same due auctions.
    auctionJob.everyMs = 20;
    setClock(new Date());
    site = await nodesOnCopy({ RATE_LIMIT: 'false' });
    a = await site.node();
    b = await site.node();
    s = await seller(a);
    bidders = [await member(a), await member(a), await member(a)];
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    auctionJob.everyMs = everyMs;
    resetClock();
  });

  it('a bid on one node shows on the other node at once', async () => {
    const { key } = await createAuction(a, s, { startPrice: 100_000 });
    const before = await post(b, '/api/market/bids', { key }, bidders[1]!.cookie);
    expect(before.json().auction.bidCount).toBe(0);
    expect((await bid(a, key, 100_000, bidders[0]!.cookie)).statusCode).toBe(200);
    const after = await post(b, '/api/market/bids', { key }, bidders[1]!.cookie, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().auction).toMatchObject({ bidCount: 1, currentPrice: 100_000 });
  });

  it('ends every due auction exactly once while both nodes run the job', async () => {
    const keys: number[] = [];
    for (let i = 0; i < 8; i++) {
      const { key } = await createAuction(a, s, { startPrice: 100_000, bidStep: 1_000, endsInMs: HOUR });
      // Half with two bidders, half without bids.
      if (i % 2 === 0) {
        await bid(i % 4 === 0 ? a : b, key, 100_000, bidders[0]!.cookie);
        await bid(i % 4 === 0 ? b : a, key, 101_000, bidders[1]!.cookie);
      }
      keys.push(key);
    }
    advanceClock(HOUR + 1_000);
    // Both jobs and two more passes on each node race for the same rows.
    const extra = await Promise.all([settleDue(a.database.db, now()), settleDue(b.database.db, now()), settleDue(a.database.db, now()), settleDue(b.database.db, now())]);
    await until(async () => (await Promise.all(keys.map((k) => itemRow(a, k)))).every((r) => r.endedAt !== null), 30_000);
    const ended = extra.flat().filter((k) => keys.includes(k));
    expect(new Set(ended).size).toBe(ended.length);

    for (const [i, key] of keys.entries()) {
      const row = await itemRow(a, key);
      if (i % 2 === 0) expect(row).toMatchObject({ status: 'sold', soldPrice: 101_000, buyerNo: bidders[1]!.no });
      else expect(row).toMatchObject({ status: 'unsold', buyerNo: null });
    }
    const rows = await a.database.db
      .select({ kind: alarms.kind, key: alarms.articleKey, userNo: alarms.userNo })
      .from(alarms)
      .where(and(inArray(alarms.articleKey, keys), inArray(alarms.kind, ['won', 'sold', 'unsold', 'ended'])));
    const count = (kind: string, key: number) => rows.filter((r) => r.kind === kind && r.key === key).length;
    for (const [i, key] of keys.entries()) {
      if (i % 2 === 0) {
        expect([count('won', key), count('sold', key), count('ended', key), count('unsold', key)]).toEqual([1, 1, 1, 0]);
      } else {
        expect([count('won', key), count('sold', key), count('unsold', key)]).toEqual([0, 0, 1]);
      }
    }
    // Later passes on either node find nothing of these.
    expect((await settleDue(b.database.db, now())).filter((k) => keys.includes(k))).toEqual([]);
    expect(rows.filter((r) => r.kind === 'sold').every((r) => r.userNo === s.no)).toBe(true);
    expect(await a.database.db.select().from(alarms).where(and(eq(alarms.kind, 'won'), eq(alarms.userNo, bidders[0]!.no), inArray(alarms.articleKey, keys)))).toEqual([]);
  }, 60_000);
});
