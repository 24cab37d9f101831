// A market item hidden after a report is out of trade (decision 33): bids, buy-now, status changes
// by others, recommendations, scraps and comments are refused and change nothing; hiding cancels
// a running auction (seller and bidders told why); the ending job never sells a hidden auction;
// restoring shows the item again and tells the seller what happens next.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAudit, comments, favorites, marketBids, marketItems, posts, recommendations, reports } from '../../db/schema/index.js';
import { alarmsAbout, bid, bidRows, createAuction, HOUR, itemRow } from '../../test/auction.js';
import { adminCookie, member } from '../../test/boards.js';
import { advanceClock, resetClock } from '../../test/clock.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { createItem, seller, type TestMember } from '../../test/market.js';
import { settleDue } from './auction-ending.js';
import { HIDDEN_CANCEL_REASON, RESTORED_TEXT } from './hidden.js';

let t: TestApp;
let admin: string;
let s: TestMember;
let b: TestMember;
let c: TestMember;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  s = await seller(t);
  b = await member(t);
  c = await member(t);
}, 60_000);
afterAll(async () => {
  await t.close();
  resetClock();
});
afterEach(() => resetClock());

const db = () => t.database.db;

/** c reports the item and the admin hides it through the report queue; answers the report's id. */
async function hide(key: number, kind: 'market' | 'post' = 'market') {
  const saved = await post(t, '/api/report/save', { kind, key, reason: '사기 의심' }, c.cookie);
  expect(saved.statusCode, saved.body).toBe(200);
  const id = saved.json().id as number;
  const res = await post(t, '/api/admin/report/resolve', { id, outcome: 'hide', note: '' }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return id;
}
const restore = (id: number, cookie = admin) => post(t, '/api/admin/report/restore', { id }, cookie);
const view = (key: number, cookie?: string) => post(t, '/api/market/view', { key }, cookie);
const refusal = (res: { statusCode: number; json(): unknown }, message: string) => {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ message });
};

describe('a hidden auction', () => {
  it('is cancelled when hidden: no bid or buy-now is taken, the seller and bidders are told why, the view offers no bid form', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000, bidStep: 5_000, buyNowPrice: 300_000 });
    expect((await bid(t, key, 100_000, b.cookie)).statusCode).toBe(200);
    await hide(key);

    expect(await itemRow(t, key)).toMatchObject({ status: 'cancelled', cancelReason: HIDDEN_CANCEL_REASON, leaderNo: b.no, bidCount: 1, buyerNo: null, soldPrice: null });
    expect((await itemRow(t, key)).endedAt).not.toBeNull();
    const told = `관리자가 경매를 취소했습니다(사유: ${HIDDEN_CANCEL_REASON}): 경매: 니콘 Z6III 바디`;
    expect(await alarmsAbout(t, b.no, key)).toEqual([expect.objectContaining({ kind: 'ended', content: told })]);
    expect(await alarmsAbout(t, s.no, key)).toEqual([expect.objectContaining({ kind: 'market_status', content: told })]);

    const hiddenMsg = '관리자가 가린 매물에는 입찰하거나 즉시 구매할 수 없습니다.';
    refusal(await bid(t, key, 120_000, c.cookie), hiddenMsg);
    refusal(await bid(t, key, 300_000, c.cookie, true), hiddenMsg);
    expect(await bidRows(t, key)).toHaveLength(1);
    expect(await itemRow(t, key)).toMatchObject({ currentPrice: 100_000, bidCount: 1, leaderNo: b.no, status: 'cancelled' });

    // Another member's view: the notice, marked hidden, nothing to trade with.
    const seen = (await view(key, c.cookie)).json();
    expect(seen).toMatchObject({ hidden: true, status: 'cancelled', auctionState: { ended: true } });
    expect(seen.abilities).toMatchObject({ canBid: false, canScrap: false, canComment: false, canChangeStatus: false, canReport: false });
    // The seller and the admin still see it, marked hidden.
    expect((await view(key, s.cookie)).json()).toMatchObject({ hidden: true, abilities: { canBid: false } });
    expect((await view(key, admin)).json()).toMatchObject({ hidden: true, abilities: { canBid: false, canScrap: false, canReport: false } });
  });

  it('hidden before hiding cancelled auctions: the ending job cancels it, never sold, nobody told they won', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000, endsInMs: 2 * HOUR });
    expect((await bid(t, key, 100_000, b.cookie)).statusCode).toBe(200);
    // Hidden straight in the database, as an older hide left it: the auction still running.
    await db().update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, key));
    refusal(await bid(t, key, 110_000, c.cookie), '관리자가 가린 매물에는 입찰하거나 즉시 구매할 수 없습니다.');

    advanceClock(3 * HOUR);
    expect(await settleDue(db())).toContain(key);
    const row = await itemRow(t, key);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: HIDDEN_CANCEL_REASON, buyerNo: null, soldPrice: null, soldAt: null });
    expect(row.endedAt).not.toBeNull();
    const kinds = [...(await alarmsAbout(t, b.no, key)), ...(await alarmsAbout(t, s.no, key))].map((a) => a.kind);
    expect(kinds).not.toContain('won');
    expect(kinds).not.toContain('sold');
    expect(await alarmsAbout(t, b.no, key)).toEqual([expect.objectContaining({ kind: 'ended', content: expect.stringContaining(HIDDEN_CANCEL_REASON) })]);
  });

  it('restored: shown again, the auction stays cancelled, the seller is told what happens next', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000 });
    expect((await bid(t, key, 100_000, b.cookie)).statusCode).toBe(200);
    const id = await hide(key);
    // Only an admin restores, and only what is hidden.
    expect((await restore(id, s.cookie)).statusCode).toBe(403);
    expect((await restore(id)).json()).toEqual({ next: RESTORED_TEXT.auction });
    expect((await db().select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.key, key)))[0]!.hiddenAt).toBeNull();
    expect(await alarmsAbout(t, s.no, key)).toContainEqual(expect.objectContaining({ kind: 'market_status', content: RESTORED_TEXT.auction }));
    expect(await itemRow(t, key)).toMatchObject({ status: 'cancelled' });
    expect((await view(key, c.cookie)).json()).toMatchObject({ hidden: false, abilities: { canBid: false } });
    refusal(await bid(t, key, 110_000, c.cookie), '취소된 경매입니다.');
    const again = await restore(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: '가려진 내용이 아닙니다.' });
    expect((await restore(99_999_999)).statusCode).toBe(404);
    expect((await post(t, '/api/admin/report/restore', { id: 'x' }, admin)).statusCode).toBe(400);
    const [audit] = await db().select().from(adminAudit).where(eq(adminAudit.action, 'report.restore'));
    expect(audit).toMatchObject({ targetKind: 'market', targetKey: String(key) });
    expect((await db().select().from(reports).where(eq(reports.id, id)))[0]).toMatchObject({ status: 'hidden' });
  });

  it('reported as a post of the market board: hiding cancels it all the same', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000 });
    await hide(key, 'post');
    expect(await itemRow(t, key)).toMatchObject({ status: 'cancelled', cancelReason: HIDDEN_CANCEL_REASON });
  });
});

