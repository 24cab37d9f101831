// /api/market/list filters and paging, and the used-price trace (numbers, KST months, bounds).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketPage, Trace } from '../../../common/api/market.js';
import { marketItems, products, users } from '../../db/schema/index.js';
import { adminCookie } from '../../test/boards.js';
import { resetClock, setClock } from '../../test/clock.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { createItem, createProduct, seller, type TestMember } from '../../test/market.js';
import { thinEvenly } from './trace.js';

let t: TestApp;
let admin: string;
let a: TestMember;
let b: TestMember;
const keys: Record<string, number> = {};
let product: { id: number; key: string };

// A fixed clock, so the 24-month window and the KST months are the same whenever this runs.
const NOW = new Date('2026-06-15T03:00:00Z');

beforeAll(async () => {
  setClock(NOW);
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  a = await seller(t);
  b = await seller(t);
  // Members long before the fixed clock: a new item is a post to the new-member rules, and the
  // harness's members joined a month before the real date.
  await t.database.db.update(users).set({ joinDate: new Date('2025-01-01T00:00:00Z') }).where(inArray(users.no, [a.no, b.no]));
  product = await createProduct(t, { name: 'Trace Body' });
  keys.body = await createItem(t, a, { category: 'c1', subject: '소니 A7M4 바디', price: 2_100_000, region: 'seoul', productKey: product.key });
  keys.lens = await createItem(t, a, { category: 'c2', subject: '캐논 50mm 렌즈', price: 150_000, region: 'busan' });
  keys.flash = await createItem(t, b, { category: 'c3', subject: '고독스 플래시', price: 90_000, region: 'busan' });
  keys.auction = await createItem(t, b, {
    category: 'c1',
    subject: '라이카 M6 경매',
    price: 3_000_000,
    region: 'jeju',
    auction: { startPrice: 3_000_000, bidStep: 50_000, endsAt: new Date(NOW.getTime() + 48 * 3600_000).toISOString() },
  });
  keys.sold = await createItem(t, a, { category: 'c1', subject: '니콘 D850 바디', price: 1_900_000, region: 'seoul', productKey: product.key });
  expect((await post(t, '/api/market/status', { key: keys.sold, status: 'sold', soldPrice: 1_850_000 }, a.cookie)).statusCode).toBe(200);
});
afterAll(async () => {
  resetClock();
  await t.close();
});

const list = async (q: object, cookie?: string) => {
  const res = await post(t, '/api/market/list', q, cookie);
  expect(res.statusCode).toBe(200);
  const page = MarketPage.parse(res.json());
  return { ...page, keys: page.items.map((i) => i.key) };
};

