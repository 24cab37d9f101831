// Price alerts and wanted ads (decision 54): the alert calls (happy, bad input, the wrong member),
// alerts meeting items listed for sale through the market-match job (price, region, grade, own
// item, ignored seller, hidden item, once per pair) and wanted ads meeting sellers' items.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALERT_MSG, MarketAlertList } from '../../../common/api/market-alerts.js';
import { ALERT_LIMIT, MarketPage } from '../../../common/api/market.js';
import { alarms, jobs, marketAlerts, marketItems, posts, users } from '../../db/schema/index.js';
import { member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { createItem, createProduct, itemBody, seller, type TestMember } from '../../test/market.js';
import { MATCH_QUEUE, matchItem } from './alert-match.js';
import { NOTIFY_QUEUE } from '../notify/hook.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
}, 60_000);
afterAll(() => t.close());

const db = () => t.database.db;
const saveAlert = (m: { cookie: string }, body: Record<string, unknown>) => post(t, '/api/market/alert/save', body, m.cookie);
const listAlerts = async (m: { cookie: string }) => {
  const res = await post(t, '/api/market/alert/list', {}, m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return MarketAlertList.strict().parse(res.json());
};
const alertCount = async (no: number) => Number((await db().select({ n: sql<number>`count(*)::int` }).from(marketAlerts).where(eq(marketAlerts.userNo, no)))[0]!.n);
const refused = (res: { statusCode: number; json(): unknown }, status: number, message: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ message });
};