describe('a hidden plain sale', () => {
  it('keeps its status, refuses status changes by others, recommendations, scraps and comments; its seller still records a sale; restoring puts it back in trade', async () => {
    const key = await createItem(t, s, { subject: '가려질 렌즈' });
    await post(t, '/api/favorite/add', { key }, b.cookie);
    const id = await hide(key);
    expect(await itemRow(t, key)).toMatchObject({ status: 'selling' });

    refusal(await post(t, '/api/market/status', { key, status: 'reserved' }, admin), '관리자가 가린 매물의 거래 상태는 판매자만 바꿀 수 있습니다.');
    refusal(await post(t, '/api/board/recommend', { boardId: 'market', key }, c.cookie), '관리자가 가린 내용은 추천할 수 없습니다.');
    refusal(await post(t, '/api/favorite/add', { key }, c.cookie), '관리자가 가린 내용은 스크랩할 수 없습니다.');
    refusal(await post(t, '/api/comment/save', { boardId: 'market', key, content: '아직 파나요?' }, c.cookie), '관리자가 가린 내용에는 댓글을 달 수 없습니다.');
    expect(await itemRow(t, key)).toMatchObject({ status: 'selling' });
    expect(await db().select().from(recommendations).where(eq(recommendations.postKey, key))).toEqual([]);
    expect(await db().select().from(favorites).where(and(eq(favorites.postKey, key), eq(favorites.userNo, c.no)))).toEqual([]);
    expect(await db().select().from(comments).where(eq(comments.postKey, key))).toEqual([]);
    expect((await view(key, b.cookie)).json().abilities).toMatchObject({ canScrap: false, canComment: false, canChangeStatus: false, canBid: false });

    // The seller's own record of what became of it stays theirs.
    expect((await view(key, s.cookie)).json().abilities.canChangeStatus).toBe(true);
    expect((await post(t, '/api/market/status', { key, status: 'reserved' }, s.cookie)).statusCode).toBe(200);

    expect((await restore(id)).json()).toEqual({ next: RESTORED_TEXT.other });
    expect((await post(t, '/api/board/recommend', { boardId: 'market', key }, c.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/market/status', { key, status: 'selling' }, admin)).statusCode).toBe(200);
    expect((await view(key, c.cookie)).json()).toMatchObject({ hidden: false, abilities: { canScrap: true, canComment: true } });
  });

  it('a bid on a hidden item changes nothing, whoever asks (the admin too)', async () => {
    const { key } = await createAuction(t, s, { startPrice: 100_000 });
    await db().update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, key));
    for (const cookie of [b.cookie, admin]) refusal(await bid(t, key, 100_000, cookie), '관리자가 가린 매물에는 입찰하거나 즉시 구매할 수 없습니다.');
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(marketBids).where(eq(marketBids.postKey, key)))[0]!.n).toBe(0);
    expect(await itemRow(t, key)).toMatchObject({ bidCount: 0, leaderNo: null, status: 'selling' });
  });
});

describe.runIf(inject('engine') === 'postgres')('hiding beside an edit of the item', () => {
  /**
   * An edit or a delete of an item takes the item row, then its post. A hide and a restore beside
   * one take them in the same order, so they wait for it instead of deadlocking with it.
   */
  it.each(['hide', 'restore'] as const)('%s waits for an edit holding the item row, and both go through', async (action) => {
    const key = await createItem(t, s, { subject: '수정 중에 가려질 렌즈' });
    let id: number;
    if (action === 'hide') {
      const saved = await post(t, '/api/report/save', { kind: 'market', key, reason: '사기 의심' }, c.cookie);
      id = saved.json().id as number;
    } else id = await hide(key);
    let call: ReturnType<typeof post> | undefined;
    await db().transaction(async (tx) => {
      await tx.select().from(marketItems).where(eq(marketItems.postKey, key)).for('update');
      call = action === 'hide' ? post(t, '/api/admin/report/resolve', { id, outcome: 'hide', note: '' }, admin) : restore(id);
      // Long enough for the call to reach the rows it needs.
      await new Promise((r) => setTimeout(r, 300));
      await tx.select({ key: posts.key }).from(posts).where(eq(posts.key, key)).for('update');
    });
    const res = await call!;
    expect(res.statusCode, res.body).toBe(200);
  });
});
