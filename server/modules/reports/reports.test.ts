// Reports: who may call, bad input, once per thing, not your own, readable things only; the admin
// queue with the thing in context; dismiss, hide and suspend, the notice others see instead of
// hidden text, the reporter's alarm and the audit record.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, alarms, comments, posts, reports, users } from '../../db/schema/index.js';
import { adminCookie, createPost, member, setBoard } from '../../test/boards.js';
import { createGallery } from '../../test/gallery.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

const NOTICE = '관리자에 의해 가려진 내용입니다.';

let t: TestApp;
let admin: string;
type M = Awaited<ReturnType<typeof member>>;
let writer: M;
let reporterA: M;
let reporterB: M;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  writer = await member(t);
  reporterA = await member(t);
  reporterB = await member(t);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const report = (body: object, cookie?: string) => post(t, '/api/report/save', body, cookie);
const adminCall = (url: string, body: object, cookie?: string) => post(t, `/api/admin/report/${url}`, body, cookie);

async function comment(cookie: string, key: number, content = '신고될 댓글') {
  const res = await post(t, '/api/comment/save', { boardId: 'free', key, content }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().commentKey as number;
}
async function letter(from: M, to: M, content = '불쾌한 쪽지') {
  const res = await post(t, '/api/letter/send/save', { receiver: to.userId, subject: '쪽지 제목', content }, from.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().letterKey as number;
}
async function reportOk(body: object, cookie: string) {
  const res = await report({ reason: '욕설이 있습니다', ...body }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}
const queue = async (body: object = {}) => {
  const res = await adminCall('list', body, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const lastAudit = async () => (await db().select().from(adminAudit).where(eq(adminAudit.action, 'report.resolve')).orderBy(desc(adminAudit.id)).limit(1))[0];
const alarmsOf = (no: number) => db().select().from(alarms).where(and(eq(alarms.userNo, no), eq(alarms.kind, 'report')));

describe('who may call', () => {
  it('/api/report/save: visitors get 401', async () => {
    const key = await createPost(t, writer.cookie);
    const res = await report({ kind: 'post', key, reason: '광고' });
    expect(res.statusCode).toBe(401);
    expect(await db().select().from(reports)).toEqual([]);
  });

  it.each([
    ['list', {}],
    ['resolve', { id: 1, outcome: 'dismiss' }],
  ] as Array<[string, object]>)('/api/admin/report/%s: visitors get 401, members 403', async (url, body) => {
    const visitor = await adminCall(url, body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: '로그인이 필요합니다.' });
    const m = await adminCall(url, body, reporterA.cookie);
    expect(m.statusCode).toBe(403);
    expect(m.json()).toEqual({ message: '관리자만 사용할 수 있습니다.' });
  });
});

describe('/api/report/save', () => {
  it('refuses bad input in Korean', async () => {
    const key = await createPost(t, writer.cookie);
    const cases: Array<[object, string]> = [
      [{ kind: 'post', key, reason: '' }, '신고 사유는 필수 입력 항목입니다.'],
      [{ kind: 'post', key, reason: '   ' }, '신고 사유는 필수 입력 항목입니다.'],
      [{ kind: 'post', key, reason: '가'.repeat(301) }, '신고 사유는 최대 300자까지 입력할 수 있습니다.'],
      [{ kind: 'photo', key, reason: '광고' }, '신고할 대상을 확인해 주세요.'],
      [{ kind: 'post', key: 0, reason: '광고' }, '신고할 대상을 찾을 수 없습니다.'],
    ];
    for (const [body, message] of cases) {
      const res = await report(body, reporterA.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('once per thing (409), never your own (400), only what exists and you may read (404)', async () => {
    const key = await createPost(t, writer.cookie, { subject: '두 번 신고' });
    await reportOk({ kind: 'post', key }, reporterA.cookie);
    const again = await report({ kind: 'post', key, reason: '또' }, reporterA.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('이미 신고한 글입니다.');

    const own = await report({ kind: 'post', key, reason: '내 글' }, writer.cookie);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('자신이 쓴 글은 신고할 수 없습니다.');
    const c = await comment(writer.cookie, key);
    const ownComment = await report({ kind: 'comment', key: c, reason: '내 댓글' }, writer.cookie);
    expect(ownComment.statusCode).toBe(400);
    expect(ownComment.json().message).toBe('자신이 쓴 댓글은 신고할 수 없습니다.');

    const none = await report({ kind: 'post', key: 99999999, reason: '없음' }, reporterA.cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('신고할 글을 찾을 수 없습니다.');
    expect((await report({ kind: 'comment', key: 99999999, reason: '없음' }, reporterA.cookie)).json().message).toBe('신고할 댓글을 찾을 수 없습니다.');

    // A board the reporter may not read.
    await setBoard(t, 'free', { readLevel: 99 });
    try {
      const closed = await report({ kind: 'post', key, reason: '못 읽음' }, reporterB.cookie);
      expect(closed.statusCode).toBe(404);
    } finally {
      await setBoard(t, 'free', { readLevel: 0 });
    }

    // Letters: only the receiver reports one.
    const l = await letter(writer, reporterA);
    expect((await report({ kind: 'letter', key: l, reason: '남의 쪽지' }, reporterB.cookie)).statusCode).toBe(404);
    expect((await report({ kind: 'letter', key: l, reason: '보낸 쪽지' }, writer.cookie)).statusCode).toBe(404);
    await reportOk({ kind: 'letter', key: l }, reporterA.cookie);
    expect((await report({ kind: 'letter', key: l, reason: '또' }, reporterA.cookie)).json().message).toBe('이미 신고한 쪽지입니다.');

    const rows = await db().select().from(reports).where(and(eq(reports.kind, 'post'), eq(reports.targetKey, String(key))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterNo: reporterA.no, authorNo: writer.no, status: 'open', reason: '욕설이 있습니다' });
  });
});

describe('the admin queue', () => {
  it('lists open reports first, with the thing in context and how many reported it; filters by status and kind', async () => {
    const key = await createPost(t, writer.cookie, { subject: '문맥 보기', content: '<p>문제의 <b>본문</b> &amp; 내용</p>' });
    const c = await comment(writer.cookie, key, '문제의 댓글');
    const idA = await reportOk({ kind: 'post', key, reason: '첫 신고' }, reporterA.cookie);
    await reportOk({ kind: 'post', key, reason: '둘째 신고' }, reporterB.cookie);
    await reportOk({ kind: 'comment', key: c }, reporterA.cookie);

    const body = await queue({ kind: 'post', status: 'open' });
    expect(body.pageSize).toBe(50);
    expect(body.open).toBeGreaterThanOrEqual(3);
    const row = body.items.find((i: { id: number }) => i.id === idA);
    expect(row).toMatchObject({
      kind: 'post',
      targetKey: String(key),
      reason: '첫 신고',
      status: 'open',
      reporter: { userId: reporterA.userId, nickName: reporterA.nickName },
      author: { userId: writer.userId, nickName: writer.nickName, status: 'active' },
      target: { exists: true, subject: '문맥 보기', excerpt: '문제의 본문 & 내용', url: `/board/free/view/${key}`, hidden: false },
      reportCount: 2,
    });
    expect(body.items.every((i: { kind: string; status: string }) => i.kind === 'post' && i.status === 'open')).toBe(true);

    const comments_ = await queue({ kind: 'comment' });
    expect(comments_.items[0]).toMatchObject({ kind: 'comment', target: { subject: '문맥 보기', excerpt: '문제의 댓글', url: `/board/free/view/${key}` } });
    expect((await adminCall('list', { status: 'nope' }, admin)).statusCode).toBe(400);
  });
});

describe('/api/admin/report/resolve', () => {
  it('hide: the comment shows the notice to members and visitors, its text to admins; every reporter is told; audited', async () => {
    const key = await createPost(t, writer.cookie, { subject: '가릴 댓글이 있는 글' });
    const c = await comment(writer.cookie, key, '아주 나쁜 말');
    const idA = await reportOk({ kind: 'comment', key: c }, reporterA.cookie);
    const idB = await reportOk({ kind: 'comment', key: c, reason: '저도 봤어요' }, reporterB.cookie);

    const res = await adminCall('resolve', { id: idA, outcome: 'hide', note: '욕설' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resolved: 2 });
    expect((await db().select().from(comments).where(eq(comments.key, c)))[0]!.hiddenAt).not.toBeNull();
    const statuses = await db().select({ id: reports.id, status: reports.status }).from(reports).where(eq(reports.targetKey, String(c)));
    expect(statuses.map((s) => s.status)).toEqual(['hidden', 'hidden']);

    const seen = async (cookie?: string) => {
      const list = await post(t, '/api/comment/list', { boardId: 'free', key }, cookie);
      return list.json().items.find((i: { commentKey: number }) => i.commentKey === c);
    };
    for (const cookie of [reporterA.cookie, writer.cookie, undefined]) {
      const item = await seen(cookie);
      expect(item.contentHtml).toContain(NOTICE);
      expect(item.contentHtml).not.toContain('아주 나쁜 말');
      expect(item.content).toBe('');
      expect(item.hidden).toBe(true);
    }
    const forAdmin = await seen(admin);
    expect(forAdmin.contentHtml).toContain('아주 나쁜 말');
    expect(forAdmin.hidden).toBe(true);

    for (const r of [reporterA, reporterB]) {
      const [a] = await alarmsOf(r.no);
      expect(a).toMatchObject({ boardId: 'free', articleKey: key, subject: '가릴 댓글이 있는 글' });
      expect(a!.content).toContain('가렸습니다');
    }
    const list = await post(t, '/api/letter/alarm/list', {}, reporterB.cookie);
    expect(list.json().some((a: { kind: string; articleKey: number }) => a.kind === 'report' && a.articleKey === key)).toBe(true);

    const audit = await lastAudit();
    expect(audit).toMatchObject({ targetKind: 'comment', targetKey: String(c) });
    expect(audit!.after).toMatchObject({ outcome: 'hide', hidden: true, note: '욕설' });
    expect(audit!.before).toMatchObject({ status: 'open', hidden: false, reports: expect.arrayContaining([idA, idB]) });

    // Resolved once: the other report of the same thing is closed too.
    const again = await adminCall('resolve', { id: idB, outcome: 'dismiss' }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('이미 처리된 신고입니다.');
    // Reporting hidden content again is pointless.
    const reporterC = await member(t);
    expect((await report({ kind: 'comment', key: c, reason: '또' }, reporterC.cookie)).json().message).toBe('이미 관리자가 가린 내용입니다.');
  });

  it('hide: a post shows the notice in /api/board/view to members and visitors (cache dropped), its text to admins', async () => {
    const key = await createPost(t, writer.cookie, { subject: '가릴 글', content: '<p>광고 문구 가득</p>' });
    // A visitor's view is cached before the hide.
    expect((await post(t, '/api/board/view', { boardId: 'free', key })).json().contentHtml).toContain('광고 문구');
    const id = await reportOk({ kind: 'post', key }, reporterA.cookie);
    expect((await adminCall('resolve', { id, outcome: 'hide' }, admin)).statusCode).toBe(200);
    for (const cookie of [reporterA.cookie, writer.cookie, undefined]) {
      const view = (await post(t, '/api/board/view', { boardId: 'free', key }, cookie)).json();
      expect(view.contentHtml).toContain(NOTICE);
      expect(view.contentHtml).not.toContain('광고 문구');
      expect(view.hidden).toBe(true);
      expect(view.subject).toBe('가릴 글');
    }
    const forAdmin = (await post(t, '/api/board/view', { boardId: 'free', key }, admin)).json();
    expect(forAdmin.contentHtml).toContain('광고 문구');
    expect((await db().select().from(posts).where(eq(posts.key, key)))[0]!.hiddenAt).not.toBeNull();
  });

  it('gallery items: reported once, never one\'s own, shown in the queue at their page; hiding takes them out of the lists and their photos out of the view', async () => {
    const key = await createGallery(t, writer.cookie, { title: '신고할 사진' });
    expect((await report({ kind: 'gallery', key: 99999999, reason: '없음' }, reporterA.cookie)).json().message).toBe('신고할 사진을 찾을 수 없습니다.');
    // A post of another board is not a gallery item.
    const postKey = await createPost(t, writer.cookie);
    expect((await report({ kind: 'gallery', key: postKey, reason: '엉뚱' }, reporterA.cookie)).statusCode).toBe(404);
    const own = await report({ kind: 'gallery', key, reason: '내 사진' }, writer.cookie);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('자신이 올린 사진은 신고할 수 없습니다.');
    const id = await reportOk({ kind: 'gallery', key }, reporterA.cookie);
    expect((await report({ kind: 'gallery', key, reason: '또' }, reporterA.cookie)).json().message).toBe('이미 신고한 사진입니다.');
    const queued = (await adminCall('list', { page: 1, kind: 'gallery' }, admin)).json();
    expect(queued.items[0]).toMatchObject({ kind: 'gallery', target: { subject: '신고할 사진', url: `/gallery/view/${key}`, exists: true } });

    // A visitor's list is cached before the hide.
    const listed = async () => (await post(t, '/api/gallery/list', { userId: writer.userId, page: 1 })).json().items.map((i: { galleryKey: number }) => i.galleryKey);
    expect(await listed()).toContain(key);
    expect((await adminCall('resolve', { id, outcome: 'hide' }, admin)).statusCode).toBe(200);
    expect(await listed()).not.toContain(key);
    const seen = (await post(t, '/api/gallery/view', { galleryKey: key }, reporterA.cookie)).json();
    expect(seen.descriptionHtml).toContain(NOTICE);
    expect(seen.photos).toEqual([]);
    expect((await post(t, '/api/gallery/view', { galleryKey: key }, admin)).json().photos).toHaveLength(1);
  });

  it('dismiss: nothing is hidden, the reporter is told', async () => {
    const key = await createPost(t, writer.cookie, { subject: '멀쩡한 글' });
    const reporter = await member(t);
    const id = await reportOk({ kind: 'post', key }, reporter.cookie);
    expect((await adminCall('resolve', { id, outcome: 'dismiss' }, admin)).statusCode).toBe(200);
    expect((await db().select().from(posts).where(eq(posts.key, key)))[0]!.hiddenAt).toBeNull();
    expect((await db().select().from(reports).where(eq(reports.id, id)))[0]!.status).toBe('dismissed');
    const [a] = await alarmsOf(reporter.no);
    expect(a!.content).toContain('그대로 두었습니다');
    expect((await post(t, '/api/board/view', { boardId: 'free', key }, reporter.cookie)).json().hidden).toBe(false);
  });

  it('suspend: hides the letter, suspends its sender (sessions end, reason kept) and tells the receiver', async () => {
    const bad = await member(t);
    const receiver = await member(t);
    const l = await letter(bad, receiver, '협박하는 쪽지');
    const id = await reportOk({ kind: 'letter', key: l }, receiver.cookie);
    expect((await post(t, '/api/letter/receive/view', { letterKey: l }, receiver.cookie)).json().contentHtml).toContain('협박');

    const res = await adminCall('resolve', { id, outcome: 'suspend', days: 7, note: '쪽지로 협박' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const [u] = await db().select().from(users).where(eq(users.no, bad.no));
    expect(u).toMatchObject({ status: 'suspended', suspendReason: '쪽지로 협박' });
    expect(u!.suspendedUntil!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // The author's session has ended.
    expect((await post(t, '/api/letter/arrival', {}, bad.cookie)).statusCode).toBe(401);

    const view = (await post(t, '/api/letter/receive/view', { letterKey: l }, receiver.cookie)).json();
    expect(view.contentHtml).toContain(NOTICE);
    expect(view.contentHtml).not.toContain('협박');
    const [a] = await alarmsOf(receiver.no);
    expect(a).toMatchObject({ boardId: '', subject: '쪽지 제목' });
    expect(a!.content).toContain('이용을 정지했습니다');
    expect((await db().select().from(reports).where(eq(reports.id, id)))[0]!.status).toBe('suspended');
    expect((await lastAudit())!.after).toMatchObject({ outcome: 'suspend', days: 7, authorNo: bad.no });
  });

  it('refuses bad input and an administrator author', async () => {
    const cases: Array<[object, number, string]> = [
      [{ id: 1, outcome: 'ban' }, 400, '처리 방법을 골라 주세요.'],
      [{ id: 'x', outcome: 'hide' }, 400, '신고를 찾을 수 없습니다.'],
      [{ id: 1, outcome: 'hide', days: 3 }, 400, '정지 기간은 이용 정지에만 정할 수 있습니다.'],
      [{ id: 1, outcome: 'suspend', days: 0 }, 400, '정지 기간은 1일 이상이어야 합니다.'],
      [{ id: 99999999, outcome: 'dismiss' }, 404, '신고를 찾을 수 없습니다.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await adminCall('resolve', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const adminPost = await createPost(t, admin, { subject: '관리자 글' });
    const id = await reportOk({ kind: 'post', key: adminPost }, reporterA.cookie);
    const res = await adminCall('resolve', { id, outcome: 'suspend' }, admin);
    expect(res.statusCode).toBe(400);
    // Nothing happened: the post is not hidden and the report still open.
    expect((await db().select().from(posts).where(eq(posts.key, adminPost)))[0]!.hiddenAt).toBeNull();
    expect((await db().select().from(reports).where(eq(reports.id, id)))[0]!.status).toBe('open');
  });
});
