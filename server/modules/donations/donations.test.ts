// Donations: who may call the admin calls, bad input, save (member, free name, anonymous),
// delete, the audit records, and the public thanks list (anonymous, private amounts, totals).
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, donations } from '../../db/schema/index.js';
import { adminCookie, member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let memberCookie: string;
let donor: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  memberCookie = (await member(t)).cookie;
  donor = await member(t);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const call = (url: string, body: object, cookie?: string) => post(t, `/api/admin/donate/${url}`, body, cookie);
const base = { donorKind: 'name', donorName: '김후원', amount: 50000, amountPublic: true, donatedOn: '2025-03-01', message: '잘 쓰세요' };
async function save(over: object = {}) {
  const res = await call('save', { ...base, ...over }, admin);
  if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}
const lastAudit = async (id: number) =>
  (await db().select().from(adminAudit).where(and(eq(adminAudit.targetKind, 'donation'), eq(adminAudit.targetKey, String(id)))).orderBy(desc(adminAudit.id)).limit(1))[0];

describe('who may call', () => {
  it.each([
    ['list', {}],
    ['save', base],
    ['delete', { id: 1 }],
  ] as Array<[string, object]>)('%s: visitors get 401, members 403, nothing changes', async (url, body) => {
    const before = (await db().select().from(donations)).length;
    const visitor = await call(url, body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: '로그인이 필요합니다.' });
    const m = await call(url, body, memberCookie);
    expect(m.statusCode).toBe(403);
    expect(m.json()).toEqual({ message: '관리자만 사용할 수 있습니다.' });
    expect((await db().select().from(donations)).length).toBe(before);
  });

  it('the thanks list is open to everyone', async () => {
    expect((await post(t, '/api/donate/thanks', {})).statusCode).toBe(200);
    expect((await post(t, '/api/donate/thanks', {}, memberCookie)).statusCode).toBe(200);
  });
});

describe('/api/admin/donate/save', () => {
  it.each([
    [{ amount: 0 }, '금액은 1원 이상이어야 합니다.'],
    [{ amount: -5 }, '금액은 1원 이상이어야 합니다.'],
    [{ amount: 10.5 }, '금액은 원 단위 정수로 입력해 주세요.'],
    [{ amount: 'abc' }, '금액은 숫자로 입력해 주세요.'],
    [{ donatedOn: '2025-02-30' }, '후원일을 확인해 주세요.'],
    [{ donatedOn: '어제' }, '후원일은 2024-05-01처럼 입력해 주세요.'],
    [{ donatedOn: '' }, '후원일은 필수 입력 항목입니다.'],
    [{ message: '가'.repeat(501) }, '남긴 말은 최대 500자까지 입력할 수 있습니다.'],
    [{ donorName: '' }, '후원자는 필수 입력 항목입니다.'],
    [{ donorKind: 'member', donorName: '없는회원이름' }, '후원한 회원을 찾을 수 없습니다. 닉네임이나 아이디를 확인해 주세요.'],
    [{ donorKind: 'robot' }, '후원자 종류를 골라 주세요.'],
  ])('refuses %j with a Korean message', async (over, message) => {
    const before = (await db().select().from(donations)).length;
    const res = await call('save', { ...base, ...over }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await db().select().from(donations)).length).toBe(before);
  });

  it('records a member by nickname (linked) and edits it, each write audited', async () => {
    const id = await save({ donorKind: 'member', donorName: donor.nickName, amount: 30000 });
    const [row] = await db().select().from(donations).where(eq(donations.id, id));
    expect(row).toMatchObject({ donorNo: donor.no, donorName: donor.nickName, anonymous: false, amount: 30000, donatedOn: '2025-03-01' });
    const created = await lastAudit(id);
    expect(created).toMatchObject({ action: 'donation.save', before: null });
    expect(created!.after).toMatchObject({ amount: 30000, donorNo: donor.no });

    // By id as well; the list shows the member's id.
    const byId = await save({ donorKind: 'member', donorName: donor.userId });
    expect((await db().select().from(donations).where(eq(donations.id, byId)))[0]!.donorNo).toBe(donor.no);

    expect((await call('save', { ...base, id, donorKind: 'member', donorName: donor.nickName, amount: 35000, amountPublic: false }, admin)).statusCode).toBe(200);
    const [edited] = await db().select().from(donations).where(eq(donations.id, id));
    expect(edited).toMatchObject({ amount: 35000, amountPublic: false, donorNo: donor.no });
    const audit = await lastAudit(id);
    expect(audit!.before).toMatchObject({ amount: 30000 });
    expect(audit!.after).toMatchObject({ amount: 35000, amountPublic: false });

    const list = await call('list', { search: donor.userId }, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((i: { id: number }) => i.id === id)).toMatchObject({ donorKind: 'member', donorUserId: donor.userId, amount: 35000 });
  });

  it('an anonymous donation keeps no name', async () => {
    const id = await save({ donorKind: 'anonymous', donorName: '숨은이름' });
    expect((await db().select().from(donations).where(eq(donations.id, id)))[0]).toMatchObject({ anonymous: true, donorName: '', donorNo: null });
  });

  it('editing a donation that does not exist is a 404', async () => {
    const res = await call('save', { ...base, id: 999999 }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('후원 기록을 찾을 수 없습니다.');
  });
});

