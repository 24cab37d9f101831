// Comment calls: list, save (create, reply, edit), delete; counts, points and alarms.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentList } from '../../../common/api/boards.js';
import { users } from '../../db/schema/index.js';
import { adminCookie, createPost, member, setBoard } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<typeof member>>;
let a: Member;
let b: Member;
let c: Member;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  a = await member(t);
  b = await member(t);
  c = await member(t);
});
afterAll(() => t.close());

const save = (key: number, content: string, cookie: string | undefined, extra: object = {}) =>
  post(t, '/api/comment/save', { boardId: 'free', key, content, ...extra }, cookie);
const list = async (key: number, cookie?: string) => {
  const res = await post(t, '/api/comment/list', { boardId: 'free', key }, cookie);
  expect(res.statusCode).toBe(200);
  return CommentList.parse(res.json());
};
const alarms = async (cookie: string) => (await post(t, '/api/letter/alarm/list', {}, cookie)).json() as Array<Record<string, unknown>>;
const points = async (no: number) => (await t.database.db.select({ p: users.points }).from(users).where(eq(users.no, no)))[0]!.p;

describe('/api/comment/save and /api/comment/list', () => {
  it('adds a comment as escaped plain text with line breaks, counts it and pays the writer', async () => {
    const key = await createPost(t, a.cookie);
    const before = await points(b.no);
    const res = await save(key, '멋진 사진이네요\n<b>정말</b> https://example.com', b.cookie);
    expect(res.statusCode).toBe(200);
    const { items, total } = await list(key, b.cookie);
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      commentKey: res.json().commentKey,
      parentKey: null,
      author: { userId: b.userId, nickName: b.nickName },
      content: '멋진 사진이네요\n<b>정말</b> https://example.com',
      deleted: false,
      canEdit: true,
      canDelete: true,
      canReport: false,
    });
    expect(items[0]!.contentHtml).toBe(
      '멋진 사진이네요<br>&lt;b&gt;정말&lt;/b&gt; <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">https://example.com</a>',
    );
    expect(await points(b.no)).toBe(before + 2);
    expect((await post(t, '/api/board/view', { boardId: 'free', key })).json().commentCount).toBe(1);
    // Others see the rendered comment but not the raw text, and cannot edit it.
    const other = (await list(key, c.cookie)).items[0]!;
    expect(other).toMatchObject({ content: '', canEdit: false, canDelete: false, canReport: true });
    expect((await list(key, admin)).items[0]).toMatchObject({ canEdit: false, canDelete: true, canReport: true });
    expect((await list(key)).items[0]).toMatchObject({ canEdit: false, canDelete: false, canReport: false });
  });

  it('keeps replies one level deep: a reply to a reply joins the top-level thread', async () => {
    const key = await createPost(t, a.cookie);
    const top = (await save(key, '첫 댓글', b.cookie)).json().commentKey;
    const second = (await save(key, '두 번째 댓글', c.cookie)).json().commentKey;
    const reply = (await save(key, '답글', a.cookie, { parentKey: top })).json().commentKey;
    const replyToReply = (await save(key, '답글의 답글', c.cookie, { parentKey: reply })).json().commentKey;
    const { items } = await list(key);
    expect(items.map((i) => [i.commentKey, i.parentKey])).toEqual([
      [top, null],
      [reply, top],
      [replyToReply, top],
      [second, null],
    ]);
  });

  it('alarms the post’s author, the replied-to member and mentioned members, never oneself', async () => {
    const key = await createPost(t, a.cookie, { subject: '알람 시험' });
    const top = (await save(key, '댓글입니다', b.cookie)).json().commentKey;
    expect(await alarms(a.cookie)).toContainEqual(
      expect.objectContaining({ kind: 'comment', boardId: 'free', boardName: '자유게시판', articleKey: key, content: `${b.nickName}님이 댓글을 남겼습니다: 댓글입니다` }),
    );
    expect((await alarms(b.cookie)).filter((x) => x.articleKey === key)).toEqual([]);

    // c replies to b and mentions a (the author, who also gets a comment alarm: one alarm each).
    await save(key, `맞아요 @{${a.userId}}`, c.cookie, { parentKey: top });
    const forB = (await alarms(b.cookie)).filter((x) => x.articleKey === key);
    expect(forB).toEqual([expect.objectContaining({ kind: 'reply', articleKey: key })]);
    const forA = (await alarms(a.cookie)).filter((x) => x.articleKey === key);
    expect(forA.map((x) => x.kind)).toEqual(['comment', 'comment']);

    // A mention of someone not otherwise involved; the author's own comment alarms nobody but them.
    const d = await member(t);
    await save(key, `@{${d.userId}} 님 보세요`, a.cookie);
    expect(await alarms(d.cookie)).toEqual([expect.objectContaining({ kind: 'mention', articleKey: key })]);
    expect((await alarms(a.cookie)).filter((x) => x.articleKey === key)).toHaveLength(2);
    // The mention renders as a link to the member's space with their nickname.
    const { items } = await list(key);
    expect(items.at(-1)!.contentHtml).toContain(`href="/space/${d.userId}">@${d.nickName}</a>`);

    // The count, and opening the article reads its alarms.
    expect((await post(t, '/api/letter/alarm', {}, a.cookie)).json()).toBeGreaterThanOrEqual(2);
    await post(t, '/api/board/view', { boardId: 'free', key }, a.cookie);
    expect((await alarms(a.cookie)).filter((x) => x.articleKey === key)).toEqual([]);
  });

  it('edits by the author only and keeps the thread', async () => {
    const key = await createPost(t, a.cookie);
    const ck = (await save(key, '오타 있음', b.cookie)).json().commentKey;
    const other = await save(key, '남이 고침', c.cookie, { commentKey: ck });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('자신이 쓴 댓글만 고칠 수 있습니다.');
    expect((await save(key, '관리자도 못 고침', admin, { commentKey: ck })).statusCode).toBe(403);
    expect((await save(key, '오타 고침', b.cookie, { commentKey: ck })).json()).toEqual({ commentKey: ck });
    const { items, total } = await list(key);
    expect(total).toBe(1);
    expect(items[0]!.contentHtml).toBe('오타 고침');
    const elsewhere = await createPost(t, a.cookie);
    expect((await save(elsewhere, '다른 글', b.cookie, { commentKey: ck })).statusCode).toBe(404);
  });

  it('refuses bad input in Korean', async () => {
    const key = await createPost(t, a.cookie);
    const empty = await save(key, '   ', b.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('댓글은 필수 입력 항목입니다.');
    const long = await save(key, '가'.repeat(2001), b.cookie);
    expect(long.json().message).toBe('댓글은 최대 2000자까지 입력할 수 있습니다.');
    const badParent = await save(key, '답글', b.cookie, { parentKey: 999_999 });
    expect(badParent.statusCode).toBe(404);
    expect(badParent.json().message).toBe('댓글을 찾을 수 없습니다.');
  });

  it('needs a login, the comment level and a live post', async () => {
    const key = await createPost(t, a.cookie);
    expect((await save(key, '손님', undefined)).statusCode).toBe(401);
    await setBoard(t, 'free', { commentLevel: 3 });
    try {
      const low = await save(key, '낮은 등급', c.cookie);
      expect(low.statusCode).toBe(403);
      expect(low.json().message).toBe('이 게시판에 댓글을 쓸 권한이 없습니다.');
      expect((await save(key, '관리자', admin)).statusCode).toBe(200);
    } finally {
      await setBoard(t, 'free', { commentLevel: 1 });
    }
    await post(t, '/api/board/delete', { boardId: 'free', key }, a.cookie);
    const gone = await save(key, '삭제된 글에', b.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('forward:삭제된 글입니다.');
    expect((await post(t, '/api/comment/list', { boardId: 'free', key })).json().message).toBe('forward:삭제된 글입니다.');
  });

  it('hides comments of a board the caller may not read', async () => {
    const key = await createPost(t, a.cookie);
    await setBoard(t, 'free', { readLevel: 3 });
    try {
      const res = await post(t, '/api/comment/list', { boardId: 'free', key }, c.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('forward:이 게시판을 읽을 권한이 없습니다.');
    } finally {
      await setBoard(t, 'free', { readLevel: 0 });
    }
  });

  it('limits commenting to 30 a minute per member', async () => {
    const limited = await testApp();
    try {
      const u = await member(limited);
      const key = await createPost(limited, u.cookie);
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) {
        codes.push((await post(limited, '/api/comment/save', { boardId: 'free', key, content: `댓글 ${i}` }, u.cookie)).statusCode);
      }
      expect(codes.filter((s) => s === 200)).toHaveLength(30);
      expect(codes[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('/api/comment/delete', () => {
  it('soft-deletes by the writer or an admin, keeps a placeholder while replies remain', async () => {
    const key = await createPost(t, a.cookie);
    const top = (await save(key, '지울 댓글', b.cookie)).json().commentKey;
    const reply = (await save(key, '남는 답글', c.cookie, { parentKey: top })).json().commentKey;
    const lone = (await save(key, '혼자인 댓글', c.cookie)).json().commentKey;
    const before = await points(b.no);

    const other = await post(t, '/api/comment/delete', { commentKey: top }, c.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('댓글을 쓴 회원과 관리자만 지울 수 있습니다.');
    expect((await post(t, '/api/comment/delete', { commentKey: top })).statusCode).toBe(401);
    expect((await post(t, '/api/comment/delete', { commentKey: top }, b.cookie)).json()).toEqual({ ok: true });
    expect(await points(b.no)).toBe(before - 2);
    expect((await post(t, '/api/comment/delete', { commentKey: lone }, admin)).statusCode).toBe(200);

    const { items, total } = await list(key);
    expect(total).toBe(1);
    expect(items).toEqual([
      expect.objectContaining({ commentKey: top, deleted: true, contentHtml: '삭제된 댓글입니다.', content: '', author: { userId: '', nickName: '', levelKey: null }, canEdit: false, canDelete: false }),
      expect.objectContaining({ commentKey: reply, parentKey: top, deleted: false }),
    ]);
    expect((await post(t, '/api/board/view', { boardId: 'free', key })).json().commentCount).toBe(1);

    const again = await post(t, '/api/comment/delete', { commentKey: top }, b.cookie);
    expect(again.statusCode).toBe(404);
    const reply2 = await save(key, '삭제된 댓글에 답글', c.cookie, { parentKey: top });
    expect(reply2.statusCode).toBe(400);
    expect(reply2.json().message).toBe('삭제된 댓글에는 답글을 달 수 없습니다.');

    // When the last reply goes, the placeholder goes too.
    await post(t, '/api/comment/delete', { commentKey: reply }, c.cookie);
    expect((await list(key)).items).toEqual([]);
  });

  it('refuses a malformed key in Korean', async () => {
    const res = await post(t, '/api/comment/delete', { commentKey: 'x' }, b.cookie);
    expect(res.statusCode).toBe(400);
  });
});
