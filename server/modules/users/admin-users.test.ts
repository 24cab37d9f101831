// Member management calls: who may call them, the list and a member's page, edit (nickname
// look-alikes, email, level, the last administrator), points, suspension at login and its end,
// restore, and the audit record every write leaves.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, levelHistory, levels, nickHistory, pointLedger, reports, sessions, users } from '../../db/schema/index.js';
import { adminCookie, createPost, member } from '../../test/boards.js';
import { createUser, post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let adminNo: number;
let memberCookie: string;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  const [a] = await t.database.db.select({ no: users.no }).from(users).where(eq(users.userId, TEST_ADMIN.userId));
  adminNo = a!.no;
  memberCookie = (await member(t)).cookie;
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const call = (url: string, body: object, cookie?: string) => post(t, `/api/admin/user/${url}`, body, cookie);
const row = async (no: number) => (await db().select().from(users).where(eq(users.no, no)))[0]!;
const lastAudit = async (userId: string) =>
  (await db().select().from(adminAudit).where(and(eq(adminAudit.targetKind, 'user'), eq(adminAudit.targetKey, userId))).orderBy(desc(adminAudit.id)).limit(1))[0];
const loginRaw = (userId: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login/do',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ userId, password }).toString(),
  });
const sessionInfo = async (cookie: string) => (await t.app.inject({ method: 'POST', url: '/api/session/info', headers: { cookie } })).json();

/** The edit form as it stands for a member, with changes. */
async function saveBody(no: number, over: object = {}) {
  const u = await row(no);
  return { userNo: no, nickName: u.nickName, email: u.email, levelId: u.levelId, admin: u.admin, ...over };
}

describe('who may call', () => {
  const calls: Array<[string, object]> = [
    ['list', {}],
    ['view', { userNo: 1 }],
    ['save', { userNo: 1, nickName: '바꾼이름', email: 'x@example.com', levelId: null, admin: false }],
    ['points', { userNo: 1, amount: 10, reason: '이벤트' }],
    ['suspend', { userNo: 1, days: 3, reason: '광고' }],
    ['restore', { userNo: 1 }],
  ];
  it.each(calls)('%s: visitors get 401, members 403, nothing is written', async (url, body) => {
    const audits = (await db().select({ id: adminAudit.id }).from(adminAudit)).length;
    const visitor = await call(url, body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: '로그인이 필요합니다.' });
    const m = await call(url, body, memberCookie);
    expect(m.statusCode).toBe(403);
    expect(m.json()).toEqual({ message: '관리자만 사용할 수 있습니다.' });
    expect((await db().select({ id: adminAudit.id }).from(adminAudit)).length).toBe(audits);
  });
});

describe('/api/admin/user/list', () => {
  it('finds members by id, nickname or email, 50 a page', async () => {
    const u = await createUser(t, { nickName: '찾는사람', email: 'finder_mail@example.com' });
    for (const search of [u.userId, u.userId.toUpperCase().slice(2), '찾는사람', 'finder_mail']) {
      const res = await call('list', { search }, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((i: { no: number }) => i.no), search).toContain(u.no);
    }
    const all = (await call('list', {}, admin)).json();
    expect(all.pageSize).toBe(50);
    expect(all.items.length).toBeLessThanOrEqual(50);
    expect(all.items[0]).toMatchObject({ no: expect.any(Number), userId: expect.any(String), status: expect.any(String), joinDate: expect.stringMatching(/^\d{4}-\d\d-\d\d /) });
  });

  it('treats % and _ in a search literally', async () => {
    const res = await call('list', { search: '%' }, admin);
    expect(res.json().total).toBe(0);
  });

  it('filters by status and administrator flag, sorts by points', async () => {
    const rich = await createUser(t, { nickName: '부자회원' });
    await db().update(users).set({ points: 9_999_999 }).where(eq(users.no, rich.no));
    const top = (await call('list', { sort: 'points' }, admin)).json().items[0];
    expect(top.no).toBe(rich.no);
    const admins = (await call('list', { admin: true }, admin)).json().items;
    expect(admins.every((i: { admin: boolean }) => i.admin)).toBe(true);
    expect(admins.map((i: { no: number }) => i.no)).toContain(adminNo);
    const s = await createUser(t);
    await db().update(users).set({ status: 'suspended', suspendReason: '테스트' }).where(eq(users.no, s.no));
    const suspended = (await call('list', { status: 'suspended' }, admin)).json().items.map((i: { no: number }) => i.no);
    expect(suspended).toContain(s.no);
    expect(suspended).not.toContain(rich.no);
    expect((await call('list', { sort: 'lastLogin' }, admin)).statusCode).toBe(200);
  });

  it('refuses bad input in Korean', async () => {
    for (const body of [{ page: 0 }, { sort: 'name' }, { status: 'gone' }, { admin: 'yes' }, { search: 'x'.repeat(61) }]) {
      const res = await call('list', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[가-힣]/);
    }
  });
});