describe('/api/market/list', () => {
  it('lists open items newest first, sold ones hidden by default', async () => {
    const page = await list({ category: 'all' });
    expect(page.keys).toEqual([keys.auction, keys.flash, keys.lens, keys.body]);
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 4 });
    const card = page.items.find((i) => i.key === keys.body)!;
    expect(card).toMatchObject({ categoryName: '바디', price: 2_100_000, region: 'seoul', status: 'selling', product: { key: product.key }, seller: { userId: a.userId } });
    expect(card.thumbUrl).toContain('/thumb');
    expect(page.items.find((i) => i.key === keys.auction)!.auction).toMatchObject({ currentPrice: null, bidCount: 0, ended: false });
  });

  it('filters by category, status, region, price range, auctions, product, seller and search', async () => {
    expect((await list({ category: 'c1' })).keys).toEqual([keys.auction, keys.body]);
    expect((await list({ category: 'all', status: 'sold' })).keys).toEqual([keys.sold]);
    expect((await list({ category: 'all', status: 'all' })).total).toBe(5);
    expect((await list({ category: 'all', region: 'busan' })).keys).toEqual([keys.flash, keys.lens]);
    expect((await list({ category: 'all', minPrice: 100_000, maxPrice: 2_500_000 })).keys).toEqual([keys.lens, keys.body]);
    expect((await list({ category: 'all', auction: true })).keys).toEqual([keys.auction]);
    expect((await list({ category: 'all', productKey: product.key })).keys).toEqual([keys.body]);
    expect((await list({ category: 'all', productKey: product.key, status: 'all' })).keys).toEqual([keys.sold, keys.body]);
    // A seller's own list shows every status (the personal space).
    expect((await list({ category: 'all', seller: a.userId })).keys).toEqual([keys.sold, keys.lens, keys.body]);
    expect((await list({ category: 'all', seller: b.userId, status: 'selling' })).keys).toEqual([keys.auction, keys.flash]);
    expect((await list({ category: 'all', search: '플래시' })).keys).toEqual([keys.flash]);
    expect((await list({ category: 'all', search: '바디', status: 'all' })).keys).toEqual([keys.sold, keys.body]);
  });

  it('pages 20 at a time with the total', async () => {
    const page2 = await list({ category: 'all', page: 2 });
    expect(page2).toMatchObject({ items: [], page: 2, total: 4 });
  });

  it('refuses an unknown category, region, product and bad prices in Korean', async () => {
    const cat = await post(t, '/api/market/list', { category: 'c42' });
    expect(cat.statusCode).toBe(404);
    expect(cat.json().message).toBe('forward:분류를 찾을 수 없습니다.');
    const region = await post(t, '/api/market/list', { category: 'all', region: 'mars' });
    expect(region.statusCode).toBe(400);
    expect(region.json().message).toBe('지역을 확인해 주세요.');
    const price = await post(t, '/api/market/list', { category: 'all', minPrice: 'lots' });
    expect(price.statusCode).toBe(400);
    expect(price.json().message).toBe('가격을 숫자로 입력해 주세요.');
    const unknown = await post(t, '/api/market/list', { category: 'all', productKey: 'no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('제품을 찾을 수 없습니다.');
  });

  it('a cached list follows every write: a new item, a status change, a deletion', async () => {
    const before = await list({ category: 'c4' });
    expect(before.total).toBe(0);
    // Searches are kept as lists are, and dropped by the same writes.
    expect((await list({ category: 'all', search: '삼각대' })).total).toBe(0);
    const key = await createItem(t, b, { category: 'c4', subject: '삼각대' });
    expect((await list({ category: 'c4' })).keys).toEqual([key]);
    expect((await list({ category: 'all', search: '삼각대' })).keys).toEqual([key]);
    // Past the last page of a search, the total is still told.
    expect(await list({ category: 'all', search: '삼각대', page: 2 })).toMatchObject({ items: [], total: 1 });
    await post(t, '/api/market/status', { key, status: 'reserved' }, b.cookie);
    expect((await list({ category: 'c4' })).items[0]!.status).toBe('reserved');
    expect((await list({ category: 'all', search: '삼각대' })).items[0]!.status).toBe('reserved');
    await post(t, '/api/market/delete', { key }, b.cookie);
    expect((await list({ category: 'c4' })).total).toBe(0);
    expect((await list({ category: 'all', search: '삼각대' })).total).toBe(0);
    // Admins read afresh too.
    expect((await list({ category: 'c4' }, admin)).total).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('/api/market/trace', () => {
  let traced: { id: number; key: string };
  let merged: { id: number; key: string };
  beforeAll(async () => {
    traced = await createProduct(t, { name: 'Trace Lens' });
    merged = await createProduct(t, { name: 'Trace Lens Dup' });
    const sale = async (price: number, soldAt: string, createdAt: string, productId = traced.id) => {
      const key = await createItem(t, a, { category: 'c2', subject: `렌즈 ${price}`, price: price + 50_000, productKey: traced.key });
      await post(t, '/api/market/status', { key, status: 'sold', soldPrice: price }, a.cookie);
      await t.database.db.update(marketItems).set({ soldAt: new Date(soldAt), createdAt: new Date(createdAt), productId }).where(eq(marketItems.postKey, key));
      return key;
    };
    // January (KST): three sales, odd count. 2026-01-31T14:59:59Z is still January 31 in Seoul.
    await sale(100_000, '2026-01-05T00:00:00Z', '2026-01-01T00:00:00Z');
    await sale(200_000, '2026-01-20T00:00:00Z', '2026-01-02T00:00:00Z');
    await sale(900_000, '2026-01-31T14:59:59Z', '2026-01-03T00:00:00Z');
    // February (KST) begins at 2026-01-31T15:00:00Z: four sales, even count; one linked to the
    // product later merged into the traced one.
    await sale(100_000, '2026-01-31T15:00:00Z', '2026-01-10T00:00:00Z');
    await sale(200_000, '2026-02-10T00:00:00Z', '2026-01-11T00:00:00Z');
    await sale(301_000, '2026-02-11T00:00:00Z', '2026-01-12T00:00:00Z', merged.id);
    await sale(1_000_000, '2026-02-12T00:00:00Z', '2026-01-13T00:00:00Z');
    // Older than 24 months: in the monthly summaries and the count, not among the points.
    await sale(50_000, '2023-03-01T00:00:00Z', '2023-02-01T00:00:00Z');
    await t.database.db.update(products).set({ mergedInto: traced.id, hidden: true }).where(eq(products.id, merged.id));
  });

  it('gives sold and asking points, monthly min, median and max in KST months, and the trade count', async () => {
    const res = await post(t, '/api/market/trace', { productKey: traced.key });
    expect(res.statusCode).toBe(200);
    const trace = Trace.parse(res.json());
    expect(trace.product).toMatchObject({ key: traced.key, type: 'body' });
    expect(trace.tradeCount).toBe(8);
    expect(trace.soldMonths).toEqual([
      { month: '2023-03', count: 1, min: 50_000, median: 50_000, max: 50_000 },
      { month: '2026-01', count: 3, min: 100_000, median: 200_000, max: 900_000 },
      // (200,000 + 301,000) / 2 = 250,500.
      { month: '2026-02', count: 4, min: 100_000, median: 250_500, max: 1_000_000 },
    ]);
    expect(trace.sold.map((p) => p.price)).toEqual([100_000, 200_000, 900_000, 100_000, 200_000, 301_000, 1_000_000]);
    expect(trace.sold[0]).toEqual({ at: '2026-01-05T00:00:00.000Z', price: 100_000 });
    // The sales under the chart: newest first with their items, the older-than-24-months one too.
    expect(trace.recentSold.map((p) => p.price)).toEqual([1_000_000, 301_000, 200_000, 100_000, 900_000, 200_000, 100_000, 50_000]);
    expect(trace.recentSold[0]).toMatchObject({ at: '2026-02-12T00:00:00.000Z', subject: '렌즈 1000000' });
    expect(trace.asking.map((p) => p.price)).toContain(150_000);
    expect(trace.askingMonths.find((m) => m.month === '2026-01')!.count).toBe(7);
    expect(trace.forSale).toEqual([]);
  });

  it('lists items for sale now, answers a merged key with the product it went into, and refuses unknown products', async () => {
    const key = await createItem(t, b, { category: 'c2', subject: '렌즈 새것', price: 400_000, productKey: traced.key });
    const trace = (await post(t, '/api/market/trace', { productKey: traced.key })).json();
    expect(trace.forSale.map((i: { key: number }) => i.key)).toEqual([key]);
    expect((await post(t, '/api/market/trace', { productKey: merged.key })).json().tradeCount).toBe(8);
    const unknown = await post(t, '/api/market/trace', { productKey: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('제품을 찾을 수 없습니다.');
    const empty = await post(t, '/api/market/trace', { productKey: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('제품을 찾을 수 없습니다.');
    await t.database.db.update(marketItems).set({ deletedAt: new Date() }).where(inArray(marketItems.postKey, [key]));
  });

  it("fills the product page's used prices and items for sale, and the item page's recent prices", async () => {
    const key = await createItem(t, b, { category: 'c2', subject: '렌즈 하나 더', price: 420_000, productKey: traced.key });
    const view = (await post(t, '/api/product/view', { productKey: traced.key })).json();
    expect(view.attached.usedPrices.length).toBe(8);
    expect(view.attached.usedPrices[0]).toMatchObject({ price: 50_000 });
    expect(view.attached.usedPrices.at(-1)).toMatchObject({ price: 1_000_000 });
    // The seller's userId comes along, for the app to fold an ignored member's item (decision 46).
    expect(view.attached.forSale).toEqual([expect.objectContaining({ itemKey: String(key), price: 420_000, title: '렌즈 하나 더', sellerId: b.userId })]);
    const item = (await post(t, '/api/market/view', { key })).json();
    // The newest five sales of the item's own product.
    expect(item.recentPrices.map((p: { price: number }) => p.price)).toEqual([1_000_000, 200_000, 100_000, 900_000, 200_000]);
  });
});

describe('thinEvenly (the trace chart\'s points)', () => {
  it('keeps every point up to the bound, and past it spreads the kept ones evenly with the first and last', () => {
    const points = Array.from({ length: 10 }, (_, i) => i);
    expect(thinEvenly(points, 10)).toEqual(points);
    expect(thinEvenly(points, 20)).toEqual(points);
    expect(thinEvenly(points, 4)).toEqual([0, 3, 6, 9]);
    const many = Array.from({ length: 5_000 }, (_, i) => i);
    const kept = thinEvenly(many, 500);
    expect(kept).toHaveLength(500);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(4_999);
    // No two kept points are the same one, and none is more than one step off the even spacing.
    expect(new Set(kept).size).toBe(500);
    for (let i = 1; i < kept.length; i++) expect(kept[i]! - kept[i - 1]!).toBeGreaterThanOrEqual(10);
  });
});
