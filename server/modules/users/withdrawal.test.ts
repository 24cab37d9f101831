// Withdrawal of a member who wrote in the market and the gallery, and who sold or bid in auctions
// (decision 32): only board posts and comments hold it; open items close; auctions with bids
// the member sells, and those they lead, hold it until they end.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { alarms, comments, gearItems, gearSettings, marketAlerts, marketAlertSent, marketItems, memberIgnores, notifySettings, posts, pushSubscriptions, users, watermarkSettings } from '../../db/schema/index.js';
import { bid, createAuction, itemRow, MINUTE } from '../../test/auction.js';
import { createPost, member } from '../../test/boards.js';
import { resetClock, setClock } from '../../test/clock.js';
import { createGallery } from '../../test/gallery.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { createItem, createProduct, seller, type TestMember } from '../../test/market.js';
import { settleDue } from '../market/auction-ending.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
}, 60_000);
afterAll(() => t.close());
afterEach(() => resetClock());

const out = (m: TestMember) => post(t, '/api/user/out', { password: m.password }, m.cookie);
const check = (m: TestMember) => post(t, '/api/user/out/check', {}, m.cookie);
const statusOf = async (m: TestMember) => (await t.database.db.select({ status: users.status }).from(users).where(eq(users.no, m.no)))[0]!.status;
const comment = (m: TestMember, boardId: string, key: number) => post(t, '/api/comment/save', { boardId, key, content: '댓글' }, m.cookie);

describe('/api/user/out and the board posts it counts', () => {
  it('a member with board posts only is refused with their count, then leaves once they are gone', async () => {
    const m = await member(t);
    const keys = [await createPost(t, m.cookie), await createPost(t, m.cookie)];
    const res = await out(m);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('게시판에 남아 있는 글 2개와 댓글 0개를 먼저 삭제해 주세요.');
    for (const key of keys) expect((await post(t, '/api/board/delete', { boardId: 'free', key }, m.cookie)).statusCode).toBe(200);
    expect((await out(m)).statusCode).toBe(200);
    expect(await statusOf(m)).toBe('withdrawn');
  });

  it('market items, gallery items and the comments under them are not board posts: the count is right and they stay', async () => {
    const m = await seller(t);
    const other = await seller(t);
    const boardKeys = [await createPost(t, m.cookie), await createPost(t, m.cookie)];
    const sold = await createItem(t, m);
    expect((await post(t, '/api/market/status', { key: sold, status: 'sold' }, m.cookie)).statusCode).toBe(200);
    const selling = await createItem(t, m);
    const gallery = [await createGallery(t, m.cookie), await createGallery(t, m.cookie)];
    // Comments under market and gallery items (someone else's and their own) do not count either.
    const othersItem = await createItem(t, other);
    for (const [boardId, key] of [['market', othersItem], ['market', sold], ['gallery', gallery[0]!]] as const) {
      expect((await comment(m, boardId, key)).statusCode).toBe(200);
    }
    const freeKey = await createPost(t, other.cookie);
    expect((await comment(m, 'free', freeKey)).statusCode).toBe(200);

    expect((await check(m)).json()).toMatchObject({ posts: 2, comments: 1, openItems: 1, auctionsWithBids: [], leading: [] });
    const res = await out(m);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('게시판에 남아 있는 글 2개와 댓글 1개를 먼저 삭제해 주세요.');

    for (const key of boardKeys) await post(t, '/api/board/delete', { boardId: 'free', key }, m.cookie);
    await t.database.db.update(comments).set({ deletedAt: new Date() }).where(eq(comments.postKey, freeKey));
    expect((await out(m)).statusCode).toBe(200);
    expect(await statusOf(m)).toBe('withdrawn');
    // What the rule keeps stays: the sold item, the gallery items, the comments under them.
    expect((await itemRow(t, sold)).status).toBe('sold');
    for (const key of [...gallery, sold, selling]) {
      expect((await t.database.db.select({ deletedAt: posts.deletedAt }).from(posts).where(eq(posts.key, key)))[0]!.deletedAt).toBeNull();
    }
    expect((await t.database.db.select().from(comments).where(eq(comments.userNo, m.no))).filter((c) => c.deletedAt === null)).toHaveLength(3);
  });
});