describe('/api/admin/user/view', () => {
  it("shows a member's ledger, histories, posts and the reports against them", async () => {
    const m = await member(t);
    const key = await createPost(t, m.cookie, { subject: '보이는 글' });
    await db().insert(reports).values({ reporterNo: adminNo, kind: 'post', targetKey: String(key), authorNo: m.no, reason: '광고 글' });
    const res = await call('view', { userNo: m.no }, admin);
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v.user).toMatchObject({ no: m.no, userId: m.userId, status: 'active', suspendReason: null });
    expect(v.levels.length).toBeGreaterThan(0);
    expect(v.posts[0]).toMatchObject({ key, subject: '보이는 글', deleted: false });
    expect(v.reports).toMatchObject({ total: 1, open: 1 });
    expect(v.reports.recent[0]).toMatchObject({ kind: 'post', reason: '광고 글', status: 'open' });
    expect(v.ledger.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown member and 400 for a bad number', async () => {
    const missing = await call('view', { userNo: 999_999 }, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('회원을 찾을 수 없습니다.');
    expect((await call('view', { userNo: 'x' }, admin)).statusCode).toBe(400);
  });
});

describe('/api/admin/user/save', () => {
  it('changes nickname, email and level with history rows and an audit record', async () => {
    const u = await createUser(t);
    const [top] = await db().select().from(levels).orderBy(desc(levels.minPoints)).limit(1);
    const res = await call('save', await saveBody(u.no, { nickName: '새이름회원', email: 'NEW_ADDR@example.com', levelId: top!.id }), admin);
    expect(res.statusCode).toBe(200);
    const after = await row(u.no);
    expect(after).toMatchObject({ nickName: '새이름회원', email: 'new_addr@example.com', levelId: top!.id });
    const [nick] = await db().select().from(nickHistory).where(eq(nickHistory.userNo, u.no)).orderBy(desc(nickHistory.id));
    expect(nick!.content).toBe(`${u.nickName} → 새이름회원 (관리자 변경)`);
    const [lv] = await db().select().from(levelHistory).where(eq(levelHistory.userNo, u.no)).orderBy(desc(levelHistory.id));
    expect(lv!.content).toContain(`→ ${top!.name} (관리자 변경)`);
    const a = await lastAudit(u.userId);
    expect(a).toMatchObject({ actorNo: adminNo, action: 'user.save' });
    expect(a!.before).toMatchObject({ nickName: u.nickName });
    expect(a!.after).toMatchObject({ nickName: '새이름회원', levelId: top!.id });
  });

  it("refuses a nickname that looks like another member's, and a taken email", async () => {
    await createUser(t, { nickName: 'Camera Kim' });
    const u = await createUser(t);
    const look = await call('save', await saveBody(u.no, { nickName: 'camera-kim' }), admin);
    expect(look.statusCode).toBe(409);
    expect(look.json().message).toBe('이미 사용 중인 닉네임과 너무 비슷합니다.');
    const other = await createUser(t);
    const mail = await call('save', await saveBody(u.no, { email: other.email }), admin);
    expect(mail.statusCode).toBe(409);
    expect(mail.json().message).toBe('이미 가입된 이메일입니다.');
    const reserved = await call('save', await saveBody(u.no, { nickName: '운영자' }), admin);
    expect(reserved.statusCode).toBe(400);
    expect((await row(u.no)).nickName).toBe(u.nickName);
  });

  it('refuses bad input at the field', async () => {
    const u = await createUser(t);
    const cases: Array<[object, string]> = [
      [{ nickName: '' }, '닉네임은 필수 입력 항목입니다.'],
      [{ email: 'not-mail' }, '올바른 이메일 주소를 입력해 주세요.'],
      [{ levelId: 999_999 }, '등급을 찾을 수 없습니다.'],
    ];
    for (const [over, message] of cases) {
      const res = await call('save', await saveBody(u.no, over), admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('grants and removes the administrator flag, but never from the last administrator', async () => {
    const u = await createUser(t);
    expect((await call('save', await saveBody(u.no, { admin: true }), admin)).statusCode).toBe(200);
    expect((await row(u.no)).admin).toBe(true);
    expect((await call('save', await saveBody(u.no, { admin: false }), admin)).statusCode).toBe(200);
    // Make the test administrator the only one, then try to remove it.
    const others = await db().select({ no: users.no }).from(users).where(eq(users.admin, true));
    for (const o of others) if (o.no !== adminNo) await db().update(users).set({ admin: false }).where(eq(users.no, o.no));
    const res = await call('save', await saveBody(adminNo, { admin: false }), admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('마지막 관리자의 권한은 해제할 수 없습니다. 다른 회원을 먼저 관리자로 지정해 주세요.');
    expect((await row(adminNo)).admin).toBe(true);
  });
});

describe('/api/admin/user/points', () => {
  it('adds and removes points with a reason: ledger row, level recomputed, audit record', async () => {
    const u = await createUser(t);
    const before = await row(u.no);
    const res = await call('points', { userNo: u.no, amount: 20_000, reason: '사진전 우승' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ points: before.points + 20_000, levelName: '명인' });
    const [line] = await db().select().from(pointLedger).where(eq(pointLedger.userNo, u.no)).orderBy(desc(pointLedger.id)).limit(1);
    expect(line).toMatchObject({ amount: 20_000, reason: '사진전 우승' });
    const [lv] = await db().select().from(levelHistory).where(eq(levelHistory.userNo, u.no)).orderBy(desc(levelHistory.id));
    expect(lv!.content).toContain('명인');
    expect(await lastAudit(u.userId)).toMatchObject({ action: 'user.points', after: expect.objectContaining({ amount: 20_000, reason: '사진전 우승' }) });
    const down = await call('points', { userNo: u.no, amount: -20_000, reason: '잘못 준 포인트' }, admin);
    expect(down.json().points).toBe(before.points);
  });

  it('needs a reason and a non-zero whole amount', async () => {
    const u = await createUser(t);
    const cases: Array<[object, string]> = [
      [{ amount: 10, reason: '  ' }, '사유는 필수 입력 항목입니다.'],
      [{ amount: 0, reason: '이벤트' }, '0이 아닌 포인트를 입력해 주세요.'],
      [{ amount: 1.5, reason: '이벤트' }, '포인트는 정수로 입력해 주세요.'],
      [{ amount: 2_000_000, reason: '이벤트' }, '포인트는 -1,000,000부터 1,000,000까지 입력할 수 있습니다.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('points', { userNo: u.no, ...body }, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await call('points', { userNo: 999_999, amount: 5, reason: '이벤트' }, admin)).statusCode).toBe(404);
  });
});

describe('suspension', () => {
  it('ends open sessions; login is refused with the reason and end date; restore lets them in', async () => {
    const m = await member(t);
    expect((await sessionInfo(m.cookie)).logined).toBe(true);
    const res = await call('suspend', { userNo: m.no, days: 9, reason: '광고 글 반복' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().suspendedUntil).toMatch(/^\d{4}-\d\d-\d\d /);
    expect(await db().select().from(sessions).where(eq(sessions.userNo, m.no))).toHaveLength(0);
    expect((await sessionInfo(m.cookie)).logined).toBe(false);

    const u = await row(m.no);
    expect(u).toMatchObject({ status: 'suspended', suspendReason: '광고 글 반복' });
    const until = new Date(u.suspendedUntil!.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
    const refused = await loginRaw(m.userId, m.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: `이용이 정지된 계정입니다. 사유: 광고 글 반복 (${until}까지)` });
    expect(await lastAudit(m.userId)).toMatchObject({ action: 'user.suspend', after: expect.objectContaining({ status: 'suspended', days: 9 }) });

    const view = (await call('view', { userNo: m.no }, admin)).json();
    expect(view.user).toMatchObject({ status: 'suspended', suspendReason: '광고 글 반복' });

    expect((await call('restore', { userNo: m.no }, admin)).statusCode).toBe(200);
    expect(await row(m.no)).toMatchObject({ status: 'active', suspendedUntil: null, suspendReason: null });
    expect(await lastAudit(m.userId)).toMatchObject({ action: 'user.restore' });
    expect((await loginRaw(m.userId, m.password)).statusCode).toBe(200);
    const again = await call('restore', { userNo: m.no }, admin);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('정지된 회원이 아닙니다.');
  });

  it('until further notice says so at login', async () => {
    const m = await createUser(t);
    expect((await call('suspend', { userNo: m.no, days: null, reason: '욕설' }, admin)).json()).toEqual({ suspendedUntil: null });
    const refused = await loginRaw(m.userId, m.password);
    expect(refused.json()).toEqual({ message: '이용이 정지된 계정입니다. 사유: 욕설 (해제될 때까지)' });
  });

  it('is over once its end has passed: login works and the member is active again', async () => {
    const m = await createUser(t);
    await call('suspend', { userNo: m.no, days: 1, reason: '도배' }, admin);
    await db().update(users).set({ suspendedUntil: new Date(Date.now() - 1000) }).where(eq(users.no, m.no));
    const listed = (await call('list', { search: m.userId }, admin)).json().items[0];
    expect(listed.status).toBe('active');
    expect((await loginRaw(m.userId, m.password)).statusCode).toBe(200);
    expect(await row(m.no)).toMatchObject({ status: 'active', suspendedUntil: null, suspendReason: null });
  });

  it('never suspends an administrator or yourself; checks days and reason', async () => {
    const other = await createUser(t);
    await db().update(users).set({ admin: true }).where(eq(users.no, other.no));
    const a = await call('suspend', { userNo: other.no, days: 3, reason: '사유' }, admin);
    expect(a.statusCode).toBe(400);
    expect(a.json().message).toBe('관리자는 정지할 수 없습니다. 먼저 관리자 권한을 해제해 주세요.');
    await db().update(users).set({ admin: false }).where(eq(users.no, other.no));
    const self = await call('suspend', { userNo: adminNo, days: 3, reason: '사유' }, admin);
    expect(self.json().message).toBe('자기 자신은 정지할 수 없습니다.');
    const cases: Array<[object, string]> = [
      [{ days: 0, reason: '사유' }, '정지 기간은 1일부터 3650일까지 입력할 수 있습니다.'],
      [{ days: 3651, reason: '사유' }, '정지 기간은 1일부터 3650일까지 입력할 수 있습니다.'],
      [{ days: 3, reason: '' }, '정지 사유는 필수 입력 항목입니다.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('suspend', { userNo: other.no, ...body }, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await row(other.no)).status).toBe('active');
  });

  it('a suspended member cannot be made an administrator', async () => {
    const m = await createUser(t);
    await call('suspend', { userNo: m.no, days: 3, reason: '도배' }, admin);
    const res = await call('save', await saveBody(m.no, { admin: true }), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('정지된 회원은 관리자로 지정할 수 없습니다. 먼저 정지를 해제해 주세요.');
  });
});
