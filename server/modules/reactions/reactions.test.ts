// Reaction calls: toggle on, off and to another reaction; counts; who reacted; the author's one
// grouped alarm (and its notify jobs); refused input, targets and callers.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CommentList, PostView } from '../../../common/api/boards.js';
import { ReactionList, ReactionState } from '../../../common/api/reactions.js';
import { alarms, jobs, posts, users } from '../../db/schema/index.js';
import { forgetBoards } from '../posts/board-rules.js';
import { adminCookie, createPost, member, setBoard, viewFreePost } from '../../test/boards.js';
import { advanceClock, resetClock } from '../../test/clock.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type Member = Awaited<ReturnType<typeof member>>;
let author: Member;
let b: Member;
let c: Member;
let d: Member;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  author = await member(t);
  b = await member(t);
  c = await member(t);
  d = await member(t);
});
afterEach(() => resetClock());
afterAll(() => t.close());

type Target = { kind: 'post' | 'comment'; key: number };
const toggle = (target: Target, reaction: string, cookie?: string) => post(t, '/api/reaction/toggle', { target, reaction }, cookie);
const toggled = async (target: Target, reaction: string, cookie: string) => {
  const res = await toggle(target, reaction, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return ReactionState.parse(res.json());
};
const who = async (body: object, cookie?: string) => {
  const res = await post(t, '/api/reaction/list', body, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return ReactionList.parse(res.json());
};
/** The member's reaction alarms about one post. */
const reactionAlarms = (userNo: number, articleKey: number) =>
  t.database.db.select().from(alarms).where(and(eq(alarms.userNo, userNo), eq(alarms.kind, 'reaction'), eq(alarms.articleKey, articleKey)));
/** The notify jobs of reactions to one target. */
const reactionJobs = async (userNo: number, tag: string) =>
  (await t.database.db.select({ payload: jobs.payload }).from(jobs).where(and(eq(jobs.queue, 'notify'), sql`${jobs.payload}->>'kind' = 'reaction'`))).filter(
    (j) => j.payload.userNo === userNo && (j.payload.message as { tag: string }).tag === tag,
  );
const comment = async (key: number, cookie: string) => {
  const res = await post(t, '/api/comment/save', { boardId: 'free', key, content: '댓글' }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().commentKey as number;
};

describe('/api/reaction/toggle', () => {
  it('adds, changes and takes back one reaction per member, keeping the counts, with no points', async () => {
    const target = { kind: 'post' as const, key: await createPost(t, author.cookie) };
    const [before] = await t.database.db.select({ p: users.points }).from(users).where(eq(users.no, author.no));
    expect(await toggled(target, 'like', b.cookie)).toEqual({ counts: { like: 1 }, mine: 'like' });
    expect(await toggled(target, 'like', c.cookie)).toEqual({ counts: { like: 2 }, mine: 'like' });
    // Another reaction replaces the member's own.
    expect(await toggled(target, 'helpful', b.cookie)).toEqual({ counts: { like: 1, helpful: 1 }, mine: 'helpful' });
    // The same one again takes it back; a count that reaches 0 leaves the answer.
    expect(await toggled(target, 'helpful', b.cookie)).toEqual({ counts: { like: 1 }, mine: null });
    expect(await toggled(target, 'like', c.cookie)).toEqual({ counts: {}, mine: null });
    const [after] = await t.database.db.select({ p: users.points }).from(users).where(eq(users.no, author.no));
    expect(after!.p).toBe(before!.p);
  });

  it('carries the counts in the post view (the reader’s own reaction for them alone) and the comment list', async () => {
    const key = await createPost(t, author.cookie);
    const commentKey = await comment(key, author.cookie);
    await toggled({ kind: 'post', key }, 'wow', b.cookie);
    await toggled({ kind: 'post', key }, 'funny', c.cookie);
    await toggled({ kind: 'comment', key: commentKey }, 'sad', c.cookie);
    const asB = PostView.parse((await viewFreePost(t, key, b.cookie)).json());
    expect(asB).toMatchObject({ reactions: { wow: 1, funny: 1 }, myReaction: 'wow' });
    const asC = PostView.parse((await viewFreePost(t, key, c.cookie)).json());
    expect(asC).toMatchObject({ reactions: { wow: 1, funny: 1 }, myReaction: 'funny' });
    const asVisitor = PostView.parse((await viewFreePost(t, key)).json());
    expect(asVisitor.reactions).toEqual({ wow: 1, funny: 1 });
    expect(asVisitor.myReaction ?? null).toBeNull();
    const list = async (cookie?: string) =>
      CommentList.parse((await post(t, '/api/comment/list', { boardId: 'free', key }, cookie)).json()).items.find((i) => i.commentKey === commentKey)!;
    expect(await list(c.cookie)).toMatchObject({ reactions: { sad: 1 }, myReaction: 'sad' });
    expect(await list(b.cookie)).toMatchObject({ reactions: { sad: 1 } });
    expect((await list(b.cookie)).myReaction ?? null).toBeNull();
    // A cached view is dropped by the toggle: the next view has the new count.
    await toggled({ kind: 'post', key }, 'wow', b.cookie);
    expect(PostView.parse((await viewFreePost(t, key)).json()).reactions).toEqual({ funny: 1 });
  });

  it('refuses unknown reactions, bad targets, unknown and hidden targets, secret posts and market items', async () => {
    const key = await createPost(t, author.cookie);
    const bad = await toggle({ kind: 'post', key }, 'love', b.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('공감 종류');
    expect((await toggle({ kind: 'letter', key } as never, 'like', b.cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/reaction/toggle', { target: { kind: 'post', key }, reaction: 'like', extra: 1 }, b.cookie)).statusCode).toBe(400);
    const missing = await toggle({ kind: 'post', key: 99_999_999 }, 'like', b.cookie);
    expect([missing.statusCode, missing.json().message]).toEqual([404, '글을 찾을 수 없습니다.']);
    expect((await toggle({ kind: 'comment', key: 99_999_999 }, 'like', b.cookie)).json().message).toBe('댓글을 찾을 수 없습니다.');

    const hidden = await createPost(t, author.cookie);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, hidden));
    const refused = await toggle({ kind: 'post', key: hidden }, 'like', b.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([409, '관리자가 가린 내용에는 공감할 수 없습니다.']);
    expect((await post(t, '/api/reaction/list', { target: { kind: 'post', key: hidden } }, b.cookie)).statusCode).toBe(409);

    const secret = await createPost(t, author.cookie);
    await t.database.db.update(posts).set({ secret: true }).where(eq(posts.key, secret));
    expect((await toggle({ kind: 'post', key: secret }, 'like', b.cookie)).json().message).toBe('비밀글에는 공감할 수 없습니다.');

    const item = await createPost(t, author.cookie);
    await t.database.db.update(posts).set({ boardId: 'market' }).where(eq(posts.key, item));
    expect((await toggle({ kind: 'post', key: item }, 'like', b.cookie)).statusCode).toBe(409);

    const deleted = await createPost(t, author.cookie);
    await post(t, '/api/board/delete', { boardId: 'free', key: deleted }, author.cookie);
    expect((await toggle({ kind: 'post', key: deleted }, 'like', b.cookie)).statusCode).toBe(404);
  });

  it('refuses visitors and members who may not read the board', async () => {
    const key = await createPost(t, author.cookie);
    const visitor = await toggle({ kind: 'post', key }, 'like');
    expect(visitor.statusCode).toBe(401);
    await setBoard(t, 'free', { readLevel: 9 });
    try {
      forgetBoards(t.database.db);
      const low = await toggle({ kind: 'post', key }, 'like', b.cookie);
      expect([low.statusCode, low.json().message]).toEqual([403, '이 게시판을 읽을 권한이 없습니다.']);
      expect((await post(t, '/api/reaction/list', { target: { kind: 'post', key } })).statusCode).toBe(403);
    } finally {
      await setBoard(t, 'free', { readLevel: 0 });
    }
  });
});

describe('the grouped alarm', () => {
  it('is one alarm per target, rewritten and unread again for each new reactor, and none for the author’s own', async () => {
    const key = await createPost(t, author.cookie, { subject: '공감 받을 글' });
    await toggled({ kind: 'post', key }, 'like', author.cookie);
    expect(await reactionAlarms(author.no, key)).toHaveLength(0);

    await toggled({ kind: 'post', key }, 'like', b.cookie);
    let list = await reactionAlarms(author.no, key);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ content: `${b.nickName}님이 회원님의 글에 공감했습니다.`, articleKey: key, subject: '공감 받을 글', readAt: null });
    expect(await reactionJobs(author.no, `reaction-post-${key}`)).toHaveLength(1);

    await toggled({ kind: 'post', key }, 'wow', c.cookie);
    list = await reactionAlarms(author.no, key);
    expect(list).toHaveLength(1);
    expect(list[0]!.content).toBe(`${c.nickName}님 외 1명이 회원님의 글에 공감했습니다.`);
    // Pushed at most once an hour per target.
    expect(await reactionJobs(author.no, `reaction-post-${key}`)).toHaveLength(1);
    // A change of mind or a take-back tells nobody.
    await toggled({ kind: 'post', key }, 'funny', c.cookie);
    expect((await reactionAlarms(author.no, key))[0]!.content).toBe(`${c.nickName}님 외 1명이 회원님의 글에 공감했습니다.`);

    // Reading the post reads the alarm; the next reactor makes the same alarm unread again.
    await viewFreePost(t, key, author.cookie);
    expect((await reactionAlarms(author.no, key))[0]!.readAt).not.toBeNull();
    advanceClock(61 * 60_000);
    await toggled({ kind: 'post', key }, 'helpful', d.cookie);
    list = await reactionAlarms(author.no, key);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ content: `${d.nickName}님 외 2명이 회원님의 글에 공감했습니다.`, readAt: null });
    expect(await reactionJobs(author.no, `reaction-post-${key}`)).toHaveLength(2);
    const alarmList = (await post(t, '/api/letter/alarm/list', {}, author.cookie)).json() as Array<{ kind: string; articleKey: number }>;
    expect(alarmList.filter((a) => a.kind === 'reaction' && a.articleKey === key)).toHaveLength(1);
  });

  it('tells a comment’s author about their comment, and reaction pushes are off by default', async () => {
    const key = await createPost(t, author.cookie);
    const commentKey = await comment(key, c.cookie);
    await toggled({ kind: 'comment', key: commentKey }, 'helpful', d.cookie);
    const [alarm] = await reactionAlarms(c.no, key);
    expect(alarm).toMatchObject({ content: `${d.nickName}님이 회원님의 댓글에 공감했습니다.`, articleKey: key });
    const settings = (await post(t, '/api/notify/settings', {}, c.cookie)).json() as { kinds: Array<{ kind: string; push: boolean; email: boolean }> };
    expect(settings.kinds.find((k) => k.kind === 'reaction')).toEqual({ kind: 'reaction', push: false, email: false });
    expect(settings.kinds.find((k) => k.kind === 'comment')?.push).toBe(true);
  });
});

describe('/api/reaction/list', () => {
  it('lists who reacted, newest first, by reaction or all, a page at a time, to visitors too', async () => {
    const key = await createPost(t, author.cookie);
    const target = { kind: 'post' as const, key };
    await toggled(target, 'like', b.cookie);
    await toggled(target, 'like', c.cookie);
    await toggled(target, 'sad', d.cookie);
    const likes = await who({ target, reaction: 'like' });
    expect(likes).toMatchObject({ total: 2, page: 1, pageSize: 30, counts: { like: 2, sad: 1 } });
    expect(likes.items.map((i) => i.userId).sort()).toEqual([b.userId, c.userId].sort());
    const all = await who({ target }, b.cookie);
    expect(all.total).toBe(3);
    expect(all.items.map((i) => [i.nickName, i.reaction])).toContainEqual([d.nickName, 'sad']);
    expect((await who({ target, page: 2 })).items).toEqual([]);
    expect((await post(t, '/api/reaction/list', { target, reaction: 'angry' })).statusCode).toBe(400);
    expect((await post(t, '/api/reaction/list', { target, page: 0 })).statusCode).toBe(400);
  });

  it('names a member who has left without a link', async () => {
    const key = await createPost(t, author.cookie);
    const gone = await member(t);
    await toggled({ kind: 'post', key }, 'like', gone.cookie);
    await t.database.db.update(users).set({ status: 'withdrawn' }).where(eq(users.no, gone.no));
    const list = await who({ target: { kind: 'post', key } }, await adminCookie(t));
    expect(list.items[0]).toMatchObject({ userId: '', nickName: '탈퇴한 회원' });
  });
});
