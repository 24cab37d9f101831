// Auctions: /api/market/bid and /api/market/bids (rules, refusals, buy-now, anti-sniping), 50
// simultaneous bids, and the ending (by the job, by a read, by a late bid) with its alarms.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuctionState, BidList } from '../../../common/api/market.js';
import { marketItems, users } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { alarmsAbout, bid, bidRows, createAuction, HOUR, itemRow, MINUTE } from '../../test/auction.js';
import { adminCookie, member } from '../../test/boards.js';
import { advanceClock, resetClock, setClock } from '../../test/clock.js';
import { createUser, login, post, testApp, type TestApp } from '../../test/harness.js';
import { createItem, itemBody, requireRealNameFor, seller, type TestMember } from '../../test/market.js';
import { forgetBoards } from '../posts/board-rules.js';
import { auctionJob, countDueAuctions, settleDue } from './auction-ending.js';

let t: TestApp;
let admin: string;
let s: TestMember;
let b: TestMember;
let c: TestMember;

const everyMs = auctionJob.everyMs;

beforeAll(async () => {
  // The ending job looks often here, so the scheduled ending is seen within a test.
  auctionJob.everyMs = 100;
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  s = await seller(t);
  b = await member(t);
  c = await member(t);
}, 60_000);
afterAll(async () => {
  await t.close();
  auctionJob.everyMs = everyMs;
  resetClock();
});
// Each test starts at the real time again (a test may have moved the clock past its auctions).
afterEach(() => resetClock());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => Promise<boolean>, withinMs = 20_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await sleep(25);
  }
}
const bids = (key: number, cookie?: string, headers: Record<string, string> = {}) => post(t, '/api/market/bids', { key }, cookie, headers);