/** Waits until every market-match job of the item is done (the worker runs on its own). */
async function matched(itemKey: number) {
  const pending = async () =>
    Number(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(and(eq(jobs.queue, MATCH_QUEUE), sql`(${jobs.payload}->>'itemKey')::bigint = ${itemKey}`, sql`${jobs.doneAt} is null`))
      )[0]!.n,
    );
  for (let i = 0; i < 100 && (await pending()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
  expect(await pending()).toBe(0);
}
const alarmsOf = (no: number, kind: string) =>
  db()
    .select({ articleKey: alarms.articleKey, content: alarms.content, subject: alarms.subject })
    .from(alarms)
    .where(and(eq(alarms.userNo, no), eq(alarms.kind, kind)));

describe('/api/market/alert/save and list', () => {
  it('saves a product alert with its price, region and grade, and lists it as the member’s own', async () => {
    const m = await member(t);
    const product = await createProduct(t);
    const res = await saveAlert(m, { productKey: product.key, maxPrice: 1_500_000, region: 'seoul', condition: 'A' });
    expect(res.statusCode, res.body).toBe(200);
    const { alertKey } = res.json() as { alertKey: number };
    const list = await listAlerts(m);
    expect(list.limit).toBe(ALERT_LIMIT);
    expect(list.items).toEqual([
      { alertKey, product: { key: product.key, name: expect.stringContaining('Nikon Z Test') }, query: null, maxPrice: 1_500_000, region: 'seoul', condition: 'A', createdAt: expect.any(String) },
    ]);
    // A search alone will do too; newest first.
    expect((await saveAlert(m, { query: ' 라이카 M6 ' })).statusCode).toBe(200);
    const again = await listAlerts(m);
    expect(again.items.map((a) => a.query)).toEqual(['라이카 M6', null]);
    // Another member's list holds none of them.
    expect((await listAlerts(await member(t))).items).toEqual([]);
  });

  it('refuses an alert without a product or a search, an unknown product, a bad region or price; nothing is saved', async () => {
    const m = await member(t);
    refused(await saveAlert(m, {}), 400, ALERT_MSG.needWhat);
    refused(await saveAlert(m, { query: '   ', maxPrice: 100_000 }), 400, ALERT_MSG.needWhat);
    refused(await saveAlert(m, { productKey: 'no-such-product' }), 400, ALERT_MSG.noProduct);
    refused(await saveAlert(m, { query: '니콘', region: 'mars' }), 400, '지역을 확인해 주세요.');
    refused(await saveAlert(m, { query: '니콘', maxPrice: 10 }), 400, '최고 가격은 1,000원 이상이어야 합니다.');
    expect(await alertCount(m.no)).toBe(0);
  });

  it('cleans the search words as any member text, and refuses words with nothing to search in them; nothing is saved', async () => {
    const m = await member(t);
    const product = await createProduct(t);
    expect((await saveAlert(m, { query: '라이카\u202E M6\u0007' })).statusCode).toBe(200);
    expect((await listAlerts(m)).items.map((a) => a.query)).toEqual(['라이카 M6']);
    refused(await saveAlert(m, { productKey: product.key, query: '\u202E\u200B' }), 400, ALERT_MSG.noWords);
    refused(await saveAlert(m, { query: ' \u2066\u0007\u2069 ' }), 400, ALERT_MSG.noWords);
    expect(await alertCount(m.no)).toBe(1);
  });

  it(`keeps at most ${ALERT_LIMIT} alerts a member, with a Korean message past that`, async () => {
    const m = await member(t);
    for (let i = 0; i < ALERT_LIMIT; i++) expect((await saveAlert(m, { query: `렌즈${i}` })).statusCode).toBe(200);
    refused(await saveAlert(m, { query: '하나 더' }), 409, ALERT_MSG.tooMany);
    expect(await alertCount(m.no)).toBe(ALERT_LIMIT);
  });

  it('asks visitors to sign in', async () => {
    expect((await post(t, '/api/market/alert/save', { query: '니콘' })).statusCode).toBe(401);
    expect((await post(t, '/api/market/alert/list', {})).statusCode).toBe(401);
    expect((await post(t, '/api/market/alert/delete', { alertKey: 1 })).statusCode).toBe(401);
  });
});

describe('/api/market/alert/delete', () => {
  it('deletes the member’s own alert; another member’s is not found and stays; a bad key is refused', async () => {
    const owner = await member(t);
    const other = await member(t);
    const { alertKey } = (await saveAlert(owner, { query: '후지 X100V' })).json() as { alertKey: number };
    refused(await post(t, '/api/market/alert/delete', { alertKey }, other.cookie), 404, ALERT_MSG.noAlert);
    expect(await alertCount(owner.no)).toBe(1);
    refused(await post(t, '/api/market/alert/delete', { alertKey: 'x' }, owner.cookie), 400, ALERT_MSG.noAlert);
    const res = await post(t, '/api/market/alert/delete', { alertKey }, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await alertCount(owner.no)).toBe(0);
    refused(await post(t, '/api/market/alert/delete', { alertKey }, owner.cookie), 404, ALERT_MSG.noAlert);
  });
});

describe('an alert meets items listed for sale', () => {
  let sellerA: TestMember;
  beforeAll(async () => {
    sellerA = await seller(t);
  });

  it('fires when a matching item is listed (one alarm, one notify job), not again when the item is saved again', async () => {
    const watcher = await member(t);
    const product = await createProduct(t);
    expect((await saveAlert(watcher, { productKey: product.key, maxPrice: 2_000_000, region: 'seoul', condition: 'B' })).statusCode).toBe(200);
    const key = await createItem(t, sellerA, { productKey: product.key, price: 1_800_000, region: 'seoul', condition: 'A' });
    await matched(key);
    const got = await alarmsOf(watcher.no, 'market_alert');
    expect(got).toEqual([{ articleKey: key, subject: '니콘 Z6III 바디 팝니다', content: expect.stringContaining('1,800,000원') }]);
    const queued = await db()
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.queue, NOTIFY_QUEUE), sql`(${jobs.payload}->>'userNo')::int = ${watcher.no}`));
    expect(queued.map((j) => (j.payload as { kind: string }).kind)).toEqual(['market_alert']);
    // The seller edits it (a new match job runs): the pair was told already.
    const body = await itemBody(t, sellerA, { key, productKey: product.key, price: 1_700_000, region: 'seoul', condition: 'A' });
    expect((await post(t, '/api/market/save', body, sellerA.cookie)).statusCode).toBe(200);
    await matched(key);
    expect(await alarmsOf(watcher.no, 'market_alert')).toHaveLength(1);
  });

  it('does not fire when the price is above, the region differs, the grade is worse, or the item is the watcher’s own', async () => {
    const watcher = await seller(t);
    const product = await createProduct(t);
    expect((await saveAlert(watcher, { productKey: product.key, maxPrice: 1_000_000, region: 'busan', condition: 'S' })).statusCode).toBe(200);
    const keys = [
      await createItem(t, sellerA, { productKey: product.key, price: 1_000_001, region: 'busan', condition: 'S' }),
      await createItem(t, sellerA, { productKey: product.key, price: 900_000, region: 'seoul', condition: 'S' }),
      await createItem(t, sellerA, { productKey: product.key, price: 900_000, region: 'busan', condition: 'A' }),
      await createItem(t, watcher, { productKey: product.key, price: 900_000, region: 'busan', condition: 'new' }),
    ];
    for (const key of keys) await matched(key);
    expect(await alarmsOf(watcher.no, 'market_alert')).toEqual([]);
    // The same terms met exactly (price equal to the highest, a better grade) do fire: the test can fail.
    const fits = await createItem(t, sellerA, { productKey: product.key, price: 1_000_000, region: 'busan', condition: 'new' });
    await matched(fits);
    expect((await alarmsOf(watcher.no, 'market_alert')).map((a) => a.articleKey)).toEqual([fits]);
  });

  it('matches a search text as the market search does, and not for a seller the watcher ignores', async () => {
    const watcher = await member(t);
    const ignored = await seller(t);
    expect((await saveAlert(watcher, { query: '핫셀블라드 503CW' })).statusCode).toBe(200);
    const other = await createItem(t, sellerA, { subject: '펜탁스 67 바디' });
    const hit = await createItem(t, sellerA, { subject: '핫셀블라드 503CW 세트 팝니다' });
    expect((await post(t, '/api/user/ignore', { userId: ignored.userId }, watcher.cookie)).statusCode).toBe(200);
    const fromIgnored = await createItem(t, ignored, { subject: '핫셀블라드 503CW 급처' });
    for (const key of [other, hit, fromIgnored]) await matched(key);
    expect((await alarmsOf(watcher.no, 'market_alert')).map((a) => a.articleKey)).toEqual([hit]);
  });

  it('checks every search alert against the item in one statement, however many there are', async () => {
    const key = await createItem(t, sellerA, { subject: '콘탁스 T2 티타늄 팝니다' });
    await matched(key);
    // Saved after the item's job: the run measured below is the only one to meet them.
    const watchers: TestMember[] = [];
    for (let i = 0; i < 6; i++) {
      const w = await member(t);
      watchers.push(w);
      expect((await saveAlert(w, { query: i % 2 ? '콘탁스 T2' : `없는 말 ${i}` })).statusCode).toBe(200);
    }
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    const textOf = (q: unknown) => (typeof q === 'string' ? q : ((q as { text?: string } | null)?.text ?? ''));
    let searched: number;
    try {
      await matchItem(db(), key);
      searched = spy.mock.calls.filter((c) => /search_(text|bigrams)/.test(textOf(c[0]))).length;
    } finally {
      spy.mockRestore();
    }
    expect(searched).toBe(1);
    const told = [];
    for (const w of watchers) if ((await alarmsOf(w.no, 'market_alert')).some((a) => a.articleKey === key)) told.push(w.no);
    expect(told).toEqual([watchers[1]!.no, watchers[3]!.no, watchers[5]!.no]);
  });

  it('does not fire for a hidden item', async () => {
    const watcher = await member(t);
    const product = await createProduct(t);
    expect((await saveAlert(watcher, { productKey: product.key, maxPrice: 500_000 })).statusCode).toBe(200);
    const key = await createItem(t, sellerA, { productKey: product.key, price: 900_000 });
    await matched(key);
    await db().update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, key));
    // Hidden, then brought under the alert's price: still nobody is told.
    const body = await itemBody(t, sellerA, { key, productKey: product.key, price: 400_000 });
    expect((await post(t, '/api/market/save', body, sellerA.cookie)).statusCode).toBe(200);
    await matched(key);
    expect(await alarmsOf(watcher.no, 'market_alert')).toEqual([]);
  });
});

