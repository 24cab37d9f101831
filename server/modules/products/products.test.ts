// The product calls everyone may make: makers with counts, lists by type and maker, one product
// (merges followed, hidden ones for administrators only, photos from public posts only).
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductType } from '../../../common/products/makers.js';
import { boardCategories, boards, products, users } from '../../db/schema/index.js';
import { adminCookie, createPost, member, setBoard, uploadedFile } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { productCard, productSummary } from './present.js';
import { productsChanged } from './product-index.js';
import { productSearchText } from './search-text.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await testApp();
  admin = await adminCookie(t);
});
afterAll(async () => {
  await t?.close();
});

type NewProduct = Partial<typeof products.$inferInsert> & Pick<typeof products.$inferInsert, 'type' | 'company' | 'brand' | 'name'>;

/** Inserts a product as an admin save would leave it (search words included) and returns it. */
async function addProduct(p: NewProduct) {
  const key = p.key ?? `t-${randomBytes(5).toString('hex')}`;
  const [row] = await t.database.db
    .insert(products)
    .values({ source: 'admin', searchText: productSearchText(p), ...p, key })
    .returning();
  return row!;
}

/** What a product write does after it commits: the index is read again, cached answers go. */
const changed = () => productsChanged(t.database.db);

const makers = (cookie?: string) => post(t, '/api/product/makers', {}, cookie);
const list = (body: object, cookie?: string) => post(t, '/api/product/list', body, cookie);
const view = (productKey: string, cookie?: string) => post(t, '/api/product/view', { productKey }, cookie);
const names = (res: { json(): { items: Array<{ name: string }> } }) => res.json().items.map((i) => i.name);

describe('/api/product/makers', () => {
  it('lists the makers and "other" with visible products counted per type', async () => {
    const before = await makers();
    expect(before.statusCode).toBe(200);
    const items = before.json().items as Array<{ key: string; name: string; camera: boolean; counts: Record<ProductType, number> }>;
    expect(items.map((m) => m.key)).toEqual(['nikon', 'pentax', 'sony', 'canon', 'olympus', 'leica', 'panasonic', 'fuji', 'samsung', 'apple', 'ricoh', 'other']);
    expect(items.find((m) => m.key === 'apple')!.camera).toBe(false);
    expect(items.find((m) => m.key === 'other')!.name).toBe('기타 제조사');
    const ricoh = items.find((m) => m.key === 'ricoh')!.counts;

    const target = await addProduct({ type: 'body', company: 'ricoh', brand: 'Ricoh', name: 'GR 카운트' });
    await addProduct({ type: 'body', company: 'ricoh', brand: 'Ricoh', name: 'GR 카운트 2' });
    await addProduct({ type: 'lens', company: 'ricoh', brand: 'Ricoh', name: 'GR 18.3mm 카운트' });
    await addProduct({ type: 'flash', company: 'ricoh', brand: 'Ricoh', name: 'GF-2 카운트', hidden: true });
    await addProduct({ type: 'body', company: 'ricoh', brand: 'Ricoh', name: 'GR 합쳐짐', mergedInto: target.id });

    // Kept in memory until products change …
    expect((await makers()).json().items.find((m: { key: string }) => m.key === 'ricoh').counts).toEqual(ricoh);
    changed();
    const after = (await makers(await member(t).then((m) => m.cookie))).json().items.find((m: { key: string }) => m.key === 'ricoh').counts;
    // … then hidden and merged products are not counted.
    expect(after).toEqual({ body: ricoh.body + 2, lens: ricoh.lens + 1, flash: ricoh.flash, accessory: ricoh.accessory });
  });
});

