// 비밀글 and 답글 (decision 39): who reads a secret post, where it never shows, and the rules of
// an answer, through the real calls (save, list, view, comments, search, feeds, home).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardInfo, PostPage, PostView } from '../../../common/api/boards.js';
import { adminCookie, createPost, member, setBoard } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<typeof member>>;
let asker: Member;
let other: Member;

const SECRET_MSG = 'forward:비밀글입니다. 글쓴이와 관리자만 읽을 수 있습니다.';
const view = (key: number, cookie?: string) => post(t, '/api/board/view', { boardId: 'free', key }, cookie);
const list = async (cookie?: string) => PostPage.parse((await post(t, '/api/board/list', { boardId: 'free', page: 1 }, cookie)).json());
const save = (cookie: string, body: Record<string, unknown>) =>
  post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '질문', content: '<p>내용</p>', ...body }, cookie);

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  asker = await member(t);
  other = await member(t);
});
afterAll(() => t.close());

describe('board settings', () => {
  it('refuses a secret post and an answer where the board has them off, and says what it has', async () => {
    const key = await createPost(t, asker.cookie);
    const secret = await save(asker.cookie, { secret: true });
    expect([secret.statusCode, secret.json().message]).toEqual([400, '이 게시판에는 비밀글을 쓸 수 없습니다.']);
    const answer = await save(asker.cookie, { answerTo: key });
    expect([answer.statusCode, answer.json().message]).toEqual([400, '이 게시판에는 답글을 쓸 수 없습니다.']);
    expect(BoardInfo.strict().parse((await post(t, '/api/board/info', { boardId: 'free' })).json()).secretPosts).toBeUndefined();

    await setBoard(t, 'free', { secretPosts: 'allowed', answers: true });
    const info = BoardInfo.strict().parse((await post(t, '/api/board/info', { boardId: 'free' }, asker.cookie)).json());
    expect([info.secretPosts, info.answers]).toEqual(['allowed', true]);
    expect(PostView.parse((await view(key, other.cookie)).json()).abilities.canAnswer).toBe(true);
    expect(PostView.parse((await view(key)).json()).abilities.canAnswer).toBeUndefined();
  });
});

