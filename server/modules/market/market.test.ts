// Market item calls: categories, save, view, status, delete, bump; who may sell; alarms.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketView } from '../../../common/api/market.js';
import { adminAudit, alarms, favorites, marketItems, posts, productMaps, users } from '../../db/schema/index.js';
import { adminCookie, member, uploadedFile } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { createItem, createProduct, itemBody, requireRealNameFor, seller, type TestMember } from '../../test/market.js';
import { flushViews } from '../posts/view-counter.js';

let t: TestApp;
let admin: string;
let a: TestMember;
let b: TestMember;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  a = await seller(t);
  b = await seller(t);
});
afterAll(() => t.close());

const itemRow = async (key: number) => (await t.database.db.select().from(marketItems).where(eq(marketItems.postKey, key)))[0]!;
const view = (key: number, cookie?: string) => post(t, '/api/market/view', { key }, cookie);
const HOUR = 3600_000;

describe('/api/market/categories', () => {
  it('lists the market board categories', async () => {
    const res = await post(t, '/api/market/categories');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { code: 'c1', name: '바디' },
      { code: 'c2', name: '렌즈' },
      { code: 'c3', name: '플래시·조명' },
      { code: 'c4', name: '액세서리' },
      { code: 'c5', name: '필름 카메라' },
      { code: 'c6', name: '기타' },
    ]);
  });
});