describe('/api/product/list', () => {
  // Dated in the future so they come first whatever else the database holds.
  const brand = 'Zqlens';
  beforeAll(async () => {
    for (let mm = 1; mm <= 26; mm++) {
      await addProduct({ type: 'lens', company: 'other', brand, name: `ZQ ${mm}mm F2`, announced: '2099-01', focalMin: mm, focalMax: mm, apertureMin: 2, apertureMax: 2, mount: 'Sony E' });
    }
    await addProduct({ type: 'lens', company: 'other', brand, name: 'ZQ 신형 35mm', announced: '2099-02-01', mount: 'Nikon Z' });
    await addProduct({ type: 'lens', company: 'canon', brand: 'Canon', name: 'ZQ RF 99mm', announced: '2099-03' });
    await addProduct({ type: 'lens', company: 'other', brand, name: 'ZQ 숨김 렌즈', announced: '2099-12', hidden: true });
    await addProduct({ type: 'body', company: 'other', brand, name: 'ZQ 바디', announced: '2099-12' });
    changed();
  });

  it('pages a maker\'s products of a type: newest announced first, then names in natural order', async () => {
    const first = await list({ type: 'lens', company: 'other', page: 1 });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.pageSize).toBe(24);
    expect(body.page).toBe(1);
    expect(body.items).toHaveLength(24);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`type = 'lens' and company = 'other' and not hidden and merged_into is null`);
    expect(body.total).toBe(Number(count!.n));
    expect(body.items.every((i: { type: string; company: string }) => i.type === 'lens' && i.company === 'other')).toBe(true);
    // 2099-02-01 before 2099-01; "ZQ 2mm" before "ZQ 10mm"; the hidden lens nowhere.
    expect(names(first).slice(0, 4)).toEqual(['ZQ 신형 35mm', 'ZQ 1mm F2', 'ZQ 2mm F2', 'ZQ 3mm F2']);
    expect(names(first)).not.toContain('ZQ 숨김 렌즈');
    expect(body.items[1]).toMatchObject({ brand, mount: 'Sony E', announced: '2099-01', summary: '1mm · F2 · Sony E', thumbUrl: null, nameKo: '' });

    const second = await list({ type: 'lens', company: 'other', page: 2 });
    expect(names(second).slice(0, 3)).toEqual(['ZQ 24mm F2', 'ZQ 25mm F2', 'ZQ 26mm F2']);
  });

  it("'all' lists every maker's products of the type", async () => {
    const res = await list({ type: 'lens', company: 'all' });
    expect(res.statusCode).toBe(200);
    expect(names(res).slice(0, 3)).toEqual(['ZQ RF 99mm', 'ZQ 신형 35mm', 'ZQ 1mm F2']);
    expect(res.json().items[0].company).toBe('canon');
    const bodies = await list({ type: 'body', company: 'all' });
    expect(names(bodies)).toContain('ZQ 바디');
    expect(bodies.json().items.every((i: { type: string }) => i.type === 'body')).toBe(true);
  });

  it('a page beyond the end is empty and still tells the total', async () => {
    const res = await list({ type: 'lens', company: 'other', page: 5000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
    expect(res.json().total).toBeGreaterThanOrEqual(27);
  });

  it('finds products by a search, hyphens and spacing aside', async () => {
    const gm = await addProduct({ type: 'lens', company: 'sony', brand: 'Sony', name: 'FE 24-70mm F2.8 GM II ZQ', focalMin: 24, focalMax: 70, apertureMin: 2.8, apertureMax: 2.8 });
    changed();
    for (const search of ['24-70 zq', '2470 ZQ', 'fe 24-70mm f2.8 gm ii zq']) {
      const res = await list({ type: 'lens', company: 'all', search });
      expect(res.statusCode, search).toBe(200);
      expect(res.json().items.map((i: { key: string }) => i.key), search).toContain(gm.key);
    }
    // The pickers' sloppy forms: "50.8" is a 50mm F1.8.
    const nifty = await addProduct({ type: 'lens', company: 'other', brand, name: 'ZQ 오십 F1.8', focalMin: 50, focalMax: 50, apertureMin: 1.8, apertureMax: 1.8 });
    changed();
    const sloppy = await list({ type: 'lens', company: 'other', search: 'zq 50.8' });
    expect(sloppy.json()).toMatchObject({ total: 1, items: [{ key: nifty.key }] });
    const narrowed = await list({ type: 'lens', company: 'other', search: 'zq 25mm' });
    expect(names(narrowed)).toEqual(['ZQ 25mm F2']);
    const none = await list({ type: 'lens', company: 'sony', search: 'zq 신형' });
    expect(none.json()).toMatchObject({ items: [], total: 0 });
  });

  it('answers a bad type, maker or page with a Korean 400', async () => {
    const cases: Array<[object, string]> = [
      [{ type: 'camera', company: 'all' }, '제품 종류를 골라 주세요.'],
      [{ type: 'lens', company: 'xerox' }, '제조사를 골라 주세요.'],
      [{ type: 'lens', company: 'all', page: 0 }, '페이지 번호를 확인해 주세요.'],
      [{ type: 'lens', company: 'all', page: 'two' }, '페이지 번호를 확인해 주세요.'],
      [{ type: 'lens', company: 'all', search: 'x'.repeat(61) }, '검색어는 60자까지 입력할 수 있습니다.'],
    ];
    for (const [body, message] of cases) {
      const res = await list(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('/api/product/view', () => {
  it('answers a product with its specs and the empty market sections', async () => {
    const p = await addProduct({
      type: 'body',
      company: 'canon',
      brand: 'Canon',
      name: 'EOS 뷰 테스트',
      nameKo: '캐논 EOS 뷰',
      exifMake: 'Canon',
      exifNames: ['Canon EOS View Test'],
      mount: 'Canon EF',
      cropFactor: 1,
      announced: '2016-08',
      specs: [{ label: '유효 화소', value: '3,040만' }],
      images: [{ fileKey: 'img1', url: '/api/file/down/img1/a.webp', thumbUrl: '/api/file/down/img1/thumb' }],
    });
    const res = await view(p.key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      key: p.key,
      type: 'body',
      company: 'canon',
      name: 'EOS 뷰 테스트',
      nameKo: '캐논 EOS 뷰',
      summary: '풀프레임 · Canon EF',
      thumbUrl: '/api/file/down/img1/thumb',
      exifNames: ['Canon EOS View Test'],
      cropFactor: 1,
      specs: [{ label: '유효 화소', value: '3,040만' }],
      source: 'admin',
      attached: { usedPrices: [], forSale: [], photos: [], photoCount: 0 },
    });
  });

  it('answers an unknown or empty key with a Korean 404 or 400', async () => {
    const res = await view('no-such-product');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('제품을 찾을 수 없습니다.');
    const empty = await view('  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('제품을 찾을 수 없습니다.');
  });

  it('hides a hidden product from visitors and members, not from administrators', async () => {
    const p = await addProduct({ type: 'lens', company: 'nikon', brand: 'Nikon', name: 'Z 숨김 50mm', hidden: true });
    const m = await member(t);
    for (const cookie of [undefined, m.cookie]) {
      const res = await view(p.key, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('제품을 찾을 수 없습니다.');
    }
    const asAdmin = await view(p.key, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().name).toBe('Z 숨김 50mm');
  });

  it('answers a merged product with the one it went into (its key, so the page can correct the address)', async () => {
    const into = await addProduct({ type: 'lens', company: 'sony', brand: 'Sony', name: 'FE 50mm F1.8 대상' });
    const middle = await addProduct({ type: 'lens', company: 'sony', brand: 'Sony', name: 'FE 50mm 중간', mergedInto: into.id });
    const from = await addProduct({ type: 'lens', company: 'sony', brand: 'Sony', name: 'FE 50mm 옛 이름', mergedInto: middle.id });
    for (const key of [from.key, middle.key]) {
      const res = await view(key);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ key: into.key, name: 'FE 50mm F1.8 대상' });
    }
    // Merged into a product since hidden: nothing for members.
    await t.database.db.update(products).set({ hidden: true }).where(eq(products.id, into.id));
    changed();
    expect((await view(from.key)).statusCode).toBe(404);
    expect((await view(from.key, admin)).json().key).toBe(into.key);
  });

  it('shows photos taken with it from posts visitors may read, and not from deleted or closed ones', async () => {
    const camera = await addProduct({ type: 'body', company: 'fuji', brand: 'Fujifilm', name: 'X-T 사진 테스트' });
    const lens = await addProduct({ type: 'lens', company: 'fuji', brand: 'Fujifilm', name: 'XF 사진 테스트' });
    const a = await member(t);
    const shown = await uploadedFile(t, a.no, { thumbPath: 'test/thumb', cameraProductId: camera.id, lensProductId: lens.id });
    const gone = await uploadedFile(t, a.no, { thumbPath: 'test/thumb', cameraProductId: camera.id });
    const closed = await uploadedFile(t, a.no, { thumbPath: 'test/thumb', cameraProductId: camera.id });
    const unattached = await uploadedFile(t, a.no, { thumbPath: 'test/thumb', cameraProductId: camera.id });
    const publicPost = await createPost(t, a.cookie, { files: [shown], content: '<p>사진</p>' });
    const deletedPost = await createPost(t, a.cookie, { files: [gone] });
    const del = await post(t, '/api/board/delete', { boardId: 'free', key: deletedPost }, a.cookie);
    expect(del.statusCode).toBe(200);
    // A board members only may read: its photos are not shown on a page everyone reads.
    await t.database.db.insert(boards).values({ id: 'zq_members', name: '회원 게시판', readLevel: 1 });
    await t.database.db.insert(boardCategories).values({ boardId: 'zq_members', code: 'c1', name: '일반' });
    await setBoard(t, 'zq_members', { readLevel: 1 });
    const closedPost = await createPost(t, a.cookie, { boardId: 'zq_members', files: [closed] });
    expect(closedPost).toBeGreaterThan(0);
    expect(unattached).toBeTruthy();

    const res = await view(camera.key);
    expect(res.statusCode).toBe(200);
    expect(res.json().attached.photoCount).toBe(1);
    expect(res.json().attached.photos).toEqual([
      { fileKey: shown, userId: a.userId, url: '/api/file/down/' + shown + '/photo.jpg', thumbUrl: `/api/file/down/${shown}/thumb`, postKey: publicPost, boardId: 'free' },
    ]);
    // The lens of the same photo shows it too.
    expect((await view(lens.key)).json().attached.photos.map((p: { fileKey: string }) => p.fileKey)).toEqual([shown]);
    // A withdrawn author's photo stays, with no userId to fold by (as a withdrawn author is shown everywhere).
    await t.database.db.update(users).set({ status: 'withdrawn' }).where(eq(users.no, a.no));
    changed();
    expect((await view(lens.key)).json().attached.photos.map((p: { userId: string }) => p.userId)).toEqual(['']);
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.no, a.no));

    // Deleting the post drops the photo, cached answer or not.
    await post(t, '/api/board/delete', { boardId: 'free', key: publicPost }, a.cookie);
    expect((await view(camera.key)).json().attached).toMatchObject({ photos: [], photoCount: 0 });
  });

  it('shows the 12 newest photos and counts them all', async () => {
    const camera = await addProduct({ type: 'body', company: 'olympus', brand: 'OM System', name: 'OM 열두 장' });
    const a = await member(t);
    const keys: string[] = [];
    for (let i = 0; i < 14; i++) {
      keys.push(await uploadedFile(t, a.no, { thumbPath: 'test/thumb', cameraProductId: camera.id, createdAt: new Date(Date.UTC(2024, 0, 1 + i)) }));
    }
    await createPost(t, a.cookie, { files: keys });
    const res = await view(camera.key);
    expect(res.json().attached.photoCount).toBe(14);
    expect(res.json().attached.photos.map((p: { fileKey: string }) => p.fileKey)).toEqual(keys.slice(2).reverse());
  });
});

describe('cached answers', () => {
  it('visitors and members share a view until a product write; 304 with its ETag; administrators read afresh', async () => {
    const p = await addProduct({ type: 'lens', company: 'pentax', brand: 'Pentax', name: 'HD 캐시 21mm' });
    const first = await view(p.key);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await post(t, '/api/product/view', { productKey: p.key }, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);

    await t.database.db.update(products).set({ name: 'HD 캐시 21mm 새 이름' }).where(eq(products.id, p.id));
    // Kept for visitors and members until the write is announced …
    expect((await view(p.key, (await member(t)).cookie)).json().name).toBe('HD 캐시 21mm');
    // … administrators always read the database …
    expect((await view(p.key, admin)).json().name).toBe('HD 캐시 21mm 새 이름');
    changed();
    // … and after it everyone sees the change.
    const after = await view(p.key);
    expect(after.json().name).toBe('HD 캐시 21mm 새 이름');
    expect(after.headers.etag).not.toBe(etag);
  });
});

describe('present', () => {
  const base = { key: 'k', company: 'other', brand: 'B', name: 'N', nameKo: '', mount: '', announced: '', cropFactor: null, focalMin: null, focalMax: null, apertureMin: null, apertureMax: null, specs: [], images: [] };
  it('sums up key specs in one Korean line', () => {
    expect(productSummary({ ...base, type: 'body', cropFactor: 1.53, mount: 'Fujifilm X' })).toBe('APS-C · Fujifilm X');
    expect(productSummary({ ...base, type: 'body', cropFactor: 2, mount: 'Micro 4/3 System' })).toBe('포서드 · Micro 4/3 System');
    expect(productSummary({ ...base, type: 'lens', focalMin: 24, focalMax: 70, apertureMin: 2.8, apertureMax: 2.8, mount: 'Sony E' })).toBe('24–70mm · F2.8 · Sony E');
    expect(productSummary({ ...base, type: 'lens', focalMin: 18, focalMax: 55, apertureMin: 3.5, apertureMax: 5.6 })).toBe('18–55mm · F3.5–5.6');
    expect(productSummary({ ...base, type: 'lens', focalMin: 1.3999999523, focalMax: null })).toBe('1.4mm');
    expect(
      productSummary({ ...base, type: 'flash', mount: 'Canon E-TTL', specs: [{ label: '무게', value: '430g' }, { label: '가이드 넘버', value: '60' }, { label: '색', value: '검정' }] }),
    ).toBe('GN 60 · 430g · Canon E-TTL');
    expect(productSummary({ ...base, type: 'accessory' })).toBe('');
  });
  it('takes the first image for the card (its thumbnail when it has one)', () => {
    expect(productCard({ ...base, type: 'lens', images: [{ fileKey: 'a', url: '/a', thumbUrl: null }] }).thumbUrl).toBe('/a');
  });
});
