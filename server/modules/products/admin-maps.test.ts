// Admin product map calls: who may call them, list, save, delete with audit records, and the
// test that tries a pattern on the titles that exist.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, productMaps, products } from '../../db/schema/index.js';
import { adminCookie, createPost, member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { productSearchText } from './search-text.js';

let t: TestApp;
let admin: string;
let memberCookie: string;
let lensKey: string;
let bodyKey: string;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  memberCookie = (await member(t)).cookie;
  lensKey = await addProduct('lens', 'Sony', 'FE 24-70mm F2.8 GM II Maptest');
  bodyKey = await addProduct('body', 'Sony', 'A7 Maptest III');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const call = (url: string, body: object, cookie?: string) => post(t, `/api/admin/product-map/${url}`, body, cookie);
const lastAudit = async (id: number) =>
  (await db().select().from(adminAudit).where(and(eq(adminAudit.targetKind, 'productMap'), eq(adminAudit.targetKey, String(id)))).orderBy(desc(adminAudit.id)).limit(1))[0];

let serial = 0;
async function addProduct(type: 'body' | 'lens', brand: string, name: string) {
  const p = { type, company: 'sony', brand, name };
  const key = `map-${++serial}`;
  await db().insert(products).values({ ...p, key, source: 'admin', searchText: productSearchText(p) });
  return key;
}

async function saveRule(pattern: string, productKey = lensKey, note = '') {
  const res = await call('save', { pattern, productKey, note }, admin);
  if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

describe('who may call', () => {
  const calls: Array<[string, object]> = [
    ['list', {}],
    ['save', { pattern: 'gm2', productKey: 'x' }],
    ['delete', { id: 1 }],
    ['test', { pattern: 'gm2' }],
  ];
  it.each(calls)('%s: visitors get 401, members 403', async (url, body) => {
    const visitor = await call(url, body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: '로그인이 필요합니다.' });
    const m = await call(url, body, memberCookie);
    expect(m.statusCode).toBe(403);
    expect(m.json()).toEqual({ message: '관리자만 사용할 수 있습니다.' });
  });
  it.each(calls)('%s: an empty or broken body is refused as 401/403 too, before any field rule', async (url) => {
    for (const body of [{}, { id: 'x', pattern: '*' }]) {
      expect((await call(url, body)).statusCode).toBe(401);
      expect((await call(url, body, memberCookie)).statusCode).toBe(403);
    }
  });
});

describe('/api/admin/product-map/save and list', () => {
  it('creates a rule, lists it with its product, and records the audit', async () => {
    const id = await saveRule('24-70 "gm ii"', lensKey, '중고 장터 표기');
    const [row] = await db().select().from(productMaps).where(eq(productMaps.id, id));
    expect(row).toMatchObject({ pattern: '24-70 "gm ii"', note: '중고 장터 표기' });
    const a = (await lastAudit(id))!;
    expect(a).toMatchObject({ action: 'productMap.save', before: null, after: { pattern: '24-70 "gm ii"', productKey: lensKey, note: '중고 장터 표기' } });

    const res = await call('list', { search: 'maptest' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, pageSize: 50, total: 1 });
    expect(res.json().items[0]).toMatchObject({ id, pattern: '24-70 "gm ii"', productKey: lensKey, productName: 'Sony FE 24-70mm F2.8 GM II Maptest', note: '중고 장터 표기' });
    expect((await call('list', { search: '장터' }, admin)).json().total).toBe(1);
    expect((await call('list', { search: '없는말' }, admin)).json().total).toBe(0);
  });

  it('edits a rule: the new pattern and product, with before and after in the audit', async () => {
    const id = await saveRule('a7 maptest*', lensKey);
    const res = await call('save', { id, pattern: 'a7 maptest* iii', productKey: bodyKey, note: '바디' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id });
    const a = (await lastAudit(id))!;
    expect(a.before).toEqual({ pattern: 'a7 maptest*', productKey: lensKey, note: '' });
    expect(a.after).toEqual({ pattern: 'a7 maptest* iii', productKey: bodyKey, note: '바디' });
  });

  it('refuses the same rule written another way (409), bad patterns and unknown products', async () => {
    await saveRule('maptest 소니 gm2');
    const dup = await call('save', { pattern: 'GM2 소니 maptest', productKey: bodyKey }, admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: '같은 규칙이 이미 있습니다.' });
    const cases: Array<[object, number, string]> = [
      [{ pattern: '', productKey: lensKey }, 400, '규칙을 입력해 주세요.'],
      [{ pattern: '*', productKey: lensKey }, 400, '별표(*)만으로 된 낱말은 쓸 수 없습니다. 별표는 낱말 안에 넣어 주세요.'],
      [{ pattern: '- - -', productKey: lensKey }, 400, '규칙에는 글자나 숫자가 있어야 합니다.'],
      [{ pattern: 'a b c d e f g h i', productKey: lensKey }, 400, '낱말은 8개까지 쓸 수 있습니다.'],
      [{ pattern: '"gm', productKey: lensKey }, 400, '따옴표(")를 닫아 주세요.'],
      [{ pattern: 'x'.repeat(101), productKey: lensKey }, 400, '규칙은 100자까지 입력할 수 있습니다.'],
      [{ pattern: 'gm3 maptest', productKey: 'no-such-product' }, 404, '제품을 찾을 수 없습니다.'],
      [{ pattern: 'gm3 maptest', productKey: lensKey, note: 'x'.repeat(201) }, 400, '메모는 200자까지 입력할 수 있습니다.'],
      [{ id: 999999, pattern: 'gm3 maptest', productKey: lensKey }, 404, '규칙을 찾을 수 없습니다.'],
      [{ id: 'one', pattern: 'gm3 maptest', productKey: lensKey }, 400, '규칙을 찾을 수 없습니다.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('save', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    expect(await db().select().from(productMaps).where(eq(productMaps.pattern, 'gm3 maptest'))).toEqual([]);
  });

  it('refuses a rule on a product merged into another', async () => {
    const merged = await addProduct('lens', 'Sony', 'Merged Maptest');
    const [into] = await db().select().from(products).where(eq(products.key, lensKey));
    await db().update(products).set({ mergedInto: into!.id, hidden: true }).where(eq(products.key, merged));
    const res = await call('save', { pattern: 'merged maptest', productKey: merged }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/합쳐진 제품/);
  });

  it('refuses bad list input', async () => {
    const res = await call('list', { search: 'x'.repeat(61) }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: '검색어는 60자까지 입력할 수 있습니다.' });
    const page = await call('list', { page: 0 }, admin);
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({ message: '페이지 번호를 확인해 주세요.' });
  });
});

describe('/api/admin/product-map/delete', () => {
  it('deletes a rule and keeps what it was in the audit', async () => {
    const id = await saveRule('delete maptest', lensKey, '지울 규칙');
    const res = await call('delete', { id }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await db().select().from(productMaps).where(eq(productMaps.id, id))).toEqual([]);
    expect(await lastAudit(id)).toMatchObject({ action: 'productMap.delete', before: { pattern: 'delete maptest', productKey: lensKey, note: '지울 규칙' }, after: null });
  });

  it('answers 404 for an unknown rule and 400 for a bad id', async () => {
    const res = await call('delete', { id: 999999 }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: '규칙을 찾을 수 없습니다.' });
    const bad = await call('delete', { id: 'x' }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: '규칙을 찾을 수 없습니다.' });
    // Ids beyond the id column (or below 1) are the same 400, not a database error.
    for (const id of [99_999_999_999, 2 ** 31, 0, -1]) {
      for (const res of [await call('delete', { id }, admin), await call('save', { id, pattern: 'big id maptest', productKey: lensKey }, admin)]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: '규칙을 찾을 수 없습니다.' });
      }
    }
  });
});

