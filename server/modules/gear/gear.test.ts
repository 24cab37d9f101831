// /api/gear/*: a member's own list of bodies and lenses (public or private), suggestions from the
// EXIF their uploads were matched with, and the owner count on a product's page.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gearDismissals, gearItems, users } from '../../db/schema/index.js';
import { adminCookie, createPost, member } from '../../test/boards.js';
import { CATALOGUE_PRODUCTS, ensureProducts } from '../../test/exif-match-cases.js';
import { upload } from '../../test/gallery.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { createProduct } from '../../test/market.js';
import { productIndex } from '../products/product-index.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

type Entry = { gearKey: number; note: string; product: { key: string; type: string } };
const list = async (userId: string, cookie?: string) => {
  const res = await post(t, '/api/gear/list', { userId }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { private: boolean; mine: boolean; items: Entry[] };
};
const save = (body: unknown, cookie?: string) => post(t, '/api/gear/save', body, cookie);
const saved = async (body: unknown, cookie: string) => {
  const res = await save(body, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().gearKey as number;
};
const refused = async (res: { statusCode: number; json: () => { message: string } }, status: number, message: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toBe(message);
};
const keysOf = (l: { items: Entry[] }) => l.items.map((i) => i.product.key);

describe('/api/gear/list, save, delete and order', () => {
  it('keeps a member’s bodies and lenses with notes in their order, for anyone to read', async () => {
    const m = await member(t);
    const body = await createProduct(t, { type: 'body' });
    const lens = await createProduct(t, { type: 'lens', name: 'Z 24-70mm f/4 S test' });
    const first = await saved({ productKey: body.key, note: '2019년 구입' }, m.cookie);
    const second = await saved({ productKey: lens.key }, m.cookie);

    const own = await list(m.userId, m.cookie);
    expect(own).toMatchObject({ private: false, mine: true });
    expect(own.items).toMatchObject([
      { gearKey: first, note: '2019년 구입', product: { key: body.key, type: 'body' } },
      { gearKey: second, note: '', product: { key: lens.key, type: 'lens' } },
    ]);
    const visitor = await list(m.userId);
    expect(visitor.mine).toBe(false);
    expect(keysOf(visitor)).toEqual([body.key, lens.key]);

    // The same product again keeps its entry and takes the note; gearKey changes an entry's note.
    expect(await saved({ productKey: lens.key, note: '중고로 샀어요' }, m.cookie)).toBe(second);
    expect(await saved({ gearKey: first, productKey: body.key, note: '' }, m.cookie)).toBe(first);
    expect((await list(m.userId)).items.map((i) => i.note)).toEqual(['', '중고로 샀어요']);

    expect((await post(t, '/api/gear/order', { gearKeys: [second, first] }, m.cookie)).statusCode).toBe(200);
    expect(keysOf(await list(m.userId))).toEqual([lens.key, body.key]);

    expect((await post(t, '/api/gear/delete', { gearKey: second }, m.cookie)).json()).toEqual({ ok: true });
    expect(keysOf(await list(m.userId))).toEqual([body.key]);
    // A product added later goes to the end.
    const third = await createProduct(t, { type: 'lens', name: 'Z 50mm f/1.8 S test' });
    await saved({ productKey: third.key }, m.cookie);
    expect(keysOf(await list(m.userId))).toEqual([body.key, third.key]);
  });

  it('refuses bad input with a Korean message and changes nothing', async () => {
    const m = await member(t);
    const body = await createProduct(t, { type: 'body' });
    const key = await saved({ productKey: body.key }, m.cookie);
    const flash = await createProduct(t, { type: 'flash', name: 'SB-700 test' });
    await refused(await save({ productKey: '' }, m.cookie), 400, '제품을 찾을 수 없습니다.');
    await refused(await save({ productKey: 'no-such-product' }, m.cookie), 400, '제품을 찾을 수 없습니다.');
    await refused(await save({ productKey: flash.key }, m.cookie), 400, '카메라 바디와 렌즈만 내 장비에 넣을 수 있습니다.');
    await refused(await save({ productKey: body.key, note: '가'.repeat(101) }, m.cookie), 400, '메모는 100자까지 입력할 수 있습니다.');
    await refused(await save({ gearKey: 'x', productKey: body.key }, m.cookie), 400, '장비를 찾을 수 없습니다.');
    await refused(await save({ gearKey: 99_999_999, productKey: body.key }, m.cookie), 404, '장비를 찾을 수 없습니다.');
    await refused(await post(t, '/api/gear/delete', { gearKey: -1 }, m.cookie), 400, '장비를 찾을 수 없습니다.');
    await refused(await post(t, '/api/gear/order', { gearKeys: [key, key] }, m.cookie), 400, '장비 순서를 확인해 주세요.');
    await refused(await post(t, '/api/gear/privacy', { private: 'yes' }, m.cookie), 400, '공개 여부를 골라 주세요.');
    await refused(await post(t, '/api/gear/list', { userId: '' }), 400, '회원을 찾을 수 없습니다.');
    await refused(await post(t, '/api/gear/list', { userId: 'nobody_here' }), 404, 'forward:회원을 찾을 수 없습니다.');
    // A hidden product cannot be picked.
    const hidden = await createProduct(t, { type: 'lens', hidden: true });
    await refused(await save({ productKey: hidden.key }, m.cookie), 400, '제품을 찾을 수 없습니다.');
    expect((await list(m.userId)).items).toMatchObject([{ gearKey: key, note: '' }]);
    // Visitors write nothing.
    expect((await save({ productKey: body.key })).statusCode).toBe(401);
    expect((await post(t, '/api/gear/suggestions', {})).statusCode).toBe(401);
  });

  it(`stops at 50 entries`, async () => {
    const m = await member(t);
    const made = [];
    for (let i = 0; i < 50; i++) made.push(await createProduct(t, { type: 'lens', name: `Limit lens ${i}` }));
    await t.database.db.insert(gearItems).values(made.map((p, i) => ({ userNo: m.no, productId: p.id, sort: i })));
    const one = await createProduct(t, { type: 'body' });
    await refused(await save({ productKey: one.key }, m.cookie), 400, '내 장비는 50개까지 넣을 수 있습니다.');
    // Changing an entry still works at the limit.
    expect((await save({ productKey: made[0]!.key, note: '메모' }, m.cookie)).statusCode).toBe(200);
    expect((await list(m.userId)).items).toHaveLength(50);
  });

  it("never lets a member change another member's list", async () => {
    const owner = await member(t);
    const other = await member(t);
    const body = await createProduct(t, { type: 'body' });
    const key = await saved({ productKey: body.key, note: '내 것' }, owner.cookie);
    await refused(await save({ gearKey: key, productKey: body.key, note: '바꿈' }, other.cookie), 403, '내 장비만 고치거나 지울 수 있습니다.');
    await refused(await post(t, '/api/gear/delete', { gearKey: key }, other.cookie), 403, '내 장비만 고치거나 지울 수 있습니다.');
    await refused(await post(t, '/api/gear/order', { gearKeys: [key] }, other.cookie), 400, '장비 순서를 확인해 주세요.');
    // The list names whose it is by the caller, never by the body: another's userId changes nothing.
    await post(t, '/api/gear/save', { userId: owner.userId, productKey: (await createProduct(t, { type: 'lens' })).key }, other.cookie);
    expect((await list(owner.userId)).items).toMatchObject([{ gearKey: key, note: '내 것' }]);
    expect((await list(other.userId)).items).toHaveLength(1);
  });
});

describe('a private list', () => {
  it('is shown to its owner only; others get an empty list marked private', async () => {
    const m = await member(t);
    const other = await member(t);
    const body = await createProduct(t, { type: 'body' });
    await saved({ productKey: body.key, note: '비밀 메모' }, m.cookie);
    expect((await post(t, '/api/gear/privacy', { private: true }, m.cookie)).json()).toEqual({ ok: true });

    for (const cookie of [undefined, other.cookie, await adminCookie(t)]) {
      const res = await post(t, '/api/gear/list', { userId: m.userId }, cookie);
      expect(res.json()).toEqual({ private: true, mine: false, items: [] });
      expect(res.body).not.toContain(body.key);
    }
    expect(await list(m.userId, m.cookie)).toMatchObject({ private: true, mine: true, items: [{ note: '비밀 메모' }] });

    await post(t, '/api/gear/privacy', { private: false }, m.cookie);
    expect(keysOf(await list(m.userId))).toEqual([body.key]);
  });

  it("shows nothing of a withdrawn member's list", async () => {
    const m = await member(t);
    await saved({ productKey: (await createProduct(t, { type: 'body' })).key }, m.cookie);
    await t.database.db.update(users).set({ status: 'withdrawn' }).where(eq(users.no, m.no));
    expect(await list(m.userId)).toEqual({ private: false, mine: false, items: [] });
  });
});

describe('/api/gear/suggestions from the EXIF of the member’s photos', () => {
  const jpeg = (exif: Record<string, Record<string, string>>) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#335577' } }).jpeg().withExif(exif).toBuffer();
  const CANON = { IFD0: { Make: 'Canon', Model: 'Canon EOS 5D Mark IV' }, IFD2: { LensModel: 'EF24-70mm f/2.8L II USM' } };
  const NIKON = { IFD0: { Make: 'NIKON CORPORATION', Model: 'NIKON Z 6_2' } };

  it('suggests the products matched at upload, most used first, until added or dismissed', async () => {
    const { ids } = await ensureProducts(t.database.db, CATALOGUE_PRODUCTS);
    const index = await productIndex(t.database.db);
    const keyOf = (name: string) => index.byId.get(ids.get(name)!)!.key;
    const canon = keyOf('Canon EOS 5D Mark IV');
    const nikon = keyOf('Nikon Z 6_2');
    const lens = keyOf('Canon EF 24-70mm f/2.8L II USM');

    const m = await member(t);
    const shots = [await upload(t, m.cookie, await jpeg(CANON)), await upload(t, m.cookie, await jpeg(CANON)), await upload(t, m.cookie, await jpeg(NIKON))];
    await createPost(t, m.cookie, { content: '<p><img src="file0"><img src="file1"><img src="file2"></p>', files: shots });
    // An upload never attached to a post is not counted.
    await upload(t, m.cookie, await jpeg(NIKON));

    const suggested = async (cookie = m.cookie) => {
      const res = await post(t, '/api/gear/suggestions', {}, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as Array<{ product: { key: string }; photos: number }>).map((i) => [i.product.key, i.photos]);
    };
    const first = await suggested();
    expect(first.slice(0, 2)).toEqual(expect.arrayContaining([[canon, 2], [lens, 2]]));
    expect(first.slice(2)).toEqual([[nikon, 1]]);
    // Another member's photos suggest nothing to them.
    expect(await suggested((await member(t)).cookie)).toEqual([]);

    await saved({ productKey: canon }, m.cookie);
    expect((await post(t, '/api/gear/dismiss', { productKey: nikon }, m.cookie)).json()).toEqual({ ok: true });
    expect(await suggested()).toEqual([[lens, 2]]);
    // A dismissed product stays dismissed, even after more photos name it.
    const more = await upload(t, m.cookie, await jpeg(NIKON));
    await createPost(t, m.cookie, { content: '<p><img src="file0"></p>', files: [more] });
    expect((await suggested()).map(([k]) => k)).not.toContain(nikon);
    // Dismissing is still open to adding it by search.
    await saved({ productKey: nikon }, m.cookie);
    expect(keysOf(await list(m.userId))).toEqual([canon, nikon]);
    await refused(await post(t, '/api/gear/dismiss', { productKey: 'no-such-product' }, m.cookie), 400, '제품을 찾을 수 없습니다.');
  });
});

describe("a product's owners", () => {
  it('counts every active owner, public or private, and names none', async () => {
    const p = await createProduct(t, { type: 'body' });
    const a = await member(t);
    const b = await member(t);
    const c = await member(t);
    for (const m of [a, b, c]) await saved({ productKey: p.key }, m.cookie);
    await post(t, '/api/gear/privacy', { private: true }, b.cookie);
    await t.database.db.update(users).set({ status: 'withdrawn' }).where(eq(users.no, c.no));

    const res = await post(t, '/api/product/view', { productKey: p.key });
    expect(res.statusCode).toBe(200);
    expect(res.json().owners).toBe(2);
    for (const m of [a, b]) {
      expect(res.body).not.toContain(m.userId);
      expect(res.body).not.toContain(m.nickName);
    }
    const none = await createProduct(t, { type: 'lens' });
    expect((await post(t, '/api/product/view', { productKey: none.key })).json().owners).toBe(0);
  });

  it('follows an administrator’s merge: owners of both keep one entry of the product that stays', async () => {
    const from = await createProduct(t, { type: 'body' });
    const into = await createProduct(t, { type: 'body' });
    const both = await member(t);
    const one = await member(t);
    await saved({ productKey: from.key }, both.cookie);
    await saved({ productKey: into.key }, both.cookie);
    await saved({ productKey: from.key, note: '합쳐질 제품' }, one.cookie);
    await post(t, '/api/gear/dismiss', { productKey: from.key }, both.cookie);
    const admin = await adminCookie(t);
    const merged = await post(t, '/api/admin/product/merge', { from: from.key, into: into.key }, admin);
    expect(merged.statusCode, merged.body).toBe(200);
    expect(keysOf(await list(both.userId))).toEqual([into.key]);
    expect((await list(one.userId)).items).toMatchObject([{ note: '합쳐질 제품', product: { key: into.key } }]);
    const dismissed = await t.database.db.select({ productId: gearDismissals.productId }).from(gearDismissals).where(eq(gearDismissals.userNo, both.no));
    expect(dismissed).toEqual([{ productId: into.id }]);
    // Deleting an owned product hides it instead (members' lists keep pointing at it).
    const deleted = await post(t, '/api/admin/product/delete', { key: into.key }, admin);
    expect(deleted.json()).toEqual({ result: 'hidden' });
    expect((await list(one.userId)).items).toEqual([]);
  });
});
