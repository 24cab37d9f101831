// Values are taken as the JSON types the calls document: a number field takes a number, a
// true/false field true or false. "false", "20000" or [20000] are refused with a Korean 400 and
// change nothing; only a path, the form-encoded login and uploads, text by nature, read text.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '../db/schema/index.js';
import { bidRows, createAuction } from '../test/auction.js';
import { adminCookie, member } from '../test/boards.js';
import { plainPng, upload } from '../test/gallery.js';
import { login, post, testApp, type TestApp } from '../test/harness.js';
import { createItem, seller, type TestMember } from '../test/market.js';
import { bodyWith, leaves, requestSchemas } from '../test/request-schemas.js';

let t: TestApp;
let admin: string;
let s: TestMember;
let b: TestMember;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  s = await seller(t);
  b = await member(t);
});
afterAll(async () => {
  await t?.close();
});

const refused = async (url: string, body: unknown, cookie: string | undefined, message: string) => {
  const res = await post(t, url, body, cookie);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(message);
};

describe('/api/market/list auction', () => {
  it('"false" is refused, not read as true (auctions only); false lists plain sales only', async () => {
    const plain = await createItem(t, s, { subject: '후지 X-T5 바디' });
    const { key: auction } = await createAuction(t, s);
    for (const value of ['false', 'true', 0, ['true']]) await refused('/api/market/list', { auction: value }, undefined, '경매는 true나 false로 보내 주세요.');
    const plainOnly = (await post(t, '/api/market/list', { auction: false })).json().items.map((i: { key: number }) => i.key);
    expect(plainOnly).toContain(plain);
    expect(plainOnly).not.toContain(auction);
    const auctions = (await post(t, '/api/market/list', { auction: true })).json().items.map((i: { key: number }) => i.key);
    expect(auctions).toContain(auction);
    expect(auctions).not.toContain(plain);
  });

  it('prices and pages are numbers: "1000" and [1000] are refused', async () => {
    await refused('/api/market/list', { minPrice: '1000' }, undefined, '가격을 숫자로 입력해 주세요.');
    await refused('/api/market/list', { maxPrice: [1000] }, undefined, '가격을 숫자로 입력해 주세요.');
    await refused('/api/market/list', { page: '2' }, undefined, '페이지 번호를 확인해 주세요.');
  });
});

describe('/api/market/bid amount', () => {
  it('[20000] and "20000" are refused and no bid is taken; 20000 is a bid', async () => {
    const { key } = await createAuction(t, s, { startPrice: 10_000, bidStep: 1_000 });
    await refused('/api/market/bid', { key, amount: [20_000] }, b.cookie, '입찰가를 숫자로 입력해 주세요.');
    await refused('/api/market/bid', { key, amount: '20000' }, b.cookie, '입찰가를 숫자로 입력해 주세요.');
    await refused('/api/market/bid', { key: String(key), amount: 20_000 }, b.cookie, '매물을 찾을 수 없습니다.');
    expect(await bidRows(t, key)).toEqual([]);
    const ok = await post(t, '/api/market/bid', { key, amount: 20_000 }, b.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await bidRows(t, key)).map((r) => r.amount)).toEqual([20_000]);
  });
});

describe('/api/admin/donate/save amount', () => {
  const body = { donorKind: 'name', donorName: '형식 시험', amountPublic: true, donatedOn: '2026-03-01', message: '' };
  const saved = () => t.database.db.select().from(donations).where(and(eq(donations.donorName, '형식 시험')));

  it('[1] and "1000" are refused and nothing is saved; 1000 is saved', async () => {
    await refused('/api/admin/donate/save', { ...body, amount: [1] }, admin, '금액은 숫자로 입력해 주세요.');
    await refused('/api/admin/donate/save', { ...body, amount: '1000' }, admin, '금액은 숫자로 입력해 주세요.');
    await refused('/api/admin/donate/save', { ...body, amount: 1000, amountPublic: 'true' }, admin, '금액 공개 여부는 true나 false로 보내 주세요.');
    expect(await saved()).toEqual([]);
    const ok = await post(t, '/api/admin/donate/save', { ...body, amount: 1000 }, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await saved()).map((d) => d.amount)).toEqual([1000]);
  });
});

describe('text by nature still reads', () => {
  it('the form-encoded login, a multipart upload and a letter key in the path', async () => {
    const m = await member(t);
    expect(await login(t, m.userId, m.password, true)).toMatch(/^chalkak_sid=/);
    expect(await upload(t, m.cookie, await plainPng(), 'a.png', 'image/png')).toBeTruthy();
    const sent = await post(t, '/api/letter/send/save', { receiver: b.userId, subject: '안녕하세요', content: '출사 같이 가요' }, m.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    const box = (await post(t, '/api/letter/receive/list', {}, b.cookie)).json() as { items: { letterKey: number }[] };
    const read = await post(t, `/api/letter/receive/read/${box.items[0]!.letterKey}`, undefined, b.cookie);
    expect(read.statusCode, read.body).toBe(200);
    await refused('/api/letter/receive/read/1e1', undefined, b.cookie, '쪽지를 찾을 수 없습니다.');
    await refused('/api/letter/receive/view', { letterKey: String(box.items[0]!.letterKey) }, b.cookie, '쪽지를 찾을 수 없습니다.');
  });
});

describe('every call', () => {
  // Values of the wrong JSON type for each kind of field; none may be taken as it is or converted.
  const WRONG: Record<string, unknown[]> = {
    number: ['1', [1], true, '1e3'],
    int: ['1', [1], true],
    boolean: ['true', 'false', 1, 0, [true]],
    string: [1, ['x'], true, { x: 1 }],
  };

  it('refuses a value of the wrong type in every field of every JSON body', () => {
    const taken: string[] = [];
    for (const r of requestSchemas(t.app)) {
      if (r.part !== 'body' || r.url === '/api/login/do' || r.url.startsWith('/api/identity/return')) continue;
      for (const leaf of leaves(r.schema)) {
        for (const value of WRONG[leaf.type] ?? []) {
          const result = r.schema.safeParse(bodyWith(leaf.path, value));
          const at = leaf.path.join('.');
          if (result.success || !result.error.issues.some((i) => i.path.join('.') === at)) taken.push(`${r.url} ${at} ${JSON.stringify(value)}`);
        }
      }
    }
    expect(taken).toEqual([]);
  });
});