describe('/api/user/out and what the member kept for themselves', () => {
  it('takes their gear, price alerts, watermark, ignore list, devices and notification settings; another member keeps theirs', async () => {
    const [m, other] = [await seller(t), await seller(t)];
    const body = await createProduct(t, { type: 'body' });
    for (const x of [m, other]) {
      expect((await post(t, '/api/gear/save', { productKey: body.key }, x.cookie)).statusCode).toBe(200);
      expect((await post(t, '/api/gear/privacy', { private: true }, x.cookie)).statusCode).toBe(200);
      expect((await post(t, '/api/market/alert/save', { productKey: body.key, maxPrice: 500_000 }, x.cookie)).statusCode).toBe(200);
      const mark = { enabled: true, text: '내 사진', position: 'bottom-right', opacity: 50, keepCredit: false };
      expect((await post(t, '/api/gallery/watermark/save', mark, x.cookie)).statusCode).toBe(200);
      await t.database.db.insert(pushSubscriptions).values({ userNo: x.no, endpoint: `https://push.example/${x.no}`, p256dh: 'k', auth: 'a' });
      await t.database.db.insert(notifySettings).values({ userNo: x.no, digest: true });
    }
    expect((await post(t, '/api/user/ignore', { userId: other.userId }, m.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/user/ignore', { userId: m.userId }, other.cookie)).statusCode).toBe(200);
    const [alert] = await t.database.db.select({ id: marketAlerts.id }).from(marketAlerts).where(eq(marketAlerts.userNo, m.no));
    await t.database.db.insert(marketAlertSent).values({ source: 'alert', sourceKey: alert!.id, itemKey: 1 });

    expect((await out(m)).statusCode).toBe(200);
    const count = async (table: typeof gearItems | typeof gearSettings | typeof marketAlerts | typeof watermarkSettings | typeof pushSubscriptions | typeof notifySettings | typeof memberIgnores, no: number) =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.userNo, no)))[0]!.n;
    for (const table of [gearItems, gearSettings, marketAlerts, watermarkSettings, pushSubscriptions, notifySettings, memberIgnores]) {
      expect(await count(table, m.no)).toBe(0);
      expect(await count(table, other.no)).toBe(1);
    }
    expect(await t.database.db.select().from(marketAlertSent).where(eq(marketAlertSent.sourceKey, alert!.id))).toEqual([]);
  });
});