describe('/api/market/save', () => {
  it('creates an item with its post, photo and product, and shows it in the view', async () => {
    const product = await createProduct(t);
    const key = await createItem(t, a, { productKey: product.key });
    const row = await itemRow(key);
    expect(row).toMatchObject({ sellerNo: a.no, category: 'c1', price: 1_800_000, status: 'selling', productId: product.id, productGuessed: false, auction: false });
    const [p] = await t.database.db.select().from(posts).where(eq(posts.key, key));
    expect(p).toMatchObject({ boardId: 'market', subject: '니콘 Z6III 바디 팝니다', hasImage: true });

    const res = await view(key, a.cookie);
    expect(res.statusCode).toBe(200);
    const v = MarketView.strict().parse(res.json());
    expect(v).toMatchObject({ key, categoryName: '바디', price: 1_800_000, status: 'selling', region: 'seoul', sellerReal: false, product: { key: product.key } });
    expect(v.files).toHaveLength(1);
    expect(v.thumbUrl).toContain('/thumb');
    expect(v.abilities).toMatchObject({
      canEdit: true,
      canEditPrice: true,
      canDelete: true,
      canChangeStatus: true,
      canBump: false,
      canBid: false,
      canCancel: false,
      canReport: false,
      isSeller: true,
    });
    expect(v.seller.userId).toBe(a.userId);
  });

  it('guesses the product from the subject with the admin product map when the seller leaves it empty', async () => {
    const product = await createProduct(t, { name: 'Zf Guess' });
    await t.database.db.insert(productMaps).values({ pattern: '"zf 바디"', productId: product.id });
    const key = await createItem(t, a, { subject: '니콘 Zf 바디 급처' });
    expect(await itemRow(key)).toMatchObject({ productId: product.id, productGuessed: true });
    expect((await view(key)).json()).toMatchObject({ productGuessed: true, product: { key: product.key } });
  });

  it('sanitises the content', async () => {
    const key = await createItem(t, a, { content: '<p>좋아요<script>alert(1)</script><img src=x onerror=alert(1)></p>' });
    const v = (await view(key)).json();
    expect(v.contentHtml).not.toMatch(/script|onerror/);
  });

  it.each([
    ['a negative price', { price: -1000 }, '가격은 1,000원 이상이어야 합니다.'],
    ['an absurd price', { price: 5_000_000_000 }, '가격은 999,999,999원 이하여야 합니다.'],
    ['no photo', { files: [] }, '사진을 한 장 이상 올려 주세요.'],
    ['an unknown region', { region: 'mars' }, '지역을 골라 주세요.'],
    ['a malformed category', { category: 'x' }, '분류를 골라 주세요.'],
  ])('refuses %s in Korean and saves nothing', async (_name, over, message) => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(marketItems))[0]!.n;
    const res = await post(t, '/api/market/save', { ...(await itemBody(t, a)), ...over }, a.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(marketItems))[0]!.n).toBe(before);
  });

  it('refuses an unknown category, a file that is no photo, and an unknown product', async () => {
    const unknown = await post(t, '/api/market/save', await itemBody(t, a, { category: 'c99' }), a.cookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('분류를 찾을 수 없습니다.');
    const doc = await uploadedFile(t, a.no, { image: false, name: 'doc.pdf', mime: 'application/pdf' });
    const noPhoto = await post(t, '/api/market/save', await itemBody(t, a, { files: [doc] }), a.cookie);
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().message).toBe('사진을 한 장 이상 올려 주세요.');
    // The failed save left no post behind.
    expect((await t.database.db.select().from(posts).where(sql`${posts.key} in (select post_key from files where key = ${doc})`)).length).toBe(0);
    const noProduct = await post(t, '/api/market/save', await itemBody(t, a, { productKey: 'no-such-product' }), a.cookie);
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().message).toBe('제품을 찾을 수 없습니다.');
  });

  it('refuses visitors, members whose level may not sell, and honours the admin override both ways', async () => {
    expect((await post(t, '/api/market/save', await itemBody(t, a))).statusCode).toBe(401);
    const low = await member(t);
    const res = await post(t, '/api/market/save', await itemBody(t, low), low.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('등급');
    // The level may sell (100 points: 입문), but the admin said no.
    const refused = await member(t);
    await t.database.db.update(users).set({ canMarket: false, points: 500, levelId: sql`(select id from levels where min_points = 100)` }).where(eq(users.no, refused.no));
    expect((await post(t, '/api/market/save', await itemBody(t, refused), refused.cookie)).statusCode).toBe(403);
    await t.database.db.update(users).set({ canMarket: null }).where(eq(users.no, refused.no));
    expect((await post(t, '/api/market/save', await itemBody(t, refused), refused.cookie)).statusCode).toBe(200);
  });

  it('refuses an unverified member when the community asks for real names, and shows the trust badge', async () => {
    await requireRealNameFor(t, ['market']);
    try {
      const res = await post(t, '/api/market/save', await itemBody(t, a), a.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain('실명 인증');
      const real = await seller(t);
      await t.database.db.update(users).set({ real: true }).where(eq(users.no, real.no));
      const key = await createItem(t, { ...real, cookie: real.cookie });
      expect((await view(key)).json().sellerReal).toBe(true);
    } finally {
      await requireRealNameFor(t, []);
    }
  });

  it('lets the seller edit; another member gets 403 and nothing changes', async () => {
    const key = await createItem(t, a);
    const body = await itemBody(t, a, { key, subject: '가격 내립니다', price: 1_500_000 });
    const other = await post(t, '/api/market/save', { ...body, files: [] , subject: '남의 글' }, b.cookie);
    expect(other.statusCode).toBe(400); // no photo is checked first by the schema
    const otherWithPhoto = await post(t, '/api/market/save', { ...(await itemBody(t, b, { key, subject: '남의 글' })) }, b.cookie);
    expect(otherWithPhoto.statusCode).toBe(403);
    expect(otherWithPhoto.json().message).toBe('판매자와 관리자만 고칠 수 있습니다.');
    expect((await itemRow(key)).price).toBe(1_800_000);
    const current = (await view(key, a.cookie)).json();
    const ok = await post(t, '/api/market/save', { ...body, files: current.files.map((f: { fileKey: string }) => f.fileKey) }, a.cookie);
    expect(ok.statusCode).toBe(200);
    expect((await itemRow(key)).price).toBe(1_500_000);
    expect((await view(key)).json().subject).toBe('가격 내립니다');
  });

  it('creates an auction with its terms; refuses an end in the past, too soon or too far', async () => {
    const endsAt = new Date(Date.now() + 48 * HOUR).toISOString();
    const key = await createItem(t, a, { auction: { startPrice: 500_000, bidStep: 10_000, buyNowPrice: 900_000, endsAt } });
    expect(await itemRow(key)).toMatchObject({ auction: true, price: 500_000, bidStep: 10_000, buyNowPrice: 900_000, bidCount: 0 });
    const v = (await view(key, b.cookie)).json();
    expect(v.auctionState).toMatchObject({ startPrice: 500_000, minBid: 500_000, ended: false, leading: false });
    expect(v.abilities).toMatchObject({ canBid: true, canReport: true, isSeller: false });
    expect(v.auction).toMatchObject({ currentPrice: null, bidCount: 0, ended: false });

    for (const [at, message] of [
      [new Date(Date.now() - HOUR), '마감 시각은 지금부터 1시간 이후로 골라 주세요.'],
      [new Date(Date.now() + 30 * 60_000), '마감 시각은 지금부터 1시간 이후로 골라 주세요.'],
      [new Date(Date.now() + 15 * 24 * HOUR), '마감 시각은 지금부터 14일 이내로 골라 주세요.'],
    ] as const) {
      const res = await post(t, '/api/market/save', await itemBody(t, a, { auction: { startPrice: 500_000, bidStep: 10_000, endsAt: at.toISOString() } }), a.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const badBuyNow = await post(t, '/api/market/save', await itemBody(t, a, { auction: { startPrice: 500_000, bidStep: 10_000, buyNowPrice: 400_000, endsAt } }), a.cookie);
    expect(badBuyNow.statusCode).toBe(400);
    expect(badBuyNow.json().message).toBe('즉시 구매가는 시작가보다 높아야 합니다.');
  });

  it('keeps the price terms of an auction with bids and refuses its deletion; an admin cancels it with a reason', async () => {
    const endsAt = new Date(Date.now() + 48 * HOUR).toISOString();
    const key = await createItem(t, a, { auction: { startPrice: 500_000, bidStep: 10_000, endsAt } });
    // A bid as the auction would record it.
    await t.database.db.update(marketItems).set({ bidCount: 1, currentPrice: 500_000, leaderNo: b.no }).where(eq(marketItems.postKey, key));
    const files = (await view(key, a.cookie)).json().files.map((f: { fileKey: string }) => f.fileKey);
    const cheaper = await post(t, '/api/market/save', await itemBody(t, a, { key, files, auction: { startPrice: 100_000, bidStep: 10_000, endsAt } }), a.cookie);
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().message).toContain('입찰이 있는 경매');
    // The text may still change.
    const text = await post(t, '/api/market/save', await itemBody(t, a, { key, files, subject: '설명 보강', auction: { startPrice: 500_000, bidStep: 10_000, endsAt } }), a.cookie);
    expect(text.statusCode).toBe(200);
    const del = await post(t, '/api/market/delete', { key }, a.cookie);
    expect(del.statusCode).toBe(409);
    expect((await view(key, a.cookie)).json().abilities).toMatchObject({ canDelete: false, canEditPrice: false, canChangeStatus: false });

    const sellerCancel = await post(t, '/api/market/status', { key, status: 'cancelled', reason: '판매 취소' }, a.cookie);
    expect(sellerCancel.statusCode).toBe(403);
    const noReason = await post(t, '/api/market/status', { key, status: 'cancelled' }, admin);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('취소 사유를 입력해 주세요.');
    expect((await view(key, admin)).json().abilities).toMatchObject({ canCancel: true, canReport: true, isSeller: false });
    const cancel = await post(t, '/api/market/status', { key, status: 'cancelled', reason: '허위 매물 신고 확인' }, admin);
    expect(cancel.statusCode).toBe(200);
    expect(await itemRow(key)).toMatchObject({ status: 'cancelled', cancelReason: '허위 매물 신고 확인' });
    expect((await itemRow(key)).endedAt).not.toBeNull();
    const [record] = await t.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'market.cancel'), eq(adminAudit.targetKey, String(key))));
    expect(record).toBeTruthy();
    expect((await view(key)).json()).toMatchObject({ status: 'cancelled', cancelReason: '허위 매물 신고 확인' });
  });
});