describe('/api/admin/donate/list', () => {
  it('pages 50 at a time, filters by year, sorts by amount and sums the matches', async () => {
    await save({ donorName: '연도필터', donatedOn: '2019-01-02', amount: 1000 });
    await save({ donorName: '연도필터', donatedOn: '2019-06-02', amount: 9000 });
    const res = await call('list', { year: 2019, sort: 'amount' }, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pageSize).toBe(50);
    expect(body.items.map((i: { amount: number }) => i.amount)).toEqual([9000, 1000]);
    expect(body.sum).toBe(10000);
    expect((await call('list', { page: 0 }, admin)).statusCode).toBe(400);
  });
});

describe('/api/admin/donate/delete', () => {
  it('deletes with an audit record of what was there; a second time is a 404', async () => {
    const id = await save({ donorName: '지울기록' });
    const res = await call('delete', { id }, admin);
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(donations).where(eq(donations.id, id))).toEqual([]);
    const audit = await lastAudit(id);
    expect(audit).toMatchObject({ action: 'donation.delete', after: null });
    expect(audit!.before).toMatchObject({ donorName: '지울기록' });
    expect((await call('delete', { id }, admin)).statusCode).toBe(404);
    expect((await call('delete', { id: 'x' }, admin)).statusCode).toBe(400);
  });
});

describe('/api/donate/thanks', () => {
  it('lists a year: anonymous as 익명, private amounts hidden and left out of the total', async () => {
    await save({ donorName: '공개후원', amount: 10000, donatedOn: '2021-05-01', message: '고맙습니다' });
    await save({ donorName: '비공개후원', amount: 70000, amountPublic: false, donatedOn: '2021-06-01' });
    await save({ donorKind: 'anonymous', donorName: '', amount: 5000, donatedOn: '2021-07-01' });
    await save({ donorName: '다른해', amount: 1, donatedOn: '2020-01-01' });
    const res = await post(t, '/api/donate/thanks', { year: 2021 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.year).toBe(2021);
    expect(body.years).toEqual(expect.arrayContaining([2021, 2020, 2025]));
    expect(body.years).toEqual([...body.years].sort((a: number, b: number) => b - a));
    expect(body.items.map((i: { name: string; amount: number | null }) => [i.name, i.amount])).toEqual([
      ['익명', 5000],
      ['비공개후원', null],
      ['공개후원', 10000],
    ]);
    expect(body.total).toBe(15000);
    expect(body.count).toBe(3);
    expect(JSON.stringify(body)).not.toContain('70000');
  });

  it('without a year shows the newest; a bad year is refused', async () => {
    const res = await post(t, '/api/donate/thanks');
    expect(res.statusCode).toBe(200);
    expect(res.json().year).toBe(res.json().years[0]);
    expect((await post(t, '/api/donate/thanks', { year: 'abc' })).statusCode).toBe(400);
  });
});
