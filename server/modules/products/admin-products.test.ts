// Admin product calls: who may call them, the list, create/edit (keys, images, duplicates),
// delete or hide, merge, the catalogue update, and the audit record every write leaves.
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, files, productMaps, products, users } from '../../db/schema/index.js';
import { createStorage } from '../../lib/storage.js';
import { adminCookie, member, uploadedFile } from '../../test/boards.js';
import { post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';
import { cleanupUnattached } from '../files/service.js';
import { productSearchText } from './search-text.js';

let t: TestApp;
let admin: string;
let adminNo: number;
let memberCookie: string;
let memberNo: number;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  const [a] = await t.database.db.select({ no: users.no }).from(users).where(eq(users.userId, TEST_ADMIN.userId));
  adminNo = a!.no;
  const m = await member(t);
  memberCookie = m.cookie;
  memberNo = m.no;
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const call = (url: string, body: object, cookie?: string) => post(t, `/api/admin/product/${url}`, body, cookie);
const save = (body: object, cookie = admin) => call('save', body, cookie);
const row = async (key: string) => (await db().select().from(products).where(eq(products.key, key)))[0];
const lastAudit = async (targetKey: string) =>
  (await db().select().from(adminAudit).where(and(eq(adminAudit.targetKind, 'product'), eq(adminAudit.targetKey, targetKey))).orderBy(desc(adminAudit.id)).limit(1))[0];

let serial = 0;
/** A product made through the save call (unique name unless given). */
async function create(over: object = {}) {
  const res = await save({ type: 'lens', company: 'other', brand: 'Sigma', name: `Test ${++serial} 35mm F1.4 DG`, ...over });
  if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
  return res.json().key as string;
}

/** A product row straight in the database (as the catalogue leaves it). */
async function catalogueRow(name: string, type: 'body' | 'lens' = 'body') {
  const p = { type, company: 'canon', brand: 'Canon', name };
  const [r] = await db()
    .insert(products)
    .values({ ...p, key: `cat-${++serial}`, source: 'catalogue', catalogueId: `t:${serial}:${name}`, searchText: productSearchText(p) })
    .returning();
  return r!;
}

async function uploadPng(cookie: string) {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'lens.png');
  const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload: form, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { fileKey: string; url: string; thumbUrl: string };
}

describe('who may call', () => {
  const calls: Array<[string, object]> = [
    ['list', {}],
    ['save', { type: 'lens', company: 'other', brand: 'Sigma', name: 'Nobody 50mm' }],
    ['delete', { key: 'nothing' }],
    ['merge', { from: 'a', into: 'b' }],
    ['catalogue', {}],
  ];
  it.each(calls)('%s: visitors get 401, members 403, nothing changes', async (url, body) => {
    const before = await db().select({ id: products.id }).from(products);
    const visitor = await call(url, body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: '로그인이 필요합니다.' });
    const m = await call(url, body, memberCookie);
    expect(m.statusCode).toBe(403);
    expect(m.json()).toEqual({ message: '관리자만 사용할 수 있습니다.' });
    expect((await db().select({ id: products.id }).from(products)).length).toBe(before.length);
  });
  it.each(calls)('%s: an empty or broken body is refused as 401/403 too, before any field rule', async (url) => {
    for (const body of [{}, { key: 5, from: [], type: 'nope' }]) {
      expect((await call(url, body)).statusCode).toBe(401);
      expect((await call(url, body, memberCookie)).statusCode).toBe(403);
    }
  });
});

