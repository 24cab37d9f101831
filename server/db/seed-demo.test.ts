// The demo seed fills an installed community once and leaves it alone the second time, and what
// it adds is what the site itself would have written: searchable posts, right counters and points.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../../scripts/seed-demo-data.js';
import { seedDemoMarket } from '../../scripts/seed-demo-market.js';
import { seedDemo } from '../../scripts/seed-demo.js';
import { createSealer } from '../lib/secret.js';
import { login, post, testApp, type TestApp } from '../test/harness.js';
import { comments, marketItems, pointLedger, posts, recommendations, users } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const freeCount = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(posts).where(and(eq(posts.boardId, 'free'), isNull(posts.deletedAt))))[0]!.n;

// Seeding writes about a thousand posts, comments and recommendations through the services.
it('adds members and free-board posts once, and members can log in', { timeout: 120_000 }, async () => {
  const sealer = createSealer(Buffer.alloc(32, 7));
  const before = await freeCount();
  // The board's total is read before the seed, as a visitor would.
  const listed = (await post(t, '/api/board/list', { boardId: 'free' })).json();
  expect(listed.total).toBe(before);

  expect(await seedDemo(t.database.db, sealer)).toBe(true);
  expect((await freeCount()) - before).toBe(200);
  expect(await seedDemo(t.database.db, sealer)).toBe(false);
  expect((await freeCount()) - before).toBe(200);

  // The list's total counts the seeded posts at once.
  const after = (await post(t, '/api/board/list', { boardId: 'free' })).json();
  expect(after.total).toBe(before + 200);

  const cookie = await login(t, DEMO_MEMBERS[0]![0], DEMO_PASSWORD);
  const info = (await post(t, '/api/session/info', {}, cookie)).json();
  expect(info).toMatchObject({ logined: true, userId: DEMO_MEMBERS[0]![0], nickName: DEMO_MEMBERS[0]![1] });
});

it('makes the seeded posts findable by the board search', async () => {
  const db = t.database.db;
  const [newest] = await db
    .select({ key: posts.key, subject: posts.subject, nickName: posts.nickName })
    .from(posts)
    .where(eq(posts.boardId, 'free'))
    .orderBy(sql`${posts.key} desc`)
    .limit(1);
  const word = newest!.subject.split(' ')[0]!;
  const expected = (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(and(eq(posts.boardId, 'free'), isNull(posts.deletedAt), sql`lower(${posts.subject}) like ${`%${word.toLowerCase()}%`}`))
  )[0]!.n;

  const bySubject = (await post(t, '/api/board/list', { boardId: 'free', search: word, searchField: 'subject' })).json();
  expect(bySubject.total).toBe(expected);
  expect(bySubject.items[0].key).toBe(newest!.key);

  const byNick = (await post(t, '/api/board/list', { boardId: 'free', search: newest!.nickName, searchField: 'nickName' })).json();
  const ofAuthor = (
    await db.select({ n: sql<number>`count(*)::int` }).from(posts).where(and(eq(posts.boardId, 'free'), isNull(posts.deletedAt), eq(posts.nickName, newest!.nickName)))
  )[0]!.n;
  expect(byNick.total).toBe(ofAuthor);
  expect(byNick.items.map((p: { author: { nickName: string } }) => p.author.nickName)).toEqual(byNick.items.map(() => newest!.nickName));

  // A short Korean word from a body ("출사", "필름" …) is found too.
  const everywhere = (await post(t, '/api/board/list', { boardId: 'free', search: '사진' })).json();
  expect(everywhere.total).toBeGreaterThan(10);
});

it('fills every placeholder and joins each picked name with the particle it takes', async () => {
  const texts = await t.database.db
    .select({ subject: posts.subject, content: posts.content })
    .from(posts)
    .where(eq(posts.boardId, 'free'));
  const all = texts.flatMap((p) => [p.subject, p.content]);
  expect(all.filter((x) => /\{(body|lens|place|film)\}/.test(x))).toEqual([]);
  // 포트라 400으로, 골드 200으로 (사백, 이백), never 400로.
  expect(all.filter((x) => /00로/.test(x))).toEqual([]);
  expect(all.some((x) => /00으로/.test(x))).toBe(true);
});

