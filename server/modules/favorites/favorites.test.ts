// Scrap calls: add, delete, list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FavoritePage, type PostView } from '../../../common/api/boards.js';
import { createPost, member, setBoard } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
type Member = Awaited<ReturnType<typeof member>>;
let a: Member;
let b: Member;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  a = await member(t);
  b = await member(t);
});
afterAll(() => t.close());

const list = async (cookie: string, page = 1) => {
  const res = await post(t, '/api/favorite/list', { page }, cookie);
  expect(res.statusCode).toBe(200);
  return FavoritePage.parse(res.json());
};

describe('scraps', () => {
  it('adds (twice is fine), lists newest first with a link back, and removes', async () => {
    const k1 = await createPost(t, a.cookie, { subject: '스크랩 하나' });
    const k2 = await createPost(t, a.cookie, { subject: '스크랩 둘' });
    expect((await post(t, '/api/favorite/add', { boardId: 'free', key: k1 }, b.cookie)).json()).toEqual({ ok: true });
    expect((await post(t, '/api/favorite/add', { boardId: 'free', key: k1 }, b.cookie)).statusCode).toBe(200);
    await post(t, '/api/favorite/add', { key: k2 }, b.cookie);
    const page = await list(b.cookie);
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(page.items.map((i) => [i.key, i.subject, i.boardId, i.boardName])).toEqual([
      [k2, '스크랩 둘', 'free', '자유게시판'],
      [k1, '스크랩 하나', 'free', '자유게시판'],
    ]);
    expect(page.items[0]!.author).toMatchObject({ userId: a.userId, nickName: a.nickName });
    expect(((await post(t, '/api/board/view', { boardId: 'free', key: k1 }, b.cookie)).json() as PostView).scrapped).toBe(true);
    // Someone else's list is their own.
    expect((await list(a.cookie)).total).toBe(0);

    expect((await post(t, '/api/favorite/delete', { key: k1 }, b.cookie)).json()).toEqual({ ok: true });
    expect((await post(t, '/api/favorite/delete', { favoriteKey: page.items[0]!.favoriteKey }, b.cookie)).statusCode).toBe(200);
    expect((await list(b.cookie)).total).toBe(0);
    const again = await post(t, '/api/favorite/delete', { key: k1 }, b.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('스크랩을 찾을 수 없습니다.');
  });

  it('cannot remove someone else’s scrap', async () => {
    const k = await createPost(t, a.cookie);
    await post(t, '/api/favorite/add', { key: k }, a.cookie);
    const fav = (await list(a.cookie)).items[0]!;
    expect((await post(t, '/api/favorite/delete', { favoriteKey: fav.favoriteKey }, b.cookie)).statusCode).toBe(404);
    expect((await list(a.cookie)).total).toBe(1);
  });

  it('leaves posts deleted since out of the list', async () => {
    const k = await createPost(t, a.cookie);
    const c = await member(t);
    await post(t, '/api/favorite/add', { key: k }, c.cookie);
    await post(t, '/api/board/delete', { boardId: 'free', key: k }, a.cookie);
    expect(await list(c.cookie)).toMatchObject({ items: [], total: 0 });
    const res = await post(t, '/api/favorite/add', { key: k }, c.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('forward:삭제된 글입니다.');
  });

  it('needs a login, readable posts and good input', async () => {
    const k = await createPost(t, a.cookie);
    for (const url of ['/api/favorite/add', '/api/favorite/delete', '/api/favorite/list']) {
      expect((await post(t, url, { key: k })).statusCode).toBe(401);
    }
    const none = await post(t, '/api/favorite/delete', {}, b.cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('스크랩을 찾을 수 없습니다.');
    expect((await post(t, '/api/favorite/add', { key: 'x' }, b.cookie)).statusCode).toBe(400);
    await setBoard(t, 'free', { readLevel: 3 });
    try {
      const res = await post(t, '/api/favorite/add', { key: k }, b.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('forward:이 게시판을 읽을 권한이 없습니다.');
    } finally {
      await setBoard(t, 'free', { readLevel: 0 });
    }
  });
});