describe('/api/admin/product/list', () => {
  it('pages every product, hidden ones too, 50 at a time', async () => {
    const key = await create({ name: 'Listed 24-70mm F2.8', hidden: true });
    const res = await call('list', {}, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pageSize).toBe(50);
    expect(body.items.length).toBeLessThanOrEqual(50);
    expect(body.total).toBeGreaterThanOrEqual(body.items.length);
    const hidden = await call('list', { hidden: true, search: 'listed 24-70' }, admin);
    expect(hidden.json().items.map((i: { key: string }) => i.key)).toEqual([key]);
    expect(hidden.json().items[0]).toMatchObject({ hidden: true, source: 'admin', edited: false, mergedInto: null, summary: expect.any(String) });
  });

  it('searches names, brands and EXIF names, and filters by type and maker', async () => {
    const key = await create({ type: 'body', company: 'fuji', brand: 'Fujifilm', name: 'X-Test9', exifNames: ['XT9 Special'] });
    for (const search of ['x-test9', 'xtest9', 'fujifilm x-test', 'xt9 special']) {
      const res = await call('list', { search }, admin);
      expect(res.json().items.map((i: { key: string }) => i.key), search).toContain(key);
    }
    const typed = await call('list', { search: 'x-test9', type: 'lens' }, admin);
    expect(typed.json().total).toBe(0);
    const made = await call('list', { search: 'x-test9', company: 'fuji', type: 'body' }, admin);
    expect(made.json().total).toBe(1);
  });

  it('sorts by name, by last update and by announce date', async () => {
    const old = await create({ brand: 'Zzsort', name: 'Aaa', announced: '2001' });
    const recent = await create({ brand: 'Zzsort', name: 'Bbb', announced: '2024-05' });
    const undated = await create({ brand: 'Zzsort', name: 'Ccc' });
    const keys = async (sort: string) => (await call('list', { search: 'zzsort', sort }, admin)).json().items.map((i: { key: string }) => i.key);
    expect(await keys('name')).toEqual([old, recent, undated]);
    expect(await keys('announced')).toEqual([recent, old, undated]);
    expect(await keys('updated')).toEqual([undated, recent, old]);
  });

  it('refuses bad input with a Korean message', async () => {
    for (const [body, message] of [
      [{ type: 'camera' }, '제품 종류를 골라 주세요.'],
      [{ company: 'xerox' }, '제조사를 골라 주세요.'],
      [{ search: 'x'.repeat(61) }, '검색어는 60자까지 입력할 수 있습니다.'],
    ] as const) {
      const res = await call('list', body, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const page = await call('list', { page: 0 }, admin);
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({ message: '페이지 번호를 확인해 주세요.' });
    const sort = await call('list', { sort: 'price' }, admin);
    expect(sort.statusCode).toBe(400);
  });
});

describe('/api/admin/product/save', () => {
  it('creates a product with a slug key, its search words and an audit record', async () => {
    const res = await save({
      type: 'lens',
      company: 'other',
      brand: 'Voigtländer',
      name: 'Nokton 40mm F1.2 Aspherical',
      nameKo: '녹턴 40mm',
      mount: 'Sony E',
      focalMin: 40,
      focalMax: 40,
      apertureMin: 1.2,
      apertureMax: 1.2,
      announced: '2018-05',
      specs: [{ label: '무게', value: '420g' }],
      exifNames: ['NOKTON 40mm F1.2', 'NOKTON 40mm F1.2'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'voigtlander-nokton-40mm-f1-2-aspherical' });
    const p = (await row('voigtlander-nokton-40mm-f1-2-aspherical'))!;
    expect(p).toMatchObject({ source: 'admin', edited: false, nameKo: '녹턴 40mm', exifNames: ['NOKTON 40mm F1.2'], specs: [{ label: '무게', value: '420g' }] });
    expect(p.searchText).toContain('녹턴');
    const a = (await lastAudit(p.key))!;
    expect(a).toMatchObject({ actorNo: adminNo, action: 'product.save', before: null });
    expect(a.after).toMatchObject({ brand: 'Voigtländer', name: 'Nokton 40mm F1.2 Aspherical', images: [] });
  });

  it('gives a Korean-only name the brand and a number, and never reuses a key', async () => {
    const first = await create({ brand: 'Samyang', name: '삼양 특별판 렌즈' });
    const second = await create({ brand: 'Samyang', name: '삼양 다른 렌즈' });
    expect(first).toBe('samyang-1');
    expect(second).toBe('samyang-2');
    const twin = await create({ brand: 'Tokina', name: 'atx-m 33mm' });
    expect(twin).toBe('tokina-atx-m-33mm');
    // Deleted (nothing points at it), the key stays taken: the next product with its name gets another.
    expect((await call('delete', { key: twin }, admin)).json()).toEqual({ result: 'deleted' });
    expect(await create({ brand: 'Tokina', name: 'ATX-M 33mm' })).toBe('tokina-atx-m-33mm-2');
  });

  it('edits: the key stays, the row is marked edited, search words and audit follow', async () => {
    const cat = await catalogueRow('EOS Edit Test');
    const res = await save({ key: cat.key, type: 'body', company: 'canon', brand: 'Canon', name: 'EOS Edit Test', nameKo: '편집 시험', announced: '2020' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: cat.key });
    const p = (await row(cat.key))!;
    expect(p).toMatchObject({ edited: true, source: 'catalogue', nameKo: '편집 시험', announced: '2020' });
    expect(p.searchText).toContain('편집 시험');
    expect(p.updatedAt.getTime()).toBeGreaterThan(cat.updatedAt.getTime());
    const a = (await lastAudit(cat.key))!;
    expect(a.before).toMatchObject({ nameKo: '', announced: '' });
    expect(a.after).toMatchObject({ nameKo: '편집 시험', announced: '2020' });
  });

  it('refuses a duplicate (same type, brand and name in any case) with 409', async () => {
    await create({ brand: 'Tamron', name: 'SP 90mm Di Macro Dup' });
    const res = await save({ type: 'lens', company: 'other', brand: 'TAMRON', name: 'sp 90mm di macro dup' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: '이미 등록된 제품입니다.' });
    // Another type with the same name is another product.
    expect((await save({ type: 'accessory', company: 'other', brand: 'Tamron', name: 'SP 90mm Di Macro Dup' })).statusCode).toBe(200);
  });

  it('refuses bad input at the field with a Korean message and changes nothing', async () => {
    const base = { type: 'lens', company: 'other', brand: 'Sigma', name: 'Bad Input 18-35mm' };
    const cases: Array<[object, string]> = [
      [{ name: '' }, '제품 이름을 입력해 주세요.'],
      [{ name: 3 }, '제품 이름을 입력해 주세요.'],
      [{ brand: '   ' }, '제조사 이름을 입력해 주세요.'],
      [{ type: 'camera' }, '제품 종류를 골라 주세요.'],
      [{ company: 'xerox' }, '제조사를 골라 주세요.'],
      [{ focalMin: 35, focalMax: 18 }, '짧은 쪽 초점 거리가 긴 쪽보다 길 수 없습니다.'],
      [{ apertureMin: 4, apertureMax: 1.8 }, '짧은 쪽 조리개 값이 긴 쪽보다 클 수 없습니다.'],
      [{ focalMin: -5 }, '초점 거리를 확인해 주세요.'],
      [{ cropFactor: 'big' }, '크롭 배율을 확인해 주세요.'],
      [{ announced: '05/2020' }, '발표일은 2024, 2024-05 또는 2024-05-21처럼 입력해 주세요.'],
      [{ specs: [{ label: '', value: 'x' }] }, '항목 이름을 입력해 주세요.'],
      [{ imageKeys: ['no-such-file'] }, '사진을 찾을 수 없습니다. 사진을 다시 올려 주세요.'],
      // Blank names and wrong kinds of values get Korean messages too, never the validator's own.
      [{ exifNames: ['  '] }, 'EXIF 이름을 입력해 주세요.'],
      [{ exifNames: 'NIKON Z 6_2' }, 'EXIF 이름을 확인해 주세요.'],
      [{ specs: 'x' }, '사양을 확인해 주세요.'],
      [{ specs: ['x'] }, '사양을 확인해 주세요.'],
      [{ specs: [{ label: '무게', value: 500 }] }, '항목 값을 입력해 주세요.'],
      [{ hidden: 'yes' }, '숨김 여부를 확인해 주세요.'],
      [{ imageKeys: 'x' }, '사진을 찾을 수 없습니다. 사진을 다시 올려 주세요.'],
      [{ mount: 1 }, '마운트를 확인해 주세요.'],
      [{ nameKo: [] }, '한글 이름을 확인해 주세요.'],
      [{ exifMake: {} }, 'EXIF 제조사를 확인해 주세요.'],
      [{ announced: 2020 }, '발표일은 2024, 2024-05 또는 2024-05-21처럼 입력해 주세요.'],
    ];
    for (const [over, message] of cases) {
      const res = await save({ ...base, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await db().select().from(products).where(eq(products.name, base.name))).toEqual([]);
    const unknown = await save({ ...base, key: 'no-such-product' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: '제품을 찾을 수 없습니다.' });
  });

  it('keeps uploaded images as the product pictures everyone may see, and lets go of removed ones', async () => {
    const a = await uploadPng(admin);
    const b = await uploadPng(admin);
    const key = await create({ name: 'Imaged 85mm F1.4', imageKeys: [b.fileKey, a.fileKey] });
    const p = (await row(key))!;
    expect(p.images).toEqual([
      { fileKey: b.fileKey, url: b.url, thumbUrl: b.thumbUrl },
      { fileKey: a.fileKey, url: a.url, thumbUrl: a.thumbUrl },
    ]);
    expect((await db().select({ productId: files.productId }).from(files).where(eq(files.key, a.fileKey)))[0]!.productId).toBe(p.id);
    // A visitor can open the picture, and the clean-up of unattached uploads leaves it.
    expect((await t.app.inject({ method: 'GET', url: a.thumbUrl })).statusCode).toBe(200);
    await cleanupUnattached(db(), createStorage(t.app.ctx.config), -1);
    expect((await t.app.inject({ method: 'GET', url: a.url })).statusCode).toBe(200);

    // A product's picture cannot be taken into a post.
    const taken = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '제목', content: '<p>내용</p>', files: [a.fileKey] }, admin);
    expect(taken.statusCode).toBe(400);

    // Edit: keep b only; a is let go (an ordinary unattached upload again).
    const res = await save({ key, type: 'lens', company: 'other', brand: 'Sigma', name: 'Imaged 85mm F1.4', imageKeys: [b.fileKey] });
    expect(res.statusCode).toBe(200);
    expect((await row(key))!.images.map((i) => i.fileKey)).toEqual([b.fileKey]);
    expect((await db().select({ productId: files.productId }).from(files).where(eq(files.key, a.fileKey)))[0]!.productId).toBeNull();
    expect((await lastAudit(key))!.after).toMatchObject({ images: [b.fileKey] });
  });

  it('refuses images that are not the admin’s own free uploads', async () => {
    const theirs = await uploadedFile(t, memberNo);
    const notImage = await uploadedFile(t, adminNo, { image: false, mime: 'application/pdf' });
    const used = await uploadedFile(t, adminNo);
    await create({ name: 'Holds An Image', imageKeys: [used] });
    for (const imageKeys of [[theirs], [notImage], [used]]) {
      const res = await save({ type: 'lens', company: 'other', brand: 'Sigma', name: 'Image Thief', imageKeys });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: '사진을 찾을 수 없습니다. 사진을 다시 올려 주세요.' });
    }
    const mine = await uploadedFile(t, adminNo);
    const twice = await save({ type: 'lens', company: 'other', brand: 'Sigma', name: 'Image Twice', imageKeys: [mine, mine] });
    expect(twice.json()).toEqual({ message: '같은 사진이 두 번 들어 있습니다.' });
  });
});

describe('/api/admin/product/delete', () => {
  it('deletes a product nothing points at, with an audit record', async () => {
    const img = await uploadedFile(t, adminNo);
    const key = await create({ name: 'Deleted 28mm', imageKeys: [img] });
    const res = await call('delete', { key }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'deleted' });
    expect(await row(key)).toBeUndefined();
    expect((await db().select({ productId: files.productId }).from(files).where(eq(files.key, img)))[0]!.productId).toBeNull();
    const a = (await lastAudit(key))!;
    expect(a).toMatchObject({ action: 'product.delete', after: null });
    expect(a.before).toMatchObject({ name: 'Deleted 28mm' });
  });

  it('hides a product photos or map rules point at, and any catalogue product', async () => {
    const key = await create({ name: 'Pointed At 50mm' });
    const p = (await row(key))!;
    await uploadedFile(t, memberNo, { lensProductId: p.id });
    const res = await call('delete', { key }, admin);
    expect(res.json()).toEqual({ result: 'hidden' });
    expect(await row(key)).toMatchObject({ hidden: true, edited: true });
    expect(await lastAudit(key)).toMatchObject({ action: 'product.hide', before: expect.objectContaining({ hidden: false }), after: expect.objectContaining({ hidden: true }) });

    const mapped = await create({ name: 'Mapped 50mm' });
    await db().insert(productMaps).values({ pattern: 'mapped', productId: (await row(mapped))!.id });
    expect((await call('delete', { key: mapped }, admin)).json()).toEqual({ result: 'hidden' });

    const cat = await catalogueRow('EOS Never Deleted');
    expect((await call('delete', { key: cat.key }, admin)).json()).toEqual({ result: 'hidden' });
    expect(await row(cat.key)).toMatchObject({ hidden: true, edited: true });
  });

  it('answers 404 for an unknown product and 400 for a bad key', async () => {
    const res = await call('delete', { key: 'no-such-product' }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: '제품을 찾을 수 없습니다.' });
    const bad = await call('delete', { key: 42 }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: '제품을 찾을 수 없습니다.' });
  });
});

