// The market around its items: the admin's member permission, the fixed market and gallery
// boards, the product map test and product merges, reports, the dashboard's trades, and reach
// (link preview, sitemap, feed).
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, marketItems, posts, productMaps, users } from '../../db/schema/index.js';
import { createAuction } from '../../test/auction.js';
import { adminCookie, member, setBoard } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { createItem, createProduct, itemBody, seller, type TestMember } from '../../test/market.js';
import { previewOf } from '../previews/pages.js';

let t: TestApp;
let admin: string;
let a: TestMember;
let b: TestMember;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false', PUBLIC_ORIGIN: 'https://chalkak.example' });
  admin = await adminCookie(t);
  a = await seller(t);
  b = await seller(t);
});
afterAll(() => t.close());

const db = () => t.database.db;

describe('/api/admin/user/save canMarket', () => {
  it('allows, refuses and resets one member, audited; the member view shows it; members cannot', async () => {
    const m = await member(t);
    const viewUser = async () => (await post(t, '/api/admin/user/view', { userNo: m.no }, admin)).json().user;
    expect(await viewUser()).toMatchObject({ canMarket: null, marketAllowed: false });
    const save = (canMarket: boolean | null, cookie = admin) =>
      post(t, '/api/admin/user/save', { userNo: m.no, nickName: m.nickName, email: m.email, levelId: null, admin: false, canMarket }, cookie);

    expect((await save(true, b.cookie)).statusCode).toBe(403);
    expect((await db().select({ c: users.canMarket }).from(users).where(eq(users.no, m.no)))[0]!.c).toBeNull();

    expect((await save(true)).statusCode).toBe(200);
    expect(await viewUser()).toMatchObject({ canMarket: true, marketAllowed: true });
    expect((await post(t, '/api/market/save', await itemBody(t, m), m.cookie)).statusCode).toBe(200);
    const [record] = await db().select().from(adminAudit).where(and(eq(adminAudit.action, 'user.save'), eq(adminAudit.targetKey, m.userId))).orderBy(desc(adminAudit.id)).limit(1);
    expect(record).toMatchObject({ before: expect.objectContaining({ canMarket: null }), after: expect.objectContaining({ canMarket: true }) });

    expect((await save(false)).statusCode).toBe(200);
    expect((await post(t, '/api/market/save', await itemBody(t, m), m.cookie)).statusCode).toBe(403);
    expect((await save(null)).statusCode).toBe(200);
    expect(await viewUser()).toMatchObject({ canMarket: null, marketAllowed: false });
    const bad = await post(t, '/api/admin/user/save', { userNo: m.no, nickName: m.nickName, email: m.email, levelId: null, admin: false, canMarket: 'yes' }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('장터 판매 허용 여부를 골라 주세요.');
    // Left out, it stays.
    await save(true);
    await post(t, '/api/admin/user/save', { userNo: m.no, nickName: m.nickName, email: m.email, levelId: null, admin: false }, admin);
    expect((await viewUser()).canMarket).toBe(true);
  });
});

describe('the market and gallery boards', () => {
  it('keep their address and cannot be deleted', async () => {
    const board = (await post(t, '/api/admin/board/list', { page: 1, search: 'market' }, admin)).json().items.find((r: { id: string }) => r.id === 'market');
    expect(board).toBeTruthy();
    for (const id of ['market', 'gallery']) {
      const moved = await post(t, '/api/admin/board/save', { originalId: id, id: `${id}2`, name: '옮김', readLevel: 0, writeLevel: 1, commentLevel: 1, categories: [{ name: '기타' }] }, admin);
      expect(moved.statusCode).toBe(400);
      expect(moved.json().message).toBe('장터와 갤러리 게시판은 주소를 바꾸거나 삭제할 수 없습니다.');
      const gone = await post(t, '/api/admin/board/delete', { id }, admin);
      expect(gone.statusCode).toBe(400);
    }
    expect((await post(t, '/api/market/categories')).json()).toHaveLength(6);
  });

  it('takes no market items through the board calls', async () => {
    const res = await post(t, '/api/board/save', { boardId: 'market', category: 'c1', subject: '우회', content: '<p>우회</p>' }, a.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('장터 매물은 장터에서 올리고 고쳐 주세요.');
  });
});

describe('products', () => {
  it('the product map test lists market titles as market items', async () => {
    const key = await createItem(t, a, { subject: '펜탁스 K-3 Mark III 판매' });
    const res = await post(t, '/api/admin/product-map/test', { pattern: 'k3 mark iii' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toContainEqual({ kind: 'market', key, title: '펜탁스 K-3 Mark III 판매', url: `/market/view/${key}` });
  });

  it('a merge moves the items of the merged product, and a product with items is hidden rather than deleted', async () => {
    const from = await createProduct(t, { name: 'Merge From' });
    const into = await createProduct(t, { name: 'Merge Into' });
    const key = await createItem(t, a, { productKey: from.key });
    expect((await post(t, '/api/admin/product/merge', { from: from.key, into: into.key }, admin)).statusCode).toBe(200);
    expect((await db().select().from(marketItems).where(eq(marketItems.postKey, key)))[0]!.productId).toBe(into.id);
    const deleted = await post(t, '/api/admin/product/delete', { key: into.key }, admin);
    expect(deleted.json()).toEqual({ result: 'hidden' });
    await db().delete(productMaps).where(eq(productMaps.productId, into.id));
  });
});

describe('reports of market items', () => {
  it('a member reports an item; the admin sees it with its market address and hides it from the lists', async () => {
    const key = await createItem(t, a, { subject: '신고될 매물' });
    const own = await post(t, '/api/report/save', { kind: 'market', key, reason: '허위 매물 같습니다' }, a.cookie);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('자신이 올린 매물은 신고할 수 없습니다.');
    const freePost = (await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '글', content: '<p>글</p>' }, b.cookie)).json().key;
    const notItem = await post(t, '/api/report/save', { kind: 'market', key: freePost, reason: '허위 매물 같습니다' }, a.cookie);
    expect(notItem.statusCode).toBe(404);
    expect(notItem.json().message).toBe('신고할 매물을 찾을 수 없습니다.');

    const saved = await post(t, '/api/report/save', { kind: 'market', key, reason: '허위 매물 같습니다' }, b.cookie);
    expect(saved.statusCode).toBe(200);
    const twice = await post(t, '/api/report/save', { kind: 'market', key, reason: '허위 매물 같습니다' }, b.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('이미 신고한 매물입니다.');

    const queue = (await post(t, '/api/admin/report/list', { page: 1, kind: 'market' }, admin)).json();
    const row = queue.items.find((r: { id: number }) => r.id === saved.json().id);
    expect(row.target).toMatchObject({ exists: true, subject: '신고될 매물', boardName: '중고장터', url: `/market/view/${key}`, hidden: false });

    expect((await post(t, '/api/market/list', { category: 'all' })).json().items.map((i: { key: number }) => i.key)).toContain(key);
    const resolved = await post(t, '/api/admin/report/resolve', { id: saved.json().id, outcome: 'hide' }, admin);
    expect(resolved.statusCode).toBe(200);
    expect((await db().select({ h: posts.hiddenAt }).from(posts).where(eq(posts.key, key)))[0]!.h).not.toBeNull();
    expect((await post(t, '/api/market/list', { category: 'all' })).json().items.map((i: { key: number }) => i.key)).not.toContain(key);
    const hidden = (await post(t, '/api/market/view', { key })).json();
    expect(hidden.files).toEqual([]);
    expect(hidden.contentHtml).not.toContain('신고될');
  });
});

describe('admin dashboard', () => {
  const trades = async () => (await post(t, '/api/admin/dashboard', {}, admin)).json().trades;

  it('counts items listed and sold today and this week, and the auctions running now', async () => {
    const before = await trades();
    const sold = await createItem(t, a);
    await post(t, '/api/market/status', { key: sold, status: 'sold' }, a.cookie);
    await createItem(t, b);
    await createAuction(t, b);
    // Listed long ago and sold now: a trade of this week, not a new listing.
    const old = await createItem(t, a);
    await db().update(marketItems).set({ createdAt: new Date('2020-01-01T00:00:00Z') }).where(eq(marketItems.postKey, old));
    await post(t, '/api/market/status', { key: old, status: 'sold' }, a.cookie);
    // A deleted item counts nowhere; an auction already decided is not running.
    const gone = await createItem(t, a);
    await post(t, '/api/market/delete', { key: gone }, a.cookie);
    const ended = await createAuction(t, a);
    await db().update(marketItems).set({ endedAt: new Date() }).where(eq(marketItems.postKey, ended.key));

    const after = await trades();
    expect(after).toEqual({
      listed: { today: before.listed.today + 4, week: before.listed.week + 4 },
      sold: { today: before.sold.today + 2, week: before.sold.week + 2 },
      auctions: before.auctions + 1,
    });
  });

  it('members may not read the figures', async () => {
    const res = await post(t, '/api/admin/dashboard', {}, a.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('listed');
  });
});

describe('reach', () => {
  it('previews an item with its subject, price and first photo; a deleted one previews as the site', async () => {
    const key = await createItem(t, a, { subject: '후지 X100VI 팝니다', price: 2_350_000, content: '<p>실버 색상, 풀박스</p>' });
    const preview = await previewOf(t.app.ctx, `/market/view/${key}`);
    expect(preview.title).toBe('후지 X100VI 팝니다');
    expect(preview.description).toContain('2,350,000원');
    expect(preview.description).toContain('풀박스');
    expect(preview.image?.path).toMatch(/^\/api\/file\/down\//);
    expect(preview.path).toBe(`/market/view/${key}`);
    await post(t, '/api/market/delete', { key }, a.cookie);
    expect((await previewOf(t.app.ctx, `/market/view/${key}`)).title).toBeNull();
  });

  it('lists items in the sitemap and the market feed', async () => {
    const key = await createItem(t, b, { category: 'c2', subject: '시그마 35mm 아트 렌즈' });
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    const file = /\/sitemap\/(market-\d+\.xml)/.exec(index.body)?.[1];
    expect(file).toBeTruthy();
    const urls = await t.app.inject({ method: 'GET', url: `/sitemap/${file}` });
    expect(urls.body).toContain(`/market/view/${key}`);

    const feed = await t.app.inject({ method: 'GET', url: '/feed/market.xml' });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    expect(feed.body).toContain(`https://chalkak.example/market/view/${key}`);
    expect(feed.body).toContain('시그마 35mm 아트 렌즈');
    const lenses = await t.app.inject({ method: 'GET', url: '/feed/market.xml?category=c2' });
    expect(lenses.body).toContain('렌즈');
    expect(lenses.body).toContain(`/market/view/${key}`);
    const bodies = await t.app.inject({ method: 'GET', url: '/feed/market.xml?category=c1' });
    expect(bodies.body).not.toContain(`/market/view/${key}`);
    expect((await t.app.inject({ method: 'GET', url: '/feed/market.xml?category=c77' })).statusCode).toBe(404);

    // A wanted ad says so, with the range its writer would pay rather than an asking price.
    const wanted = await createItem(t, a, { kind: 'wanted', category: 'c2', subject: '시그마 35mm 구합니다', price: 700_000, priceMin: 500_000, files: [] });
    const withWanted = (await t.app.inject({ method: 'GET', url: '/feed/market.xml' })).body;
    expect(withWanted).toContain(`/market/view/${wanted}`);
    expect(withWanted).toContain('[구하는 중] 시그마 35mm 구합니다');
    expect(withWanted).toContain('삽니다 500,000~700,000원');
  });
});

describe("the market's read level and hidden items beside it", () => {
  it('a reader below the read level gets neither the trace nor the product page\'s prices; a hidden sale leaves the recent prices', async () => {
    const product = await createProduct(t, { name: 'Level Body' });
    const sold = await createItem(t, a, { category: 'c1', subject: '레벨 바디 판매', price: 900_000, productKey: product.key });
    await post(t, '/api/market/status', { key: sold, status: 'sold', soldPrice: 880_000 }, a.cookie);
    const other = await createItem(t, b, { category: 'c1', subject: '레벨 바디 하나 더', price: 950_000, productKey: product.key });
    const prices = async () => (await post(t, '/api/market/view', { key: other }, b.cookie)).json().recentPrices.map((p: { key: number }) => p.key);
    expect(await prices()).toEqual([sold]);
    expect((await post(t, '/api/product/view', { productKey: product.key })).json().attached.usedPrices).toHaveLength(1);

    await setBoard(t, 'market', { readLevel: 2 });
    try {
      const trace = await post(t, '/api/market/trace', { productKey: product.key });
      expect(trace.statusCode).toBe(403);
      const view = (await post(t, '/api/product/view', { productKey: product.key })).json();
      expect(view.attached.usedPrices).toEqual([]);
      expect(view.attached.forSale).toEqual([]);
      expect((await post(t, '/api/market/trace', { productKey: product.key }, admin)).statusCode).toBe(200);
    } finally {
      await setBoard(t, 'market', { readLevel: 0 });
    }
    expect((await post(t, '/api/market/trace', { productKey: product.key })).statusCode).toBe(200);

    // Hidden after a report: its price no longer shows beside another item's asking price.
    await db().update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, sold));
    expect(await prices()).toEqual([]);
  });
});
