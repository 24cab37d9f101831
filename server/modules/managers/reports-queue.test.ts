// The report queue of a board manager: the administrators' calls (/api/admin/report/*) let a
// manager through for their boards' reports only (posts and comments there; never letters or other
// boards'), without suspending anyone; hiding and restoring are audited under the manager's name.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, comments, posts, reports } from '../../db/schema/index.js';
import { adminCookie, createPost, member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { createBoard, makeManager } from '../../test/managers.js';

let t: TestApp;
let admin: string;
type M = Awaited<ReturnType<typeof member>>;
let manager: M;
let gearManager: M;
let writer: M;
let reporter: M;
/** Report ids: a free post, a free comment, a gear post, a letter. */
const ids = { freePost: 0, freeComment: 0, gearPost: 0, letter: 0 };
const keys = { freePost: 0, freeComment: 0, gearPost: 0 };

const db = () => t.database.db;
const call = (url: string, body: object, cookie?: string) => post(t, `/api/admin/report/${url}`, body, cookie);

async function reportOk(body: object) {
  const res = await post(t, '/api/report/save', { reason: '광고 글입니다', ...body }, reporter.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  [manager, gearManager, writer, reporter] = [await member(t), await member(t), await member(t), await member(t)];
  await createBoard(t, admin, 'gear', '장비 게시판', [gearManager.userId]);
  await makeManager(t, 'free', manager.no);
  keys.freePost = await createPost(t, writer.cookie, { subject: '자유게시판 광고' });
  const c = await post(t, '/api/comment/save', { boardId: 'free', key: await createPost(t, writer.cookie, { subject: '댓글이 달린 글' }), content: '광고 댓글' }, writer.cookie);
  keys.freeComment = c.json().commentKey;
  keys.gearPost = await createPost(t, writer.cookie, { boardId: 'gear', category: 'c1', subject: '장비 게시판 광고' });
  const letter = await post(t, '/api/letter/send/save', { receiver: reporter.userId, subject: '쪽지 광고', content: '광고 쪽지' }, writer.cookie);
  ids.freePost = await reportOk({ kind: 'post', key: keys.freePost });
  ids.freeComment = await reportOk({ kind: 'comment', key: keys.freeComment });
  ids.gearPost = await reportOk({ kind: 'post', key: keys.gearPost });
  ids.letter = await reportOk({ kind: 'letter', key: letter.json().letterKey });
});
afterAll(async () => {
  await t?.close();
});

describe('a manager\'s queue', () => {
  it('lists only the reports of their boards, and says it is a manager\'s', async () => {
    const res = await call('list', {}, manager.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.items.map((r: { id: number }) => r.id).sort()).toEqual([ids.freePost, ids.freeComment].sort());
    expect(page).toMatchObject({ total: 2, open: 2, manager: true });
    const gear = (await call('list', { kind: 'post' }, gearManager.cookie)).json();
    expect(gear.items.map((r: { id: number }) => r.id)).toEqual([ids.gearPost]);
    // The administrator's queue holds everything and is not a manager's.
    const all = (await call('list', {}, admin)).json();
    expect(all.items.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining(Object.values(ids)));
    expect(all.manager).toBeUndefined();
  });

  it('hides and restores on their boards, audited under their name', async () => {
    const hide = await call('resolve', { id: ids.freePost, outcome: 'hide' }, manager.cookie);
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await db().select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.key, keys.freePost)))[0]!.hiddenAt).not.toBeNull();
    const [resolved] = await db().select().from(adminAudit).where(eq(adminAudit.action, 'report.resolve')).orderBy(desc(adminAudit.id)).limit(1);
    expect(resolved).toMatchObject({ actorNo: manager.no, targetKind: 'post', targetKey: String(keys.freePost) });
    const restore = await call('restore', { id: ids.freePost }, manager.cookie);
    expect(restore.statusCode, restore.body).toBe(200);
    expect((await db().select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.key, keys.freePost)))[0]!.hiddenAt).toBeNull();
    const [restored] = await db().select().from(adminAudit).where(eq(adminAudit.action, 'report.restore')).orderBy(desc(adminAudit.id)).limit(1);
    expect(restored).toMatchObject({ actorNo: manager.no, targetKey: String(keys.freePost) });
    // A comment of their board too.
    expect((await call('resolve', { id: ids.freeComment, outcome: 'hide' }, manager.cookie)).statusCode).toBe(200);
    expect((await db().select({ hiddenAt: comments.hiddenAt }).from(comments).where(eq(comments.key, keys.freeComment)))[0]!.hiddenAt).not.toBeNull();
  });

  it('refuses reports of other boards and letters, and suspending anyone', async () => {
    for (const id of [ids.gearPost, ids.letter]) {
      for (const [url, body] of [
        ['resolve', { id, outcome: 'dismiss' }],
        ['restore', { id }],
      ] as const) {
        const res = await call(url, body, manager.cookie);
        expect(res.statusCode, `${url} ${id}`).toBe(403);
        expect(res.json().message).toBe('맡은 게시판의 신고만 처리할 수 있습니다.');
      }
    }
    const suspend = await call('resolve', { id: ids.gearPost, outcome: 'suspend' }, gearManager.cookie);
    expect(suspend.statusCode).toBe(403);
    expect(suspend.json().message).toBe('작성자 이용 정지는 관리자만 할 수 있습니다.');
    const open = await db().select({ status: reports.status }).from(reports).where(and(eq(reports.id, ids.gearPost)));
    expect(open).toEqual([{ status: 'open' }]);
  });

  it('answers bad input in Korean to a manager, and refuses members and visitors as before', async () => {
    const bad = await call('resolve', { id: ids.gearPost, outcome: 'burn' }, gearManager.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('처리 방법을 골라 주세요.');
    const missing = await call('resolve', { id: 999_999, outcome: 'dismiss' }, gearManager.cookie);
    expect(missing.statusCode).toBe(404);
    expect((await call('list', {}, reporter.cookie)).statusCode).toBe(403);
    expect((await call('list', {})).statusCode).toBe(401);
    // The rest of the admin area stays closed to a manager.
    for (const url of ['/api/admin/board/list', '/api/admin/user/list', '/api/admin/audit/list', '/api/admin/dashboard']) {
      const res = await post(t, url, {}, manager.cookie);
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('a manager of the board dismisses a report there', async () => {
    const res = await call('resolve', { id: ids.gearPost, outcome: 'dismiss' }, gearManager.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((await db().select({ status: reports.status }).from(reports).where(eq(reports.id, ids.gearPost)))[0]!.status).toBe('dismissed');
  });
});