describe('/api/admin/product/merge', () => {
  it('moves photos, map rules and EXIF names to the product that stays; the other redirects', async () => {
    const from = await catalogueRow('EOS Dup Mk2');
    await db().update(products).set({ exifNames: ['Canon EOS Dup Mk2'] }).where(eq(products.id, from.id));
    const into = await catalogueRow('EOS Dup Mark II');
    const older = await catalogueRow('EOS Dup Older');
    await db().update(products).set({ mergedInto: from.id, hidden: true }).where(eq(products.id, older.id));
    const photo = await uploadedFile(t, memberNo, { cameraProductId: from.id });
    const [rule] = await db().insert(productMaps).values({ pattern: 'dup mk2', productId: from.id }).returning();

    const res = await call('merge', { from: from.key, into: into.key }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ into: into.key, photos: 1, maps: 1 });
    expect((await db().select().from(files).where(eq(files.key, photo)))[0]!.cameraProductId).toBe(into.id);
    expect((await db().select().from(productMaps).where(eq(productMaps.id, rule!.id)))[0]!.productId).toBe(into.id);
    expect(await row(from.key)).toMatchObject({ mergedInto: into.id, hidden: true });
    expect(await row(older.key)).toMatchObject({ mergedInto: into.id });
    const stays = (await row(into.key))!;
    expect(stays.exifNames).toContain('Canon EOS Dup Mk2');
    expect(stays.searchText).toContain('canon eos dup mk2');
    const a = (await lastAudit(from.key))!;
    expect(a.action).toBe('product.merge');
    expect(a.before).toMatchObject({ from: { mergedInto: null }, into: { name: 'EOS Dup Mark II' } });
    expect(a.after).toMatchObject({ from: { mergedInto: into.id, hidden: true }, moved: { photos: 1, maps: 1 } });

    const listed = await call('list', { search: 'eos dup mk2', hidden: true }, admin);
    expect(listed.json().items.find((i: { key: string }) => i.key === from.key).mergedInto).toBe(into.key);
  });

  it('refuses the same product, another type, merged products and unknown keys', async () => {
    const a = await catalogueRow('EOS Merge A');
    const b = await catalogueRow('EOS Merge B');
    const lens = await catalogueRow('EF Merge 50mm', 'lens');
    const hidden = await catalogueRow('EOS Merge Hidden');
    expect((await call('delete', { key: hidden.key }, admin)).json()).toEqual({ result: 'hidden' });
    const cases: Array<[object, number, string]> = [
      [{ from: a.key, into: a.key }, 400, '같은 제품끼리는 합칠 수 없습니다.'],
      [{ from: a.key, into: lens.key }, 400, '종류가 같은 제품끼리만 합칠 수 있습니다.'],
      [{ from: a.key, into: 'no-such-product' }, 404, '제품을 찾을 수 없습니다.'],
      [{ from: a.key, into: hidden.key }, 400, '숨긴 제품에는 합칠 수 없습니다. 먼저 숨김을 풀어 주세요.'],
      [{ from: a.key }, 400, '제품을 찾을 수 없습니다.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('merge', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    expect((await call('merge', { from: a.key, into: b.key }, admin)).statusCode).toBe(200);
    const again = await call('merge', { from: a.key, into: b.key }, admin);
    expect(again.json()).toEqual({ message: '이미 다른 제품으로 합쳐진 제품입니다.' });
    const onto = await call('merge', { from: b.key, into: a.key }, admin);
    expect(onto.json()).toEqual({ message: '다른 제품으로 합쳐진 제품에는 합칠 수 없습니다.' });
    // A merged product can no longer be edited.
    const edit = await save({ key: a.key, type: 'body', company: 'canon', brand: 'Canon', name: 'EOS Merge A' });
    expect(edit.json()).toEqual({ message: '다른 제품으로 합쳐진 제품은 고칠 수 없습니다.' });
  });
});

describe('/api/admin/product/catalogue', () => {
  it('adds nothing new on an up-to-date install, answers the counts and leaves an audit record', async () => {
    const res = await call('catalogue', {}, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: 0, updated: 0, kept: expect.any(Number) });
    const [a] = await db().select().from(adminAudit).where(eq(adminAudit.action, 'product.catalogueUpdate')).orderBy(desc(adminAudit.id)).limit(1);
    expect(a).toMatchObject({ actorNo: adminNo, targetKind: 'catalogue', after: res.json() });
  });

  it('refuses a body that is not an object', async () => {
    const res = await post(t, '/api/admin/product/catalogue', [1], admin);
    expect(res.statusCode).toBe(400);
  });
});