describe('/api/market/status', () => {
  it("tells the seller of a plain sale an administrator cancelled '매물을' (the particle of 매물)", async () => {
    const key = await createItem(t, a, { subject: '후지 X100VI' });
    const cancel = await post(t, '/api/market/status', { key, status: 'cancelled', reason: '중복 등록' }, admin);
    expect(cancel.statusCode).toBe(200);
    const told = await t.database.db.select().from(alarms).where(and(eq(alarms.userNo, a.no), eq(alarms.articleKey, key)));
    expect(told.map((x) => x.content)).toEqual(['관리자가 매물을 취소했습니다(사유: 중복 등록): 후지 X100VI']);
  });

  it('moves selling → reserved → selling → sold, records the sale, and alarms members who scrapped it', async () => {
    const key = await createItem(t, a, { price: 700_000 });
    expect((await post(t, '/api/favorite/add', { key }, b.cookie)).statusCode).toBe(200);
    const reserved = await post(t, '/api/market/status', { key, status: 'reserved' }, a.cookie);
    expect(reserved.statusCode).toBe(200);
    expect(reserved.json()).toEqual({ key, status: 'reserved' });
    expect((await post(t, '/api/market/status', { key, status: 'selling' }, a.cookie)).statusCode).toBe(200);
    const sold = await post(t, '/api/market/status', { key, status: 'sold', soldPrice: 650_000 }, a.cookie);
    expect(sold.statusCode).toBe(200);
    const row = await itemRow(key);
    expect(row).toMatchObject({ status: 'sold', soldPrice: 650_000 });
    expect(row.soldAt).not.toBeNull();
    const got = await t.database.db.select().from(alarms).where(and(eq(alarms.userNo, b.no), eq(alarms.articleKey, key)));
    expect(got).toHaveLength(3);
    expect(got[0]).toMatchObject({ kind: 'market_status', boardId: 'market', boardName: '중고장터' });
    expect(got.map((g) => g.content).join()).toContain('판매 완료');
    // The seller hears nothing of their own change.
    expect(await t.database.db.select().from(alarms).where(and(eq(alarms.userNo, a.no), eq(alarms.articleKey, key)))).toHaveLength(0);
    // Sold is final.
    const back = await post(t, '/api/market/status', { key, status: 'selling' }, a.cookie);
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe('이 거래 상태로는 바꿀 수 없습니다.');
    await t.database.db.delete(favorites).where(eq(favorites.postKey, key));
  });

  it('sells at the asking price by default; refuses the wrong member, unsold, and a sold price without a sale', async () => {
    const key = await createItem(t, a, { price: 300_000 });
    const other = await post(t, '/api/market/status', { key, status: 'reserved' }, b.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('판매자와 관리자만 거래 상태를 바꿀 수 있습니다.');
    expect((await post(t, '/api/market/status', { key, status: 'reserved' })).statusCode).toBe(401);
    const unsold = await post(t, '/api/market/status', { key, status: 'unsold' }, a.cookie);
    expect(unsold.statusCode).toBe(400);
    const priced = await post(t, '/api/market/status', { key, status: 'reserved', soldPrice: 200_000 }, a.cookie);
    expect(priced.statusCode).toBe(400);
    const bad = await post(t, '/api/market/status', { key, status: 'gone' }, a.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('거래 상태를 확인해 주세요.');
    expect((await itemRow(key)).status).toBe('selling');
    expect((await post(t, '/api/market/status', { key, status: 'sold' }, a.cookie)).statusCode).toBe(200);
    expect((await itemRow(key)).soldPrice).toBe(300_000);
  });

  it("lets an admin change another member's item, audited", async () => {
    const key = await createItem(t, a);
    expect((await post(t, '/api/market/status', { key, status: 'reserved' }, admin)).statusCode).toBe(200);
    const [record] = await t.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'market.status'), eq(adminAudit.targetKey, String(key))));
    expect(record).toBeTruthy();
  });
});