it('keeps counters and points consistent with the rows behind them', async () => {
  const db = t.database.db;
  const demo = await db
    .select({ no: users.no, points: users.points })
    .from(users)
    .where(inArray(users.userId, DEMO_MEMBERS.map(([id]) => id)));
  expect(demo).toHaveLength(DEMO_MEMBERS.length);

  // Every member's points are the sum of their ledger, and at least the demo figure.
  const ledger = new Map(
    (
      await db
        .select({ userNo: pointLedger.userNo, total: sql<number>`sum(${pointLedger.amount})::int` })
        .from(pointLedger)
        .where(inArray(pointLedger.userNo, demo.map((m) => m.no)))
        .groupBy(pointLedger.userNo)
    ).map((r) => [r.userNo, r.total]),
  );
  for (const m of demo) expect(m.points).toBe(ledger.get(m.no) ?? 0);
  const byId = new Map(DEMO_MEMBERS.map(([id, , points]) => [id, points]));
  const first = await db.select({ points: users.points }).from(users).where(eq(users.userId, DEMO_MEMBERS[0]![0]));
  expect(first[0]!.points).toBeGreaterThanOrEqual(byId.get(DEMO_MEMBERS[0]![0])!);

  // Comment and recommendation counters match their rows, and there are some of each.
  const mismatched = await db
    .select({ key: posts.key })
    .from(posts)
    .where(
      and(
        eq(posts.boardId, 'free'),
        sql`${posts.commentCount} <> (select count(*) from ${comments} c where c.post_key = ${posts.key} and c.deleted_at is null)`,
      ),
    );
  expect(mismatched).toEqual([]);
  const badRecommends = await db
    .select({ key: posts.key })
    .from(posts)
    .where(and(eq(posts.boardId, 'free'), sql`${posts.recommends} <> (select count(*) from ${recommendations} r where r.post_key = ${posts.key})`));
  expect(badRecommends).toEqual([]);
  const [totals] = await db
    .select({ comments: sql<number>`sum(${posts.commentCount})::int`, recommends: sql<number>`sum(${posts.recommends})::int` })
    .from(posts)
    .where(eq(posts.boardId, 'free'));
  expect(totals!.comments).toBeGreaterThan(100);
  expect(totals!.recommends).toBeGreaterThan(50);

  // The week's topic list has something to show on a fresh demo site.
  const topic = (await post(t, '/api/all/topic', { page: 1 })).json();
  expect(topic.total).toBeGreaterThan(0);
});

// The market: two years of sales of a dozen catalogue products through the market services, items
// for sale now and a running auction; a second run adds nothing.
// Two products' histories here (the full seed does twelve: every sale is a real upload).
it('adds market items, their sold history and a running auction once', { timeout: 600_000 }, async () => {
  const db = t.database.db;
  const added = await seedDemoMarket(db, t.app.ctx.config, Date.now(), 2);
  // 2 products × (24 months + a second sale every third month), 12 + 10 for sale, the auction.
  expect(added).toBe(2 * 32 + 12 + 10 + 1);
  expect(await seedDemoMarket(db, t.app.ctx.config)).toBe(0);

  const trace = (await post(t, '/api/market/trace', { productKey: 'canon-eos-5d-mark-iv' })).json();
  expect(trace.soldMonths.length).toBeGreaterThanOrEqual(23);
  expect(trace.tradeCount).toBeGreaterThanOrEqual(24);
  // Its item for sale now is one of the three already promised to a buyer (reserved: not for sale);
  // another popular product's is for sale.
  expect(trace.forSale).toEqual([]);
  expect((await post(t, '/api/market/trace', { productKey: 'nikon-d850' })).json().forSale).toHaveLength(1);
  const list = (await post(t, '/api/market/list', { category: 'all' })).json();
  expect(list.total).toBeGreaterThanOrEqual(20);
  const auctions = (await post(t, '/api/market/list', { category: 'all', auction: true })).json();
  expect(auctions.items).toHaveLength(1);
  expect(auctions.items[0].auction).toMatchObject({ bidCount: 2, ended: false });
  const [sold] = await db.select({ n: sql<number>`count(*)::int` }).from(marketItems).where(eq(marketItems.status, 'sold'));
  expect(sold!.n).toBe(2 * 32);
});