describe('/api/admin/product-map/test', () => {
  it('lists the post titles a pattern catches, newest first, and not the others or deleted posts', async () => {
    const writer = await member(t);
    const first = await createPost(t, writer.cookie, { subject: '[판매] 소니 FE 24-70 GM2 maptestz 팝니다' });
    const second = await createPost(t, writer.cookie, { subject: '소니 24-70mm gm2 maptestz 구합니다' });
    const other = await createPost(t, writer.cookie, { subject: '캐논 24-70 maptestz 팝니다' });
    const gone = await createPost(t, writer.cookie, { subject: '소니 gm2 maptestz 삭제된 글' });
    expect((await post(t, '/api/board/delete', { boardId: 'free', key: gone }, writer.cookie)).statusCode).toBe(200);

    const res = await call('test', { pattern: '소니 gm2 maptestz' }, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { key: number }) => i.key)).toEqual([second, first]);
    expect(body.total).toBe(2);
    expect(body.scanned).toBeGreaterThanOrEqual(3);
    expect(body.items[1]).toEqual({ kind: 'post', key: first, title: '[판매] 소니 FE 24-70 GM2 maptestz 팝니다', url: `/board/free/view/${first}` });
    expect(body.items.map((i: { key: number }) => i.key)).not.toContain(other);
  });

  it('refuses a pattern the language cannot use', async () => {
    const res = await call('test', { pattern: '**' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/별표/);
    const empty = await call('test', {}, admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: '규칙을 입력해 주세요.' });
  });
});
