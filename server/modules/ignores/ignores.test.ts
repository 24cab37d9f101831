// Ignoring a member (decision 46): the three calls (happy path, bad input, the wrong member), the
// set in the session answer, the administrator rule, and what stops reaching the member who
// ignores: letters, mentions, comments, replies and reactions, with their push and mail jobs.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlarmList } from '../../../common/api/alarms.js';
import { IgnoredPage, IgnoreResult } from '../../../common/api/ignores.js';
import { LetterPage } from '../../../common/api/letters.js';
import { SessionUser } from '../../../common/api/session.js';
import { jobs, memberIgnores, users } from '../../db/schema/index.js';
import { adminCookie, createPost, member } from '../../test/boards.js';
import { post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type M = Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const ignore = async (who: M, userId: string) => {
  const res = await post(t, '/api/user/ignore', { userId }, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return IgnoreResult.parse(res.json());
};
const unignore = async (who: M, userId: string) => {
  const res = await post(t, '/api/user/unignore', { userId }, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return IgnoreResult.parse(res.json());
};
const listOf = async (cookie: string, page = 1) => {
  const res = await post(t, '/api/user/ignored', { page }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return IgnoredPage.parse(res.json());
};
const session = async (cookie: string) => SessionUser.parse((await post(t, '/api/session/info', {}, cookie)).json());
const alarmsOf = async (m: M) => AlarmList.parse((await post(t, '/api/letter/alarm/list', {}, m.cookie)).json());
const arrival = async (m: M) => (await post(t, '/api/letter/arrival', {}, m.cookie)).json() as number;
const sendLetter = async (from: { cookie: string }, to: string) => {
  const res = await post(t, '/api/letter/send/save', { receiver: to, subject: '출사 약속', content: '토요일 어때요?' }, from.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().letterKey as number;
};
/** The member's push and mail jobs of one kind (the notify queue; letters have kind 'letter'). */
const notifyJobs = (userNo: number, kind: string) =>
  t.database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.queue, 'notify'), sql`(${jobs.payload}->>'userNo')::int = ${userNo}`, sql`${jobs.payload}->>'kind' = ${kind}`));
const comment = async (key: number, content: string, cookie: string, parentKey?: number) => {
  const res = await post(t, '/api/comment/save', { boardId: 'free', key, content, ...(parentKey ? { parentKey } : {}) }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().commentKey as number;
};

describe('/api/user/ignore, /api/user/unignore, /api/user/ignored', () => {
  it('ignores and undoes: the answer, the session’s set and the list follow; twice changes nothing', async () => {
    const a = await member(t);
    const c = await member(t);
    const d = await member(t);
    expect((await session(a.cookie)).ignored).toBeUndefined();
    expect(await ignore(a, c.userId)).toEqual({ ok: true, ignored: [c.userId] });
    // Twice: nothing changes.
    expect(await ignore(a, c.userId)).toEqual({ ok: true, ignored: [c.userId] });
    // Upper case and spaces around the id name the same member.
    expect((await ignore(a, ` ${d.userId.toUpperCase()} `)).ignored.sort()).toEqual([c.userId, d.userId].sort());
    expect((await session(a.cookie)).ignored?.sort()).toEqual([c.userId, d.userId].sort());

    const list = await listOf(a.cookie);
    expect(list).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    // Newest first, with nickname and star.
    expect(list.items.map((i) => i.userId)).toEqual([d.userId, c.userId]);
    expect(list.items[1]).toMatchObject({ userId: c.userId, nickName: c.nickName });
    expect(list.items[1]!.levelKey).toBeTypeOf('number');
    expect(Number.isNaN(Date.parse(list.items[1]!.ignoredAt))).toBe(false);

    expect(await unignore(a, c.userId)).toEqual({ ok: true, ignored: [d.userId] });
    // Undoing what is not on the list changes nothing.
    expect(await unignore(a, c.userId)).toEqual({ ok: true, ignored: [d.userId] });
    expect((await listOf(a.cookie)).items.map((i) => i.userId)).toEqual([d.userId]);
    await unignore(a, d.userId);
    expect((await session(a.cookie)).ignored).toBeUndefined();
    expect(await listOf(a.cookie)).toMatchObject({ items: [], total: 0 });
  });

  it('pages by 20, and a withdrawn member stays on the list (by userId) to be removed, out of the set', async () => {
    const a = await member(t);
    const many: M[] = [];
    for (let i = 0; i < 21; i++) many.push(await member(t));
    for (const m of many) await ignore(a, m.userId);
    const first = await listOf(a.cookie);
    expect(first.items).toHaveLength(20);
    expect(first.total).toBe(21);
    const second = await listOf(a.cookie, 2);
    expect(second.items.map((i) => i.userId)).toEqual([many[0]!.userId]);

    const gone = many[0]!;
    await t.database.db.update(users).set({ status: 'withdrawn', nickName: null }).where(eq(users.no, gone.no));
    expect((await listOf(a.cookie, 2)).items[0]).toMatchObject({ userId: gone.userId, nickName: gone.userId, levelKey: null });
    expect((await session(a.cookie)).ignored).not.toContain(gone.userId);
    expect((await unignore(a, gone.userId)).ignored).toHaveLength(20);
  });

  it('refuses bad input in Korean and changes nothing', async () => {
    const a = await member(t);
    const c = await member(t);
    const refused = async (url: string, body: unknown, status: number, message: string) => {
      const res = await post(t, url, body, a.cookie);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
      expect(res.json().message).toBe(message);
    };
    for (const url of ['/api/user/ignore', '/api/user/unignore']) {
      await refused(url, {}, 400, '아이디는 필수 입력 항목입니다.');
      await refused(url, { userId: '   ' }, 400, '아이디는 필수 입력 항목입니다.');
      await refused(url, { userId: 'a'.repeat(21) }, 400, '아이디는 최대 20자까지 입력할 수 있습니다.');
      const wrongType = await post(t, url, { userId: 12345 }, a.cookie);
      expect(wrongType.statusCode).toBe(400);
      // Strict: an unknown field is refused, not dropped.
      expect((await post(t, url, { userId: c.userId, extra: 1 }, a.cookie)).statusCode).toBe(400);
      await refused(url, { userId: 'nobody_here_9' }, 404, '회원을 찾을 수 없습니다.');
    }
    await refused('/api/user/ignore', { userId: a.userId }, 400, '자신은 차단할 수 없습니다.');
    expect((await post(t, '/api/user/ignored', { page: '2' }, a.cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/user/ignored', { page: 0 }, a.cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/user/ignored', { page: 1, userId: c.userId }, a.cookie)).statusCode).toBe(400);
    expect(await listOf(a.cookie)).toMatchObject({ items: [], total: 0 });
  });

  it('at most 500 ignored members: the 501st is refused, one already ignored is still fine', async () => {
    const a = await member(t);
    const c = await member(t);
    const db = t.database.db;
    await db.execute(sql`insert into ${users} (user_id, password_hash, nick_name) select 'cap_' || g, 'x', '상한' || g from generate_series(1, 499) g`);
    await db.execute(sql`insert into ${memberIgnores} (user_no, ignored_no) select ${a.no}, no from ${users} where user_id like 'cap\\_%'`);
    const last = await member(t);
    expect((await ignore(a, last.userId)).ignored).toHaveLength(500);
    const res = await post(t, '/api/user/ignore', { userId: c.userId }, a.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('차단은 500명까지 할 수 있습니다. 차단한 회원 목록에서 정리해 주세요.');
    expect((await ignore(a, last.userId)).ignored).toHaveLength(500);
    expect((await listOf(a.cookie)).total).toBe(500);
  });

  it('the wrong member: visitors are refused; each member sees and changes only their own list; the ignored member is not told', async () => {
    const a = await member(t);
    const b = await member(t);
    const c = await member(t);
    for (const [url, body] of [
      ['/api/user/ignore', { userId: c.userId }],
      ['/api/user/unignore', { userId: c.userId }],
      ['/api/user/ignored', {}],
    ] as const) {
      const res = await post(t, url, body);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('로그인이 필요합니다.');
    }
    const key = await createPost(t, c.cookie, { subject: '차단될 회원의 글' });
    const before = (await post(t, '/api/board/view', { boardId: 'free', key }, c.cookie)).json();
    await ignore(a, c.userId);
    // B's list and set are B's own; B's undo does not touch A's list.
    expect(await listOf(b.cookie)).toMatchObject({ items: [], total: 0 });
    expect((await session(b.cookie)).ignored).toBeUndefined();
    await unignore(b, c.userId);
    expect((await listOf(a.cookie)).items.map((i) => i.userId)).toEqual([c.userId]);
    // C sees nothing different: their session, their view of their post, their letters to A.
    expect((await session(c.cookie)).ignored).toBeUndefined();
    const after = (await post(t, '/api/board/view', { boardId: 'free', key }, c.cookie)).json();
    expect({ ...after, views: 0 }).toEqual({ ...before, views: 0 });
    expect(await sendLetter(c, a.userId)).toBeGreaterThan(0);
  });

  it('lists and views carry no trace of it: A gets the same board list as a member who ignores nobody', async () => {
    const a = await member(t);
    const b = await member(t);
    const c = await member(t);
    const key = await createPost(t, c.cookie, { subject: '목록에 그대로' });
    await ignore(a, c.userId);
    const listA = await post(t, '/api/board/list', { boardId: 'free' }, a.cookie);
    const listB = await post(t, '/api/board/list', { boardId: 'free' }, b.cookie);
    expect(listA.json().items.map((p: { key: number }) => p.key)).toContain(key);
    expect(listA.body).toBe(listB.body);
  });
});

describe('administrators', () => {
  it('cannot be ignored, so their letters, mentions and notices always reach members', async () => {
    const a = await member(t);
    const admin = await adminCookie(t);
    const res = await post(t, '/api/user/ignore', { userId: TEST_ADMIN.userId }, a.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('운영자는 차단할 수 없습니다.');
    // The letters' block call is the same list and the same rule.
    expect((await post(t, '/api/letter/block', { userId: TEST_ADMIN.userId }, a.cookie)).statusCode).toBe(403);
    expect(await listOf(a.cookie)).toMatchObject({ total: 0 });
    await sendLetter({ cookie: admin }, a.userId);
    expect(await arrival(a)).toBe(1);
    const notice = await createPost(t, admin, { subject: '공지', notice: true, content: `<p>@{${a.userId}} 확인해 주세요</p>` });
    expect((await alarmsOf(a)).filter((x) => x.articleKey === notice).map((x) => x.kind)).toEqual(['mention']);
  });

  it('a member ignored before becoming an administrator is no longer folded or stopped, and stays on the list', async () => {
    const a = await member(t);
    const c = await member(t);
    await ignore(a, c.userId);
    await t.database.db.update(users).set({ admin: true }).where(eq(users.no, c.no));
    try {
      expect((await session(a.cookie)).ignored).toBeUndefined();
      expect((await listOf(a.cookie)).items.map((i) => i.userId)).toEqual([c.userId]);
      await sendLetter(c, a.userId);
      expect(await arrival(a)).toBe(1);
      // And the list can still be tidied.
      expect((await unignore(a, c.userId)).ignored).toEqual([]);
    } finally {
      await t.database.db.update(users).set({ admin: false }).where(eq(users.no, c.no));
    }
  });
});

describe('what stops reaching the member who ignores', () => {
  it('letters: taken from the sender as usual, never in the inbox, counts, push or mail; again after the undo', async () => {
    const a = await member(t);
    const c = await member(t);
    await ignore(a, c.userId);
    const key = await sendLetter(c, a.userId);
    expect(await arrival(a)).toBe(0);
    expect(LetterPage.parse((await post(t, '/api/letter/receive/list', {}, a.cookie)).json()).items).toEqual([]);
    expect(await notifyJobs(a.no, 'letter')).toEqual([]);
    // The sender's box has it, like any letter not read yet.
    const sent = LetterPage.parse((await post(t, '/api/letter/send/list', {}, c.cookie)).json());
    expect(sent.items).toEqual([expect.objectContaining({ letterKey: key, readAt: null })]);

    await unignore(a, c.userId);
    // What came while ignored stays away; what comes now arrives, with its push and mail job.
    const later = await sendLetter(c, a.userId);
    expect(await arrival(a)).toBe(1);
    expect(LetterPage.parse((await post(t, '/api/letter/receive/list', {}, a.cookie)).json()).items.map((l) => l.letterKey)).toEqual([later]);
    expect(await notifyJobs(a.no, 'letter')).toHaveLength(1);
  });

  it('mentions, comments, replies and reactions: no alarm, no push or mail job; again after the undo', async () => {
    const a = await member(t);
    const c = await member(t);
    const mine = await createPost(t, a.cookie, { subject: 'A의 글' });
    const myComment = await comment(mine, 'A의 댓글', a.cookie);
    await ignore(a, c.userId);

    const theirs = await createPost(t, c.cookie, { subject: 'C의 글', content: `<p>@{${a.userId}} 보세요</p>` });
    await comment(theirs, `@{${a.userId}} 댓글에서도`, c.cookie);
    await comment(mine, '댓글을 남깁니다', c.cookie);
    await comment(mine, '답글을 남깁니다', c.cookie, myComment);
    const reacted = await post(t, '/api/reaction/toggle', { target: { kind: 'post', key: mine }, reaction: 'like' }, c.cookie);
    expect(reacted.statusCode, reacted.body).toBe(200);
    expect(await alarmsOf(a)).toEqual([]);
    for (const kind of ['mention', 'comment', 'reaction']) expect(await notifyJobs(a.no, kind), kind).toEqual([]);

    await unignore(a, c.userId);
    await comment(theirs, `@{${a.userId}} 이제는 보이나요`, c.cookie);
    await comment(mine, '다시 댓글', c.cookie);
    expect((await alarmsOf(a)).map((x) => x.kind).sort()).toEqual(['comment', 'mention']);
    expect(await notifyJobs(a.no, 'mention')).toHaveLength(1);
    expect(await notifyJobs(a.no, 'comment')).toHaveLength(1);
  });

  it('one way: the ignored member still gets the alarms of the member who ignores them', async () => {
    const a = await member(t);
    const c = await member(t);
    const theirs = await createPost(t, c.cookie, { subject: 'C의 글' });
    await ignore(a, c.userId);
    await comment(theirs, `@{${c.userId}} 댓글`, a.cookie);
    expect((await alarmsOf(c)).map((x) => x.kind)).toEqual(['comment']);
    await sendLetter(a, c.userId);
    expect(await arrival(c)).toBe(1);
  });
});