describe('a secret post', () => {
  let key: number;
  beforeAll(async () => {
    key = (await save(asker.cookie, { subject: '렌즈 교환 문의 수국', content: '<p>주소는 서울 어딘가</p>', secret: true })).json().key;
  });

  it('is read by its author and administrators only; the kept copies never carry it to others', async () => {
    // Its author first, so a copy for their kind of reader is kept before the others ask.
    const own = PostView.parse((await view(key, asker.cookie)).json());
    expect([own.subject, own.secret]).toEqual(['렌즈 교환 문의 수국', true]);
    expect(own.contentHtml).toContain('주소는 서울 어딘가');
    for (const cookie of [other.cookie, undefined, other.cookie]) {
      const res = await view(key, cookie);
      expect([res.statusCode, res.json().message]).toEqual([403, SECRET_MSG]);
      expect(res.body).not.toContain('서울');
      expect(res.body).not.toContain('렌즈');
    }
    const seen = PostView.parse((await view(key, admin)).json());
    expect(seen.contentHtml).toContain('주소는 서울 어딘가');
  });

  it('shows in lists as a locked row without its subject, to everyone but administrators', async () => {
    for (const cookie of [undefined, other.cookie, asker.cookie]) {
      const row = (await list(cookie)).items.find((p) => p.key === key)!;
      expect([row.subject, row.secret]).toEqual(['비밀글입니다', true]);
    }
    expect((await list(admin)).items.find((p) => p.key === key)!.subject).toBe('렌즈 교환 문의 수국');
    // The neighbour links of the next post do not name it either.
    const next = await createPost(t, other.cookie, { subject: '다음 글' });
    expect(PostView.parse((await view(next)).json()).prev).toEqual({ key, subject: '비밀글입니다' });
  });

  it('is never found by a search, a feed, the home page or a link preview', async () => {
    for (const cookie of [undefined, asker.cookie, admin]) {
      const found = PostPage.parse((await post(t, '/api/board/list', { boardId: 'free', page: 1, search: '수국' }, cookie)).json());
      expect(found.items.map((p) => p.key)).not.toContain(key);
    }
    const feed = await t.app.inject({ method: 'GET', url: '/feed/board/free.xml' });
    expect(feed.body).not.toContain('렌즈 교환');
    expect(feed.body).not.toContain(`/view/${key}`);
    for (const cookie of [undefined, admin]) {
      const home = (await post(t, '/api/home', {}, cookie)).json() as { posts: Array<{ key: number }> };
      expect(home.posts.map((p) => p.key)).not.toContain(key);
    }
    const page = await t.app.inject({ method: 'GET', url: `/board/free/view/${key}` });
    expect(page.body).not.toContain('렌즈 교환');
  });

  it('keeps its comments with it: only its readers list or write them', async () => {
    const write = await post(t, '/api/comment/save', { boardId: 'free', key, content: '저도 궁금합니다' }, other.cookie);
    expect([write.statusCode, write.json().message]).toEqual([403, SECRET_MSG]);
    expect((await post(t, '/api/comment/save', { boardId: 'free', key, content: '확인 부탁드립니다' }, asker.cookie)).statusCode).toBe(200);
    for (const cookie of [other.cookie, undefined]) expect((await post(t, '/api/comment/list', { boardId: 'free', key }, cookie)).statusCode).toBe(403);
    expect((await post(t, '/api/comment/list', { boardId: 'free', key }, asker.cookie)).json().items).toHaveLength(1);
    expect((await post(t, '/api/comment/list', { boardId: 'free', key }, admin)).json().items).toHaveLength(1);
    // Nor can another member recommend or scrap what they may not read.
    expect((await post(t, '/api/board/recommend', { boardId: 'free', key }, other.cookie)).statusCode).toBe(403);
  });

  it('is answered by an administrator: the answer is secret, read by the asker, shown under the question', async () => {
    const refused = await save(other.cookie, { answerTo: key, subject: 'Re: 렌즈' });
    expect([refused.statusCode, refused.json().message]).toEqual([403, '읽을 수 없는 글에는 답글을 쓸 수 없습니다.']);
    const res = await save(admin, { answerTo: key, subject: 'Re: 렌즈 교환 문의', content: '<p>매장으로 가져오세요</p>' });
    expect(res.statusCode).toBe(200);
    const answer = res.json().key as number;
    const mine = PostView.parse((await view(answer, asker.cookie)).json());
    expect([mine.secret, mine.answerDepth, mine.answerTo]).toEqual([true, 1, { key, subject: '렌즈 교환 문의 수국', deleted: false }]);
    expect(mine.contentHtml).toContain('매장으로 가져오세요');
    expect((await view(answer, other.cookie)).statusCode).toBe(403);
    expect((await view(answer)).statusCode).toBe(403);
    // The answer's comments follow it: the asker lists and writes them, another member neither.
    expect((await post(t, '/api/comment/list', { boardId: 'free', key: answer }, asker.cookie)).json()).toEqual({ items: [], total: 0 });
    expect((await post(t, '/api/comment/save', { boardId: 'free', key: answer, content: '감사합니다' }, asker.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/comment/list', { boardId: 'free', key: answer }, asker.cookie)).json().items).toHaveLength(1);
    for (const cookie of [other.cookie, undefined]) expect((await post(t, '/api/comment/list', { boardId: 'free', key: answer }, cookie)).statusCode).toBe(403);
    const question = PostView.parse((await view(key, asker.cookie)).json());
    expect(question.answers).toEqual([{ key: answer, subject: 'Re: 렌즈 교환 문의', secret: true, nickName: expect.any(String) }]);
    // In the list it sits under the question, one step in.
    const rows = (await list(other.cookie)).items;
    const at = rows.findIndex((p) => p.key === key);
    expect(rows[at + 1]).toMatchObject({ key: answer, answerDepth: 1, secret: true, subject: '비밀글입니다' });
  });
});

describe('answers', () => {
  it('go three deep on the same board, never to another board, a hidden post or a missing one', async () => {
    let parent = await createPost(t, asker.cookie, { subject: '원글' });
    for (let depth = 1; depth <= 3; depth++) {
      const res = await save(other.cookie, { answerTo: parent, subject: `Re: ${depth}` });
      expect(res.statusCode).toBe(200);
      parent = res.json().key;
    }
    const deep = await save(other.cookie, { answerTo: parent });
    expect([deep.statusCode, deep.json().message]).toEqual([400, '답글에는 3단계까지 답글을 쓸 수 있습니다.']);

    const elsewhere = await createPost(t, admin, { boardId: 'notice', subject: '공지' });
    const cross = await save(asker.cookie, { answerTo: elsewhere });
    expect([cross.statusCode, cross.json().message]).toEqual([400, '다른 게시판의 글에는 답글을 쓸 수 없습니다.']);
    expect((await save(asker.cookie, { answerTo: 99_999_999 })).statusCode).toBe(404);
    expect((await save(asker.cookie, { answerTo: -1 })).statusCode).toBe(400);
  });

  it('of a public post may be secret, read by the asker; a deleted original shows as deleted', async () => {
    const question = await createPost(t, asker.cookie, { subject: '공개 질문' });
    const answer = (await save(other.cookie, { answerTo: question, subject: 'Re: 공개 질문', secret: true, content: '<p>비밀 답</p>' })).json().key as number;
    expect(PostView.parse((await view(answer, asker.cookie)).json()).contentHtml).toContain('비밀 답');
    const stranger = await member(t);
    expect((await view(answer, stranger.cookie)).statusCode).toBe(403);
    // An edit never makes an answer to a secret post public; here the writer may lift its own.
    const edited = await save(other.cookie, { key: answer, subject: 'Re: 공개 질문', secret: false, content: '<p>공개 답</p>' });
    expect(edited.statusCode).toBe(200);
    expect(PostView.parse((await view(answer, stranger.cookie)).json()).contentHtml).toContain('공개 답');

    expect((await post(t, '/api/board/delete', { boardId: 'free', key: question }, asker.cookie)).statusCode).toBe(200);
    expect(PostView.parse((await view(answer)).json()).answerTo).toEqual({ key: question, subject: '', deleted: true });
  });

  it('to a secret post stay secret after an edit', async () => {
    const question = (await save(asker.cookie, { subject: '비밀 질문', secret: true })).json().key as number;
    const answer = (await save(admin, { answerTo: question, subject: 'Re: 비밀 질문' })).json().key as number;
    expect((await save(admin, { key: answer, subject: 'Re: 비밀 질문', secret: false })).statusCode).toBe(200);
    expect((await view(answer, other.cookie)).statusCode).toBe(403);
    expect(PostView.parse((await view(answer, asker.cookie)).json()).secret).toBe(true);
  });

  it("on an 'always' board every post is secret", async () => {
    await setBoard(t, 'free', { secretPosts: 'always' });
    const key = (await save(other.cookie, { subject: '자동 비밀' })).json().key as number;
    expect((await view(key, asker.cookie)).statusCode).toBe(403);
    await setBoard(t, 'free', { secretPosts: 'allowed' });
  });

  it('stays secret through its author\u2019s edit once the board has 비밀글 off (as an imported board may)', async () => {
    const key = (await save(asker.cookie, { subject: '예전 비밀글', content: '<p>계좌 번호</p>', secret: true })).json().key as number;
    await setBoard(t, 'free', { secretPosts: 'off' });
    try {
      // The form on an 'off' board sends no secret flag; the edit keeps the post secret.
      const edited = await save(asker.cookie, { key, subject: '예전 비밀글 고침', content: '<p>계좌 번호 고침</p>' });
      expect(edited.statusCode).toBe(200);
      const res = await view(key, other.cookie);
      expect([res.statusCode, res.json().message]).toEqual([403, SECRET_MSG]);
      expect(res.body).not.toContain('계좌');
      expect(PostView.parse((await view(key, asker.cookie)).json())).toMatchObject({ subject: '예전 비밀글 고침', secret: true });
      // A new post there still cannot be made secret; another member cannot edit the secret one.
      const fresh = await save(other.cookie, { secret: true });
      expect([fresh.statusCode, fresh.json().message]).toEqual([400, '이 게시판에는 비밀글을 쓸 수 없습니다.']);
      expect((await save(other.cookie, { key, subject: '남의 글' })).statusCode).toBe(403);
    } finally {
      await setBoard(t, 'free', { secretPosts: 'allowed' });
    }
  });
});