describe('/api/market/bid', () => {
  it('takes a first bid at the start price and answers the new state', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000, bidStep: 5_000 });
    const res = await bid(t, key, 100_000, b.cookie);
    expect(res.statusCode).toBe(200);
    const state = AuctionState.strict().parse(res.json());
    expect(state).toMatchObject({ startPrice: 100_000, bidStep: 5_000, currentPrice: 100_000, minBid: 105_000, bidCount: 1, leading: true, ended: false, extended: false, status: 'selling' });
    expect(state.leader).toMatchObject({ userId: b.userId, nickName: b.nickName });
    expect(Math.abs(new Date(state.now).getTime() - Date.now())).toBeLessThan(5_000);
    expect(await itemRow(t, key)).toMatchObject({ currentPrice: 100_000, bidCount: 1, leaderNo: b.no });
    // Another member sees the same auction, not leading.
    const seen = BidList.strict().parse((await bids(key, c.cookie)).json());
    expect(seen.auction).toMatchObject({ currentPrice: 100_000, leading: false, minBid: 105_000 });
    expect(seen.items).toEqual([expect.objectContaining({ amount: 100_000, mine: false, buyNow: false, bidder: expect.objectContaining({ userId: b.userId }) })]);
    expect((await bids(key, b.cookie)).json().items[0].mine).toBe(true);
  });

  it('tells the bidder who lost the lead, as it happens', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000, bidStep: 5_000 });
    expect((await bid(t, key, 100_000, b.cookie)).statusCode).toBe(200);
    const res = await bid(t, key, 120_000, c.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currentPrice: 120_000, minBid: 125_000, bidCount: 2, leading: true });
    expect(await alarmsAbout(t, b.no, key)).toEqual([
      { kind: 'outbid', boardId: 'market', subject: '경매: 니콘 Z6III 바디', content: '더 높은 입찰이 들어왔습니다. 현재가 120,000원' },
    ]);
    expect(await alarmsAbout(t, c.no, key)).toEqual([]);
    expect(await alarmsAbout(t, s.no, key)).toEqual([]);
  });

  it.each([
    ['below the start price', 99_000, '입찰가는 시작가 100,000원 이상이어야 합니다.'],
    ['a fraction of a won', 100_000.5, '입찰가는 원 단위 정수로 입력해 주세요.'],
    ['not a number', 'abc', '입찰가를 숫자로 입력해 주세요.'],
    ['an absurd amount', 5_000_000_000, '입찰가를 확인해 주세요.'],
  ])('refuses %s in Korean and changes nothing', async (_name, amount, message) => {
    const { key } = await createAuction(t, s);
    const res = await post(t, '/api/market/bid', { key, amount }, b.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await itemRow(t, key)).toMatchObject({ currentPrice: null, bidCount: 0, leaderNo: null });
    expect(await bidRows(t, key)).toEqual([]);
  });

  it('refuses a bid below the current price plus the step, saying the least it may be', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000, bidStep: 5_000 });
    await bid(t, key, 100_000, b.cookie);
    const res = await bid(t, key, 104_000, c.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('입찰가는 105,000원 이상이어야 합니다. (현재가 100,000원)');
    expect(await itemRow(t, key)).toMatchObject({ currentPrice: 100_000, bidCount: 1, leaderNo: b.no });
    expect(await bidRows(t, key)).toHaveLength(1);
    // Exactly the minimum is fine.
    expect((await bid(t, key, 105_000, c.cookie)).statusCode).toBe(200);
  });

  it('refuses the seller on their own item (403) and a visitor (401)', async () => {
    const { key } = await createAuction(t, s);
    const own = await bid(t, key, 100_000, s.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('내 매물에는 입찰할 수 없습니다.');
    const visitor = await bid(t, key, 100_000);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('로그인이 필요합니다.');
    expect(await bidRows(t, key)).toEqual([]);
  });

  it('refuses the leader raising their own bid, but lets them buy now', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000, buyNowPrice: 300_000 });
    await bid(t, key, 100_000, b.cookie);
    const again = await bid(t, key, 150_000, b.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('이미 최고 입찰자입니다');
    expect((await bid(t, key, 300_000, b.cookie, true)).json()).toMatchObject({ status: 'sold', ended: true, currentPrice: 300_000 });
  });

  it('refuses an unverified member when the community asks real names for bidding', async () => {
    const { key } = await createAuction(t, s);
    await requireRealNameFor(t, ['bidding']);
    try {
      const res = await bid(t, key, 100_000, b.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('입찰하려면 먼저 실명 인증을 해 주세요. 내 정보에서 인증할 수 있습니다.');
      expect(await bidRows(t, key)).toEqual([]);
      // A verified member (real = true before logging in) may bid.
      const real = await createUser(t);
      await t.database.db.update(users).set({ real: true }).where(eq(users.no, real.no));
      expect((await bid(t, key, 100_000, await login(t, real.userId, real.password))).statusCode).toBe(200);
    } finally {
      await requireRealNameFor(t, []);
    }
  });

  it('refuses a plain sale, an unknown item, a deleted one and a cancelled auction', async () => {
    const plain = await createItem(t, s);
    const notAuction = await bid(t, plain, 100_000, b.cookie);
    expect(notAuction.statusCode).toBe(400);
    expect(notAuction.json().message).toBe('경매 매물이 아닙니다.');
    const unknown = await bid(t, 987_654_321, 100_000, b.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('매물을 찾을 수 없습니다.');

    const gone = await createAuction(t, s);
    expect((await post(t, '/api/market/delete', { key: gone.key }, s.cookie)).statusCode).toBe(200);
    expect((await bid(t, gone.key, 100_000, b.cookie)).statusCode).toBe(404);

    // Reserved (set by hand: an auction's status is the auction's own): refused, nothing written.
    const reserved = await createAuction(t, s);
    await t.database.db.update(marketItems).set({ status: 'reserved' }).where(eq(marketItems.postKey, reserved.key));
    const onReserved = await bid(t, reserved.key, 100_000, b.cookie);
    expect(onReserved.statusCode).toBe(409);
    expect(onReserved.json().message).toBe('지금은 입찰할 수 없는 매물입니다.');
    expect(await bidRows(t, reserved.key)).toEqual([]);

    const { key } = await createAuction(t, s);
    await bid(t, key, 100_000, b.cookie);
    const cancel = await post(t, '/api/market/status', { key, status: 'cancelled', reason: '허위 매물 신고' }, admin);
    expect(cancel.statusCode).toBe(200);
    // The seller and the bidder are told, with the reason.
    const told = '관리자가 경매를 취소했습니다(사유: 허위 매물 신고): 경매: 니콘 Z6III 바디';
    expect((await alarmsAbout(t, b.no, key)).map((a) => [a.kind, a.content])).toEqual([['ended', told]]);
    expect((await alarmsAbout(t, s.no, key)).map((a) => [a.kind, a.content])).toEqual([['market_status', told]]);
    const res = await bid(t, key, 200_000, c.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('취소된 경매입니다.');
    expect(await bidRows(t, key)).toHaveLength(1);
  });

  it('refuses bids after the end (409), ending the auction it found past its end', async () => {
    setClock(new Date());
    const { key, endsAt } = await createAuction(t, s, { startPrice: 100_000, endsInMs: HOUR });
    await bid(t, key, 100_000, b.cookie);
    setClock(new Date(endsAt.getTime() + 1));
    const res = await bid(t, key, 200_000, c.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('경매가 끝났습니다.');
    expect(await bidRows(t, key)).toHaveLength(1);
    expect(await itemRow(t, key)).toMatchObject({ status: 'sold', soldPrice: 100_000, buyerNo: b.no, endedAt: endsAt, soldAt: endsAt });
    // And again once ended.
    expect((await bid(t, key, 300_000, c.cookie)).statusCode).toBe(409);
  });

  it('buy-now ends the auction at once, sold to that bidder at the buy-now price, with alarms', async () => {
    setClock(new Date());
    const { key } = await createAuction(t, s, { startPrice: 100_000, buyNowPrice: 250_000 });
    await bid(t, key, 100_000, c.cookie);
    // Buy-now by its flag needs the exact price.
    const wrong = await bid(t, key, 240_000, b.cookie, true);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('즉시 구매가는 250,000원입니다.');
    // A bid above the buy-now price buys at the buy-now price.
    const res = await bid(t, key, 400_000, b.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ended: true, status: 'sold', currentPrice: 250_000, leading: true, bidCount: 2, endsAt: now().toISOString() });
    expect(await itemRow(t, key)).toMatchObject({ status: 'sold', soldPrice: 250_000, soldAt: now(), buyerNo: b.no, endedAt: now() });
    expect((await bidRows(t, key)).map((r) => [r.amount, r.buyNow])).toEqual([
      [100_000, false],
      [250_000, true],
    ]);
    expect((await alarmsAbout(t, b.no, key)).map((a) => [a.kind, a.content])).toEqual([['won', '즉시 구매로 250,000원에 낙찰받았습니다.']]);
    expect((await alarmsAbout(t, s.no, key)).map((a) => [a.kind, a.content])).toEqual([['sold', '즉시 구매로 250,000원에 판매되었습니다.']]);
    expect((await alarmsAbout(t, c.no, key)).map((a) => [a.kind, a.content])).toEqual([['ended', '경매가 끝났습니다. 250,000원에 다른 회원이 낙찰받았습니다.']]);
    const late = await bid(t, key, 260_000, c.cookie);
    expect(late.statusCode).toBe(409);
    // The job finds nothing more to end here.
    expect(await settleDue(t.database.db, now())).not.toContain(key);
  });

  it('a bid in the last 5 minutes moves the end 5 minutes later, shown as extended', async () => {
    setClock(new Date());
    const { key, endsAt } = await createAuction(t, s, { startPrice: 100_000, bidStep: 5_000, endsInMs: HOUR });
    // Ten minutes before the end: no change.
    setClock(new Date(endsAt.getTime() - 10 * MINUTE));
    expect((await bid(t, key, 100_000, b.cookie)).json()).toMatchObject({ endsAt: endsAt.toISOString(), extended: false });
    // Two minutes before: the end moves five minutes later.
    setClock(new Date(endsAt.getTime() - 2 * MINUTE));
    const res = await bid(t, key, 105_000, c.cookie);
    const moved = new Date(endsAt.getTime() + 5 * MINUTE);
    expect(res.json()).toMatchObject({ endsAt: moved.toISOString(), extended: true, ended: false });
    expect((await itemRow(t, key)).endsAt).toEqual(moved);
    // Past the original end the auction still runs; everyone sees it extended.
    setClock(new Date(endsAt.getTime() + MINUTE));
    expect((await bids(key)).json().auction).toMatchObject({ ended: false, extended: true, endsAt: moved.toISOString() });
    // Four minutes before the moved end: five more.
    const again = await bid(t, key, 110_000, b.cookie);
    expect(again.json()).toMatchObject({ endsAt: new Date(endsAt.getTime() + 10 * MINUTE).toISOString(), extended: true });
    expect((await itemRow(t, key)).extensions).toBe(2);
    // The seller fixes a typo now: the form's end has no seconds, and the extended end has them.
    const current = (await itemRow(t, key)).endsAt!;
    const shown = new Date(Math.floor(current.getTime() / MINUTE) * MINUTE);
    const auction = { startPrice: 100_000, bidStep: 5_000, buyNowPrice: null, endsAt: shown.toISOString() };
    const edit = await post(t, '/api/market/save', await itemBody(t, s, { key, subject: '경매: 니콘 Z6III 바디 (오타 수정)', price: 100_000, auction }), s.cookie);
    expect(edit.statusCode).toBe(200);
    expect((await itemRow(t, key)).endsAt).toEqual(current);
    // And it ends at the moved end, sold to the last bidder.
    setClock(new Date(endsAt.getTime() + 10 * MINUTE));
    expect((await bids(key)).json().auction).toMatchObject({ ended: true, status: 'sold', currentPrice: 110_000 });
  });
});

describe('50 simultaneous bids', () => {
  let bidders: TestMember[];
  beforeAll(async () => {
    bidders = [];
    for (let i = 0; i < 50; i++) bidders.push(await member(t));
  }, 120_000);

  it('each at its own amount: the history only goes up, and the highest bid leads', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000, bidStep: 1_000 });
    // Bidder i offers start + i steps; they arrive in a shuffled order.
    const order = bidders.map((m, i) => ({ m, amount: 100_000 + i * 1_000 })).sort(() => Math.random() - 0.5);
    const answers = await Promise.all(order.map(({ m, amount }) => bid(t, key, amount, m.cookie)));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 400)).toBe(true);
    const rows = await bidRows(t, key);
    expect(rows.length).toBe(answers.filter((r) => r.statusCode === 200).length);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.amount).toBeGreaterThanOrEqual(rows[i - 1]!.amount + 1_000);
      expect(rows[i]!.createdAt.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.createdAt.getTime());
    }
    const top = bidders[49]!;
    expect(rows.at(-1)).toMatchObject({ amount: 149_000, bidderNo: top.no });
    expect(await itemRow(t, key)).toMatchObject({ currentPrice: 149_000, bidCount: rows.length, leaderNo: top.no });
    // Every refused bid was told the least it may be.
    for (const r of answers.filter((a) => a.statusCode === 400)) expect(r.json().message).toMatch(/^입찰가는 [\d,]+원 이상이어야 합니다/);
  }, 60_000);

  it('each at the minimum bid, round after round: one bid taken per round, gap-free by the step, one leader', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000, bidStep: 1_000 });
    const waiting = new Set(bidders.slice(0, 10));
    let rounds = 0;
    // Everyone still without a bid offers the minimum at the same moment; exactly one is taken.
    while (waiting.size > 0) {
      const min = (await bids(key)).json().auction.minBid as number;
      const tries = [...waiting].map(async (m) => ({ m, res: await bid(t, key, min, m.cookie) }));
      const results = await Promise.all(tries);
      const taken = results.filter((r) => r.res.statusCode === 200);
      expect(taken).toHaveLength(1);
      waiting.delete(taken[0]!.m);
      rounds++;
    }
    expect(rounds).toBe(10);
    const rows = await bidRows(t, key);
    expect(rows.map((r) => r.amount)).toEqual(Array.from({ length: 10 }, (_, i) => 100_000 + i * 1_000));
    expect(new Set(rows.map((r) => r.bidderNo)).size).toBe(10);
    expect(await itemRow(t, key)).toMatchObject({ currentPrice: 109_000, bidCount: 10, leaderNo: rows.at(-1)!.bidderNo });
  }, 60_000);

  it('all 50 at the same minimum bid: exactly one is taken', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000, bidStep: 1_000 });
    const answers = await Promise.all(bidders.map((m) => bid(t, key, 100_000, m.cookie)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(49);
    expect(await bidRows(t, key)).toHaveLength(1);
  }, 60_000);
});