describe('wanted ads (삽니다)', () => {
  it('are saved without photos, listed under their own filter only, and go from 구하는 중 to 구했음 by their writer', async () => {
    const buyer = await seller(t);
    const other = await seller(t);
    const product = await createProduct(t);
    const key = await createItem(t, buyer, { kind: 'wanted', subject: '소니 A7C2 삽니다', productKey: product.key, price: 2_000_000, priceMin: 1_500_000, files: [] });
    const [row] = await db().select().from(marketItems).where(eq(marketItems.postKey, key));
    expect(row).toMatchObject({ kind: 'wanted', status: 'wanted', price: 2_000_000, priceMin: 1_500_000, auction: false });
    const wanted = MarketPage.parse((await post(t, '/api/market/list', { kind: 'wanted', productKey: product.key })).json());
    expect(wanted.items.map((i) => [i.key, i.kind, i.priceMin, i.status])).toEqual([[key, 'wanted', 1_500_000, 'wanted']]);
    const selling = MarketPage.parse((await post(t, '/api/market/list', { productKey: product.key })).json());
    expect(selling.items).toEqual([]);

    refused(await post(t, '/api/market/status', { key, status: 'found' }, other.cookie), 403, '판매자와 관리자만 거래 상태를 바꿀 수 있습니다.');
    refused(await post(t, '/api/market/status', { key, status: 'sold' }, buyer.cookie), 400, '삽니다 글은 구하는 중에서 구했음으로만 바꿀 수 있습니다.');
    const res = await post(t, '/api/market/status', { key, status: 'found' }, buyer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await db().select().from(marketItems).where(eq(marketItems.postKey, key));
    // No sale is recorded: the price trace stays made of items sold.
    expect(after).toMatchObject({ status: 'found', soldPrice: null, soldAt: null });
  });

  it('refuses an auction, a range upside down, a sale without photos and a sale turned into a wanted ad', async () => {
    const buyer = await seller(t);
    const base = await itemBody(t, buyer, { kind: 'wanted', files: [] });
    const auction = { startPrice: 100_000, bidStep: 1_000, endsAt: new Date(Date.now() + 86_400_000).toISOString() };
    refused(await post(t, '/api/market/save', { ...base, auction }, buyer.cookie), 400, '삽니다 글은 경매로 올릴 수 없습니다.');
    refused(await post(t, '/api/market/save', { ...base, price: 100_000, priceMin: 200_000 }, buyer.cookie), 400, '최소 가격은 최대 가격보다 높을 수 없습니다.');
    refused(await post(t, '/api/market/save', { ...base, kind: 'sell' }, buyer.cookie), 400, '사진을 한 장 이상 올려 주세요.');
    const key = await createItem(t, buyer);
    refused(await post(t, '/api/market/save', { ...base, key }, buyer.cookie), 400, '등록한 뒤에는 팝니다와 삽니다를 바꿀 수 없습니다.');
    refused(await post(t, '/api/market/status', { key, status: 'found' }, buyer.cookie), 400, '구하는 중과 구했음은 삽니다 글의 상태입니다.');
    const count = await db().select({ n: sql<number>`count(*)::int` }).from(marketItems).where(eq(marketItems.sellerNo, buyer.no));
    expect(Number(count[0]!.n)).toBe(1);
  });

  it('tell the sellers of the product’s items within the range, not those above it, not the writer’s own', async () => {
    const buyer = await seller(t);
    const inRange = await seller(t);
    const above = await seller(t);
    const product = await createProduct(t);
    const fits = await createItem(t, inRange, { productKey: product.key, price: 1_500_000 });
    const tooDear = await createItem(t, above, { productKey: product.key, price: 2_500_000 });
    const own = await createItem(t, buyer, { productKey: product.key, price: 1_500_000 });
    for (const k of [fits, tooDear, own]) await matched(k);
    const ad = await createItem(t, buyer, { kind: 'wanted', subject: '니콘 바디 삽니다', productKey: product.key, price: 2_000_000, priceMin: 1_000_000, files: [] });
    await matched(ad);
    expect(await alarmsOf(inRange.no, 'market_wanted')).toEqual([{ articleKey: ad, subject: '니콘 바디 삽니다', content: expect.stringContaining('1,000,000원~2,000,000원') }]);
    expect(await alarmsOf(above.no, 'market_wanted')).toEqual([]);
    expect(await alarmsOf(buyer.no, 'market_wanted')).toEqual([]);
  });

  it('tell the seller of an item listed, saved again or shown again when an open ad of its product fits it, once per pair', async () => {
    const buyer = await seller(t);
    const product = await createProduct(t);
    const ad = await createItem(t, buyer, { kind: 'wanted', subject: '니콘 바디 구합니다', productKey: product.key, price: 2_000_000, priceMin: 1_000_000, files: [] });
    // Ads that are not open, or whose writer is gone, tell nobody.
    const wantedAd = (m: TestMember) => createItem(t, m, { kind: 'wanted', productKey: product.key, price: 2_000_000, files: [] });
    const hiddenAd = await wantedAd(await seller(t));
    await db().update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, hiddenAd));
    const foundBy = await seller(t);
    const foundAd = await wantedAd(foundBy);
    expect((await post(t, '/api/market/status', { key: foundAd, status: 'found' }, foundBy.cookie)).statusCode).toBe(200);
    const goneBy = await seller(t);
    const goneAd = await wantedAd(goneBy);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.no, goneBy.no));
    for (const k of [ad, hiddenAd, foundAd, goneAd]) await matched(k);

    const late = await seller(t);
    const fits = await createItem(t, late, { productKey: product.key, price: 1_500_000 });
    await matched(fits);
    expect(await alarmsOf(late.no, 'market_wanted')).toEqual([{ articleKey: ad, subject: '니콘 바디 구합니다', content: expect.stringContaining("'니콘 Z6III 바디 팝니다'") }]);

    // Above the range: not told; brought into it by an edit: told, and once only however often it is saved.
    const dear = await seller(t);
    const dearKey = await createItem(t, dear, { productKey: product.key, price: 2_500_000 });
    await matched(dearKey);
    expect(await alarmsOf(dear.no, 'market_wanted')).toEqual([]);
    for (const price of [1_900_000, 1_800_000]) {
      const body = await itemBody(t, dear, { key: dearKey, productKey: product.key, price });
      expect((await post(t, '/api/market/save', body, dear.cookie)).statusCode).toBe(200);
      await matched(dearKey);
    }
    expect((await alarmsOf(dear.no, 'market_wanted')).map((a) => a.articleKey)).toEqual([ad]);

    // Hidden, then shown again (the restore queues the same job): told then.
    const shy = await seller(t);
    const shyKey = await createItem(t, shy, { productKey: product.key, price: 1_200_000 });
    await db().update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, shyKey));
    await matched(shyKey);
    await db().update(posts).set({ hiddenAt: null }).where(eq(posts.key, shyKey));
    expect(await alarmsOf(shy.no, 'market_wanted')).toEqual([]);
    await matchItem(db(), shyKey);
    expect((await alarmsOf(shy.no, 'market_wanted')).map((a) => a.articleKey)).toEqual([ad]);

    // Not for the ad's own writer, nor for a seller who ignores them, nor below the range.
    const own = await createItem(t, buyer, { productKey: product.key, price: 1_500_000 });
    const ignorer = await seller(t);
    expect((await post(t, '/api/user/ignore', { userId: buyer.userId }, ignorer.cookie)).statusCode).toBe(200);
    const fromIgnorer = await createItem(t, ignorer, { productKey: product.key, price: 1_500_000 });
    const cheap = await seller(t);
    const cheapKey = await createItem(t, cheap, { productKey: product.key, price: 900_000 });
    for (const k of [own, fromIgnorer, cheapKey]) await matched(k);
    expect(await alarmsOf(buyer.no, 'market_wanted')).toEqual([]);
    expect(await alarmsOf(ignorer.no, 'market_wanted')).toEqual([]);
    expect(await alarmsOf(cheap.no, 'market_wanted')).toEqual([]);
  });
});
