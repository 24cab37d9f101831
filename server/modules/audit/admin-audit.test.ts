// The audit log call (filters, paging, newest first, who may call) and the dashboard's counts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, posts, reports, users } from '../../db/schema/index.js';
import { adminCookie, createPost, member } from '../../test/boards.js';
import { post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';
import { dayAndWeekStart } from './dashboard.js';

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
const list = (body: object, cookie = admin) => post(t, '/api/admin/audit/list', body, cookie);

describe('who may call', () => {
  it.each([['/api/admin/audit/list'], ['/api/admin/dashboard']])('%s: visitors 401, members 403', async (url) => {
    const visitor = await post(t, url, {});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: '로그인이 필요합니다.' });
    const m = await post(t, url, {}, memberCookie);
    expect(m.statusCode).toBe(403);
    expect(m.json()).toEqual({ message: '관리자만 사용할 수 있습니다.' });
  });

  it('refuses a member before looking at the filters', async () => {
    expect((await list({ from: 'yesterday' }, memberCookie)).statusCode).toBe(403);
    expect((await post(t, '/api/admin/audit/list', { page: -1 })).statusCode).toBe(401);
  });
});

describe('/api/admin/audit/list', () => {
  beforeAll(async () => {
    // A real write through an admin call, then rows at known times.
    const saved = await post(t, '/api/admin/product/save', { type: 'lens', company: 'other', brand: 'Sigma', name: 'Audit 35mm F1.4' }, admin);
    expect(saved.statusCode).toBe(200);
    await db()
      .insert(adminAudit)
      .values([
        { actorNo: adminNo, action: 'board.save', targetKind: 'board', targetKey: 'free', before: { name: '자유' }, after: { name: '자유게시판' }, at: new Date('2026-03-01T03:00:00Z') },
        { actorNo: adminNo, action: 'board.delete', targetKind: 'board', targetKey: 'old', before: { name: '옛 게시판' }, after: null, at: new Date('2026-03-02T16:30:00Z') },
        { actorNo: memberNo, action: 'user.points', targetKind: 'user', targetKey: '7', before: { points: 1 }, after: { points: 11 }, at: new Date('2026-03-03T01:00:00Z') },
      ]);
  });

  it('lists newest first with the admin, the action, the target and before/after', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pageSize).toBe(50);
    expect(body.total).toBe(4);
    const [first, ...rest] = body.items;
    expect(first).toMatchObject({ action: 'product.save', targetKind: 'product', actor: { no: adminNo, userId: TEST_ADMIN.userId }, before: null });
    expect(first.after).toMatchObject({ name: 'Audit 35mm F1.4' });
    expect(rest.map((e: { action: string }) => e.action)).toEqual(['user.points', 'board.delete', 'board.save']);
    expect(rest[2]).toMatchObject({ before: { name: '자유' }, after: { name: '자유게시판' }, at: '2026-03-01T03:00:00.000Z' });
  });

  it('filters by area or exact action, target, admin and KST days', async () => {
    const actions = async (body: object) => (await list(body)).json().items.map((e: { action: string }) => e.action);
    expect(await actions({ action: 'board' })).toEqual(['board.delete', 'board.save']);
    expect(await actions({ action: 'board.save' })).toEqual(['board.save']);
    expect(await actions({ action: 'boa' })).toEqual([]);
    expect(await actions({ targetKind: 'board', targetKey: 'old' })).toEqual(['board.delete']);
    const [m] = await db().select({ userId: users.userId, nickName: users.nickName }).from(users).where(eq(users.no, memberNo));
    expect(await actions({ actor: m!.userId })).toEqual(['user.points']);
    expect(await actions({ actor: m!.nickName })).toEqual(['user.points']);
    // 2026-03-02T16:30Z is 03-03 01:30 in Seoul.
    expect(await actions({ from: '2026-03-03', to: '2026-03-03' })).toEqual(['user.points', 'board.delete']);
    expect(await actions({ from: '2026-03-01', to: '2026-03-02' })).toEqual(['board.save']);
    expect(await actions({ action: '', actor: '  ' })).toHaveLength(4);
  });

  it('pages by 50', async () => {
    await db()
      .insert(adminAudit)
      .values(Array.from({ length: 55 }, (_, i) => ({ actorNo: adminNo, action: 'menu.save', targetKind: 'menu', targetKey: String(i), at: new Date(Date.UTC(2025, 0, 1, 0, i)) })));
    const one = (await list({ action: 'menu' })).json();
    const two = (await list({ action: 'menu', page: 2 })).json();
    expect(one.total).toBe(55);
    expect(one.items).toHaveLength(50);
    expect(one.items[0].targetKey).toBe('54');
    expect(two.items.map((e: { targetKey: string }) => e.targetKey)).toEqual(['4', '3', '2', '1', '0']);
  });

  it('refuses bad filters with a Korean message', async () => {
    for (const body of [{ page: 0 }, { from: '2026-3-1' }, { to: '2026-02-30' }, { from: '2026-03-05', to: '2026-03-01' }, { action: 'x'.repeat(61) }]) {
      const res = await list(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[가-힣]/);
    }
  });
});

describe('/api/admin/dashboard', () => {
  it('counts members, posts and open reports', async () => {
    const before = (await post(t, '/api/admin/dashboard', {}, admin)).json();
    // An empty market: zeros, not a missing card (market-admin.test.ts counts real trades).
    expect(before.trades).toEqual({ listed: { today: 0, week: 0 }, sold: { today: 0, week: 0 }, auctions: 0 });
    const m = await member(t);
    const key = await createPost(t, m.cookie);
    await createPost(t, m.cookie);
    // Joined today (the harness's members joined a month ago, past the new-member rules).
    await db().update(users).set({ joinDate: new Date() }).where(eq(users.no, m.no));
    await db().update(posts).set({ createdAt: new Date('2020-01-01T00:00:00Z') }).where(eq(posts.key, key));
    await db().insert(reports).values([
      { reporterNo: m.no, kind: 'post', targetKey: String(key), reason: '광고' },
      { reporterNo: memberNo, kind: 'post', targetKey: String(key), reason: '광고', status: 'dismissed' },
    ]);
    const res = await post(t, '/api/admin/dashboard', {}, admin);
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.members.total).toBe(before.members.total + 1);
    expect(after.members.today).toBe(before.members.today + 1);
    expect(after.members.week).toBe(before.members.week + 1);
    expect(after.posts.today).toBe(before.posts.today + 1);
    expect(after.posts.week).toBe(before.posts.week + 1);
    expect(after.openReports).toBe(before.openReports + 1);
  });

  it('starts the day at midnight in Seoul and the week on Monday', () => {
    // Wednesday 2026-03-04 10:00 KST.
    const { today, week } = dayAndWeekStart(new Date('2026-03-04T01:00:00Z'));
    expect(today.toISOString()).toBe('2026-03-03T15:00:00.000Z');
    expect(week.toISOString()).toBe('2026-03-01T15:00:00.000Z');
    // Sunday 23:30 KST belongs to the week that began the Monday before.
    expect(dayAndWeekStart(new Date('2026-03-08T14:30:00Z')).week.toISOString()).toBe('2026-03-01T15:00:00.000Z');
    // Monday 00:10 KST starts a new week.
    expect(dayAndWeekStart(new Date('2026-03-08T15:10:00Z')).week.toISOString()).toBe('2026-03-08T15:00:00.000Z');
  });
});
