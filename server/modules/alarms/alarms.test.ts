// docs/api.md#alarms: /api/letter/alarm (count) and /api/letter/alarm/list; alarms come from board activity.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Alarm, AlarmList } from '../../../common/api/alarms.js';
import { levels, users } from '../../db/schema/index.js';
import { adminCookie, createPost, member, setBoard } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

describe('alarms', () => {
  it('starts at zero and needs a login', async () => {
    const a = await member(t);
    expect((await post(t, '/api/letter/alarm', {}, a.cookie)).json()).toBe(0);
    expect((await post(t, '/api/letter/alarm/list', {}, a.cookie)).json()).toEqual([]);
    for (const url of ['/api/letter/alarm', '/api/letter/alarm/list']) {
      const res = await post(t, url);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('로그인이 필요합니다.');
    }
  });

  it('a mention in a post alarms the member once, with the alarm fields; editing does not repeat it', async () => {
    const a = await member(t);
    const b = await member(t);
    const key = await createPost(t, a.cookie, { subject: '출사 후기', content: `<p>@{${b.userId}} 님과 함께 @{${a.userId}}</p>` });
    const list = AlarmList.parse((await post(t, '/api/letter/alarm/list', {}, b.cookie)).json());
    expect(list).toHaveLength(1);
    expect(Alarm.strict().parse(list[0])).toMatchObject({
      kind: 'mention',
      boardId: 'free',
      boardName: '자유게시판',
      articleKey: key,
      subject: '출사 후기',
      content: `${a.nickName}님이 글에서 회원님을 언급했습니다: 출사 후기`,
    });
    expect((await post(t, '/api/letter/alarm', {}, b.cookie)).json()).toBe(1);
    // Mentioning oneself alarms nobody.
    expect((await post(t, '/api/letter/alarm', {}, a.cookie)).json()).toBe(0);
    await post(t, '/api/board/save', { boardId: 'free', category: 'c1', key, subject: '출사 후기', content: `<p>@{${b.userId}} 고침</p>` }, a.cookie);
    expect((await post(t, '/api/letter/alarm', {}, b.cookie)).json()).toBe(1);
    // A mention inside a link or code is not a mention.
    const c = await member(t);
    await createPost(t, a.cookie, { content: `<p><code>@{${c.userId}}</code></p>` });
    expect((await post(t, '/api/letter/alarm', {}, c.cookie)).json()).toBe(0);
  });

  it('never carries a board’s text to a member who may not read that board', async () => {
    const admin = await adminCookie(t);
    const b = await member(t);
    const key = await createPost(t, admin, { subject: '공개 글' });
    await post(t, '/api/comment/save', { boardId: 'free', key, content: '처음 댓글' }, b.cookie);
    // The board is closed to the lowest level (b's) from now on.
    await setBoard(t, 'free', { readLevel: 2 });
    try {
      await createPost(t, admin, { subject: '비공개 제목', content: `<p>@{${b.userId}} 비밀</p>` });
      const [comment] = (await post(t, '/api/comment/list', { boardId: 'free', key }, admin)).json().items;
      await post(t, '/api/comment/save', { boardId: 'free', key, parentKey: comment.commentKey, content: `비밀 답글 @{${b.userId}}` }, admin);
      expect((await post(t, '/api/letter/alarm/list', {}, b.cookie)).json()).toEqual([]);
      // A member of the second level still hears about it.
      const c = await member(t);
      const [second] = await t.database.db.select().from(levels).where(eq(levels.minPoints, 100));
      await t.database.db.update(users).set({ levelId: second!.id, points: 100 }).where(eq(users.no, c.no));
      await createPost(t, admin, { subject: '비공개 제목', content: `<p>@{${c.userId}} 비밀</p>` });
      expect((await post(t, '/api/letter/alarm', {}, c.cookie)).json()).toBe(1);
    } finally {
      await setBoard(t, 'free', { readLevel: 0 });
    }
  });

  it('opening the article reads its alarms', async () => {
    const a = await member(t);
    const b = await member(t);
    const key = await createPost(t, a.cookie);
    await post(t, '/api/comment/save', { boardId: 'free', key, content: '댓글' }, b.cookie);
    await post(t, '/api/comment/save', { boardId: 'free', key, content: '또 댓글' }, b.cookie);
    const list = AlarmList.parse((await post(t, '/api/letter/alarm/list', {}, a.cookie)).json());
    expect(list.map((x) => x.content)).toEqual([`${b.nickName}님이 댓글을 남겼습니다: 또 댓글`, `${b.nickName}님이 댓글을 남겼습니다: 댓글`]);
    await post(t, '/api/board/view', { boardId: 'free', key }, a.cookie);
    expect((await post(t, '/api/letter/alarm', {}, a.cookie)).json()).toBe(0);
  });

  it('says which post: comment, reply and mention alarms carry the post’s subject', async () => {
    const a = await member(t);
    const b = await member(t);
    const c = await member(t);
    const key = await createPost(t, a.cookie, { subject: '가을 출사 공지' });
    await post(t, '/api/comment/save', { boardId: 'free', key, content: '참가합니다' }, b.cookie);
    const [comment] = (await post(t, '/api/comment/list', { boardId: 'free', key }, a.cookie)).json().items;
    await post(t, '/api/comment/save', { boardId: 'free', key, parentKey: comment.commentKey, content: `환영해요 @{${c.userId}}` }, a.cookie);
    const subjects = async (cookie: string) =>
      AlarmList.parse((await post(t, '/api/letter/alarm/list', {}, cookie)).json()).map((x) => [x.kind, x.subject]);
    expect(await subjects(a.cookie)).toEqual([['comment', '가을 출사 공지']]);
    expect(await subjects(b.cookie)).toEqual([['reply', '가을 출사 공지']]);
    expect(await subjects(c.cookie)).toEqual([['mention', '가을 출사 공지']]);
  });
});