describe('/api/market/bids', () => {
  it('answers 304 to the same If-None-Match while nothing changed, and the new list after a bid', async () => {
    const { key } = await createAuction(t, s);
    const first = await bids(key, b.cookie);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.json()).toMatchObject({ items: [], auction: { bidCount: 0, currentPrice: null, minBid: 100_000 } });
    const same = await bids(key, b.cookie, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    // Another viewer's answer differs (mine, leading): not their ETag.
    expect((await bids(key, c.cookie, { 'if-none-match': etag })).statusCode).toBe(200);
    await bid(t, key, 100_000, c.cookie);
    const after = await bids(key, b.cookie, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().auction).toMatchObject({ bidCount: 1, currentPrice: 100_000 });
    expect(after.headers.etag).not.toBe(etag);
  });

  it('lets visitors read, and answers 404 for a plain sale or an unknown item', async () => {
    const { key } = await createAuction(t, s);
    await bid(t, key, 100_000, b.cookie);
    const visitor = await bids(key);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().items[0]).toMatchObject({ amount: 100_000, mine: false });
    expect(visitor.json().auction.leading).toBe(false);
    expect((await bids(await createItem(t, s))).statusCode).toBe(404);
    const unknown = await bids(987_654_321);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('매물을 찾을 수 없습니다.');
    const bad = await post(t, '/api/market/bids', { key: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('매물을 찾을 수 없습니다.');
  });
});

describe('the ending', () => {
  it('the job ends due auctions at their end time: sold to the highest bidder, or unsold, with alarms', async () => {
    setClock(new Date());
    const sold = await createAuction(t, s, { startPrice: 100_000, bidStep: 5_000, endsInMs: HOUR });
    const unsold = await createAuction(t, s, { startPrice: 100_000, endsInMs: HOUR });
    const later = await createAuction(t, s, { startPrice: 100_000, endsInMs: 3 * HOUR });
    await bid(t, sold.key, 100_000, b.cookie);
    await bid(t, sold.key, 130_000, c.cookie);
    // Nobody reads or bids: time passes the end and the job (every 100 ms here) ends them.
    advanceClock(HOUR + 1_000);
    await until(async () => (await itemRow(t, sold.key)).endedAt !== null && (await itemRow(t, unsold.key)).endedAt !== null);
    expect(await itemRow(t, sold.key)).toMatchObject({ status: 'sold', soldPrice: 130_000, soldAt: sold.endsAt, buyerNo: c.no, endedAt: sold.endsAt });
    expect(await itemRow(t, unsold.key)).toMatchObject({ status: 'unsold', soldPrice: null, buyerNo: null, endedAt: unsold.endsAt });
    expect(await itemRow(t, later.key)).toMatchObject({ status: 'selling', endedAt: null });

    expect((await alarmsAbout(t, s.no, sold.key)).map((a) => [a.kind, a.content])).toEqual([['sold', '경매가 끝나 130,000원에 낙찰되었습니다.']]);
    expect((await alarmsAbout(t, c.no, sold.key)).map((a) => [a.kind, a.content])).toEqual([['won', '130,000원에 낙찰받았습니다.']]);
    expect((await alarmsAbout(t, b.no, sold.key)).map((a) => a.kind)).toEqual(['outbid', 'ended']);
    expect((await alarmsAbout(t, s.no, unsold.key)).map((a) => [a.kind, a.content])).toEqual([['unsold', '입찰 없이 경매가 끝났습니다(유찰).']]);

    // Exactly once: another pass, a read and a late bid change nothing more.
    const again = await settleDue(t.database.db, now());
    expect(again).not.toContain(sold.key);
    expect(again).not.toContain(unsold.key);
    expect((await bids(sold.key, c.cookie)).json().auction).toMatchObject({ ended: true, status: 'sold', leading: true, currentPrice: 130_000, endsAt: sold.endsAt.toISOString() });
    expect((await bid(t, sold.key, 200_000, b.cookie)).statusCode).toBe(409);
    expect(await alarmsAbout(t, s.no, sold.key)).toHaveLength(1);
    expect(await alarmsAbout(t, c.no, sold.key)).toHaveLength(1);
  });

  it('bids and ends with every per-node copy cold: nothing is read beside the transaction (PGlite has one connection)', async () => {
    setClock(new Date());
    const { key, endsAt } = await createAuction(t, s, { startPrice: 100_000, bidStep: 5_000, endsInMs: HOUR });
    expect((await bid(t, key, 100_000, b.cookie)).statusCode).toBe(200);
    // The new leader's star must be counted again (their points changed), and the boards read again.
    await t.database.db.update(users).set({ points: sql`${users.points} + 7` }).where(eq(users.no, c.no));
    forgetBoards(t.database.db);
    const outbid = await bid(t, key, 105_000, c.cookie);
    expect(outbid.statusCode, outbid.body).toBe(200);
    expect(outbid.json().leader).toMatchObject({ userId: c.userId });
    expect((await alarmsAbout(t, b.no, key)).map((a) => a.kind)).toEqual(['outbid']);
    // The ending, straight after the boards were forgotten.
    setClock(new Date(endsAt.getTime() + 1));
    forgetBoards(t.database.db);
    await until(async () => (await itemRow(t, key)).endedAt !== null);
    expect(await itemRow(t, key)).toMatchObject({ status: 'sold', soldPrice: 105_000, buyerNo: c.no });
  });

  it('a read ends an auction past its end before the job does', async () => {
    auctionJob.everyMs = 60_000;
    try {
      setClock(new Date());
      await sleep(150); // the job's pending pass runs and waits a minute now
      const { key, endsAt } = await createAuction(t, s, { startPrice: 100_000, endsInMs: HOUR });
      await bid(t, key, 100_000, b.cookie);
      setClock(new Date(endsAt.getTime() + 1));
      expect((await itemRow(t, key)).endedAt).toBeNull();
      // Waiting for the job: counted in the metrics' queue.
      const waiting = await countDueAuctions(t.database.db);
      expect(waiting).toBeGreaterThanOrEqual(1);
      const scraped = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(scraped.body).toContain(`chalkak_jobs_queued{queue="auction_ending"} ${waiting}`);
      const res = await bids(key, b.cookie);
      expect(res.json().auction).toMatchObject({ ended: true, status: 'sold', leading: true });
      expect(await itemRow(t, key)).toMatchObject({ status: 'sold', soldPrice: 100_000, buyerNo: b.no });
      expect((await alarmsAbout(t, b.no, key)).map((a) => a.kind)).toEqual(['won']);
      expect(await countDueAuctions(t.database.db)).toBe(waiting - 1);
      // The item view ends it the same way (settleIfDue).
      const other = await createAuction(t, s, { startPrice: 100_000, endsInMs: HOUR });
      setClock(new Date(other.endsAt.getTime() + 1));
      const view = await post(t, '/api/market/view', { key: other.key }, c.cookie);
      expect(view.json()).toMatchObject({ status: 'unsold', auctionState: { ended: true, status: 'unsold' } });
    } finally {
      auctionJob.everyMs = 100;
    }
  });
});