describe('/api/user/out and the member’s trades', () => {
  it('open fixed-price items (selling, reserved) are cancelled and their scrappers told', async () => {
    const m = await seller(t);
    const fan = await member(t);
    const selling = await createItem(t, m);
    const reserved = await createItem(t, m);
    expect((await post(t, '/api/market/status', { key: reserved, status: 'reserved' }, m.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/favorite/add', { boardId: 'market', key: selling }, fan.cookie)).statusCode).toBe(200);
    expect((await check(m)).json()).toMatchObject({ posts: 0, comments: 0, openItems: 2 });

    expect((await out(m)).statusCode).toBe(200);
    for (const key of [selling, reserved]) expect(await itemRow(t, key)).toMatchObject({ status: 'cancelled', cancelReason: '판매자 탈퇴' });
    const told = await t.database.db.select({ content: alarms.content }).from(alarms).where(eq(alarms.userNo, fan.no));
    expect(told.map((a) => a.content)).toEqual([expect.stringContaining("'취소됨' 상태가 되었습니다")]);
    const view = await post(t, '/api/market/view', { key: selling }, fan.cookie);
    expect(view.json()).toMatchObject({ status: 'cancelled', cancelReason: '판매자 탈퇴' });
  });

  it('a running auction they sell without bids is cancelled: nobody can bid on it any more', async () => {
    const m = await seller(t);
    const b = await member(t);
    const { key } = await createAuction(t, m);
    expect((await check(m)).json()).toMatchObject({ openItems: 1, auctionsWithBids: [] });
    expect((await out(m)).statusCode).toBe(200);
    const row = await itemRow(t, key);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: '판매자 탈퇴', bidCount: 0 });
    expect(row.endedAt).not.toBeNull();
    const refused = await bid(t, key, 100_000, b.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('취소된 경매입니다.');
  });

  it('a running auction they sell with bids holds the withdrawal (nothing changes) until it ends, then it is sold', async () => {
    const m = await seller(t);
    const b = await member(t);
    const open = await createItem(t, m);
    const { key, endsAt } = await createAuction(t, m);
    expect((await bid(t, key, 100_000, b.cookie)).statusCode).toBe(200);

    const c = (await check(m)).json();
    expect(c).toMatchObject({ openItems: 1, auctionsWithBids: [{ key, subject: '경매: 니콘 Z6III 바디', endsAt: endsAt.toISOString() }], leading: [] });
    const res = await out(m);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('입찰이 있는 내 경매 1건이 끝난 뒤에 탈퇴할 수 있습니다.');
    expect(await statusOf(m)).toBe('active');
    expect((await itemRow(t, open)).status).toBe('selling');
    expect((await itemRow(t, key)).status).toBe('selling');

    // Past its end: the auction is decided (sold to the bidder), not cancelled, and the member may go.
    setClock(new Date(endsAt.getTime() + MINUTE));
    expect((await out(m)).statusCode).toBe(200);
    expect(await itemRow(t, key)).toMatchObject({ status: 'sold', buyerNo: b.no, soldPrice: 100_000 });
    expect((await itemRow(t, open)).status).toBe('cancelled');
    expect(await settleDue(t.database.db)).toEqual([]);
  });

  it('an auction they lead holds the withdrawal until someone outbids them or it ends', async () => {
    const s = await seller(t);
    const m = await member(t);
    const other = await member(t);
    const { key, endsAt } = await createAuction(t, s);
    expect((await bid(t, key, 100_000, m.cookie)).statusCode).toBe(200);
    expect((await check(m)).json()).toMatchObject({ auctionsWithBids: [], leading: [{ key, endsAt: endsAt.toISOString() }] });
    const res = await out(m);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('내가 최고 입찰자인 경매 1건이 끝난 뒤에 탈퇴할 수 있습니다.');
    expect(await statusOf(m)).toBe('active');
    // Outbid, the member no longer promises to buy: their old bid stays in the history.
    expect((await bid(t, key, 105_000, other.cookie)).statusCode).toBe(200);
    expect((await check(m)).json().leading).toEqual([]);
    expect((await out(m)).statusCode).toBe(200);
    expect(await itemRow(t, key)).toMatchObject({ status: 'selling', leaderNo: other.no, bidCount: 2 });
  });

  it('both kinds at once are named in one message', async () => {
    const m = await seller(t);
    const b = await member(t);
    const mine = await createAuction(t, m);
    const theirs = await createAuction(t, await seller(t));
    expect((await bid(t, mine.key, 100_000, b.cookie)).statusCode).toBe(200);
    expect((await bid(t, theirs.key, 100_000, m.cookie)).statusCode).toBe(200);
    expect((await out(m)).json().message).toBe('입찰이 있는 내 경매 1건, 내가 최고 입찰자인 경매 1건이 끝난 뒤에 탈퇴할 수 있습니다.');
  });
});

describe('/api/user/out/check', () => {
  it('tells the caller only about their own things', async () => {
    const m = await seller(t);
    const other = await member(t);
    await createItem(t, m);
    await createPost(t, m.cookie);
    expect((await check(other)).json()).toEqual({ posts: 0, comments: 0, openItems: 0, auctionsWithBids: [], leading: [] });
  });
  it('needs a login', async () => {
    const res = await post(t, '/api/user/out/check', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('로그인이 필요합니다.');
  });
  it('leaves out items already deleted', async () => {
    const m = await seller(t);
    const key = await createItem(t, m);
    expect((await post(t, '/api/market/delete', { key }, m.cookie)).statusCode).toBe(200);
    expect((await check(m)).json().openItems).toBe(0);
    expect((await out(m)).statusCode).toBe(200);
    expect((await t.database.db.select({ status: marketItems.status }).from(marketItems).where(eq(marketItems.postKey, key)))[0]!.status).toBe('selling');
  });
});

describe.runIf(inject('engine') === 'postgres')('a bid of the member’s racing their withdrawal', () => {
  /**
   * The member's bid waits for the item row (held here as another bid would) while they withdraw
   * in another tab: the withdrawal found no auction they lead, so the bid must not make them the
   * leader of one once they are gone.
   */
  it('a bid still waiting when the withdrawal commits is refused: nobody who left leads an auction', async () => {
    const s = await seller(t);
    const m = await member(t);
    const { key } = await createAuction(t, s);
    let placed: ReturnType<typeof bid> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.select().from(marketItems).where(eq(marketItems.postKey, key)).for('update');
      placed = bid(t, key, 100_000, m.cookie);
      // Long enough for the bid to reach the item row and wait for it.
      await new Promise((r) => setTimeout(r, 300));
      expect((await out(m)).statusCode).toBe(200);
    });
    const res = await placed!;
    expect(res.statusCode, res.body).toBe(401);
    expect(await statusOf(m)).toBe('withdrawn');
    expect(await itemRow(t, key)).toMatchObject({ leaderNo: null, bidCount: 0, status: 'selling' });
  });

  it('a bid of theirs being written when the withdrawal begins is waited for, and then holds it', async () => {
    const s = await seller(t);
    const m = await member(t);
    const { key } = await createAuction(t, s);
    let leaving: ReturnType<typeof out> | undefined;
    // What a bid's transaction holds once it has checked its bidder: their row shared, then the item written.
    await t.database.db.transaction(async (tx) => {
      await tx.select().from(users).where(eq(users.no, m.no)).for('share');
      await tx.update(marketItems).set({ leaderNo: m.no, bidCount: 1, currentPrice: 100_000 }).where(eq(marketItems.postKey, key));
      leaving = out(m);
      await new Promise((r) => setTimeout(r, 300));
    });
    const res = await leaving!;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('내가 최고 입찰자인 경매 1건이 끝난 뒤에 탈퇴할 수 있습니다.');
    expect(await statusOf(m)).toBe('active');
  });
});