describe('/api/market/delete and /api/market/bump', () => {
  it('deletes for the seller only; the item leaves the lists and its view says deleted', async () => {
    const key = await createItem(t, a);
    const other = await post(t, '/api/market/delete', { key }, b.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('판매자와 관리자만 지울 수 있습니다.');
    expect((await itemRow(key)).deletedAt).toBeNull();
    expect((await post(t, '/api/market/delete', { key }, a.cookie)).statusCode).toBe(200);
    expect((await itemRow(key)).deletedAt).not.toBeNull();
    const v = await view(key);
    expect(v.statusCode).toBe(404);
    expect(v.json().message).toBe('forward:삭제된 매물입니다.');
    const list = (await post(t, '/api/market/list', { category: 'all', status: 'all' })).json();
    expect(list.items.map((i: { key: number }) => i.key)).not.toContain(key);
    expect((await post(t, '/api/market/delete', { key }, a.cookie)).statusCode).toBe(404);
    expect((await post(t, '/api/market/delete', { key: 'abc' }, a.cookie)).json().message).toBe('매물을 찾을 수 없습니다.');
  });

  it('bumps once a day, to the top of the list; another member may not', async () => {
    const older = await createItem(t, a);
    await createItem(t, b);
    expect((await post(t, '/api/market/bump', { key: older }, a.cookie)).statusCode).toBe(409);
    expect((await post(t, '/api/market/bump', { key: older }, a.cookie)).json().message).toBe('끌어올리기는 매물마다 하루에 한 번만 할 수 있습니다.');
    await t.database.db.update(marketItems).set({ bumpedAt: new Date(Date.now() - 25 * HOUR) }).where(eq(marketItems.postKey, older));
    expect((await view(older, a.cookie)).json().abilities.canBump).toBe(true);
    expect((await post(t, '/api/market/bump', { key: older }, b.cookie)).statusCode).toBe(403);
    const res = await post(t, '/api/market/bump', { key: older }, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().key).toBe(older);
    const list = (await post(t, '/api/market/list', { category: 'all' })).json();
    expect(list.items[0].key).toBe(older);
    expect((await post(t, '/api/market/bump', { key: older }, a.cookie)).statusCode).toBe(409);
  });
});

describe('comments, scraps and the view count', () => {
  it('comments on an item alarm the seller with the market as the board', async () => {
    const key = await createItem(t, a);
    const res = await post(t, '/api/comment/save', { boardId: 'market', key, content: '네고 되나요?' }, b.cookie);
    expect(res.statusCode).toBe(200);
    const [alarm] = await t.database.db.select().from(alarms).where(and(eq(alarms.userNo, a.no), eq(alarms.articleKey, key)));
    expect(alarm).toMatchObject({ kind: 'comment', boardId: 'market', boardName: '중고장터' });
    expect((await view(key)).json().commentCount).toBe(1);
  });

  it("counts a view once a day, and a visitor's cached view carries no member's scrap or abilities", async () => {
    const key = await createItem(t, a);
    await post(t, '/api/favorite/add', { key }, b.cookie);
    const mine = (await view(key, b.cookie)).json();
    expect(mine.scrapped).toBe(true);
    const first = (await view(key)).json();
    const second = (await view(key)).json();
    for (const v of [first, second]) {
      expect(v.scrapped).toBe(false);
      expect(v.abilities).toEqual({
        canEdit: false,
        canEditPrice: false,
        canDelete: false,
        canChangeStatus: false,
        canBump: false,
        canBid: false,
        canComment: false,
        canScrap: false,
        canCancel: false,
        canReport: false,
        isSeller: false,
      });
    }
    await flushViews(t.database.db);
    const [p] = await t.database.db.select({ views: posts.views }).from(posts).where(eq(posts.key, key));
    expect(p!.views).toBe(2); // b once, the visitor once
    await t.database.db.delete(favorites).where(eq(favorites.postKey, key));
  });

  it('answers a missing item with the forward error', async () => {
    const res = await view(999_999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('forward:매물을 찾을 수 없습니다.');
  });
});
