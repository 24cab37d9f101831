// Hidden content is out of reach (decision 33): a board post, a gallery item or a comment hidden
// after a report takes no recommendation, scrap, comment or reply, whoever asks, and the views stop
// offering them; restoring it puts it back in reach. (Market items: market/hidden.test.ts.)
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, favorites, posts, recommendations } from '../../db/schema/index.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { createGallery } from '../../test/gallery.js';
import { adminCookie, createPost, member } from '../../test/boards.js';

let t: TestApp;
let admin: string;
type M = Awaited<ReturnType<typeof member>>;
let writer: M;
let reader: M;
let reporter: M;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  writer = await member(t);
  reader = await member(t);
  reporter = await member(t);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

/** The reporter reports the thing and the admin hides it; answers the report's id. */
async function hide(kind: 'post' | 'gallery' | 'comment', key: number) {
  const saved = await post(t, '/api/report/save', { kind, key, reason: '욕설' }, reporter.cookie);
  expect(saved.statusCode, saved.body).toBe(200);
  const res = await post(t, '/api/admin/report/resolve', { id: saved.json().id, outcome: 'hide', note: '' }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return saved.json().id as number;
}
const refused = (res: { statusCode: number; json(): unknown }, message: string) => {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ message });
};
const MSG = {
  recommend: '관리자가 가린 내용은 추천할 수 없습니다.',
  scrap: '관리자가 가린 내용은 스크랩할 수 없습니다.',
  comment: '관리자가 가린 내용에는 댓글을 달 수 없습니다.',
  reply: '관리자가 가린 댓글에는 답글을 달 수 없습니다.',
};
const rows = async (key: number) => ({
  recommendations: (await db().select().from(recommendations).where(eq(recommendations.postKey, key))).length,
  favorites: (await db().select().from(favorites).where(eq(favorites.postKey, key))).length,
  comments: (await db().select().from(comments).where(eq(comments.postKey, key))).length,
  recommends: (await db().select({ n: posts.recommends }).from(posts).where(eq(posts.key, key)))[0]!.n,
});

describe('a hidden board post', () => {
  it('takes no recommendation, scrap or comment (the admin included), changes nothing, offers none; restored, it takes them again', async () => {
    const key = await createPost(t, writer.cookie, { subject: '가려질 글' });
    const id = await hide('post', key);
    const before = await rows(key);
    for (const cookie of [reader.cookie, admin]) {
      refused(await post(t, '/api/board/recommend', { boardId: 'free', key }, cookie), MSG.recommend);
      refused(await post(t, '/api/favorite/add', { key }, cookie), MSG.scrap);
      refused(await post(t, '/api/comment/save', { boardId: 'free', key, content: '댓글' }, cookie), MSG.comment);
    }
    expect(await rows(key)).toEqual(before);
    for (const cookie of [reader.cookie, admin]) {
      const view = (await post(t, '/api/board/view', { boardId: 'free', key }, cookie)).json();
      expect(view).toMatchObject({ hidden: true, abilities: { canRecommend: false, canScrap: false, canComment: false, canReport: false } });
    }
    // Only admins read the hidden text (and are told it is hidden).
    expect((await post(t, '/api/board/view', { boardId: 'free', key }, reader.cookie)).json().abilities.canReadHidden).toBe(false);
    expect((await post(t, '/api/board/view', { boardId: 'free', key }, admin)).json().abilities.canReadHidden).toBe(true);
    // The writer's own abilities say the same.
    expect((await post(t, '/api/board/view', { boardId: 'free', key }, writer.cookie)).json().abilities).toMatchObject({ canComment: false, canScrap: false });

    const restored = await post(t, '/api/admin/report/restore', { id }, admin);
    expect(restored.json()).toEqual({ next: '가림이 풀려 다시 보입니다.' });
    expect((await post(t, '/api/board/view', { boardId: 'free', key }, reader.cookie)).json()).toMatchObject({
      hidden: false,
      abilities: { canRecommend: true, canScrap: true, canComment: true, canReport: true },
    });
    expect((await post(t, '/api/board/recommend', { boardId: 'free', key }, reader.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/favorite/add', { key }, reader.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/comment/save', { boardId: 'free', key, content: '다시 보이네요' }, reader.cookie)).statusCode).toBe(200);
  });

  it('the refusals keep their order: a visitor 401, an unknown post 404, a bad key 400', async () => {
    const key = await createPost(t, writer.cookie);
    await hide('post', key);
    expect((await post(t, '/api/board/recommend', { boardId: 'free', key })).statusCode).toBe(401);
    expect((await post(t, '/api/favorite/add', { key: 99_999_999 }, reader.cookie)).statusCode).toBe(404);
    expect((await post(t, '/api/comment/save', { boardId: 'free', key: 'x', content: '댓글' }, reader.cookie)).statusCode).toBe(400);
  });
});

describe('a hidden comment', () => {
  it('takes no reply; the post and its other comments stay in reach', async () => {
    const key = await createPost(t, writer.cookie);
    const save = (body: object, cookie = reader.cookie) => post(t, '/api/comment/save', { boardId: 'free', key, ...body }, cookie);
    const hiddenKey = (await save({ content: '가려질 댓글' }, writer.cookie)).json().commentKey as number;
    const otherKey = (await save({ content: '멀쩡한 댓글' }, writer.cookie)).json().commentKey as number;
    await hide('comment', hiddenKey);
    const count = (await rows(key)).comments;
    refused(await save({ content: '답글', parentKey: hiddenKey }), MSG.reply);
    refused(await save({ content: '답글', parentKey: hiddenKey }, admin), MSG.reply);
    expect((await rows(key)).comments).toBe(count);
    // Reported once and hidden, it offers no second report; the other one does.
    const listed = (await post(t, '/api/comment/list', { boardId: 'free', key }, reader.cookie)).json().items as { commentKey: number; canReport: boolean }[];
    expect(listed.find((c) => c.commentKey === hiddenKey)!.canReport).toBe(false);
    expect(listed.find((c) => c.commentKey === otherKey)!.canReport).toBe(true);
    expect((await save({ content: '답글', parentKey: otherKey })).statusCode).toBe(200);
    expect((await save({ content: '새 댓글' })).statusCode).toBe(200);
  });
});

describe('a hidden gallery item', () => {
  it('takes no recommendation, scrap or comment, and its view offers none', async () => {
    const key = await createGallery(t, writer.cookie, { title: '가려질 사진' });
    await hide('gallery', key);
    const before = await rows(key);
    refused(await post(t, '/api/board/recommend', { boardId: 'gallery', key }, reader.cookie), MSG.recommend);
    refused(await post(t, '/api/favorite/add', { key }, reader.cookie), MSG.scrap);
    refused(await post(t, '/api/comment/save', { boardId: 'gallery', key, content: '멋져요' }, reader.cookie), MSG.comment);
    expect(await rows(key)).toEqual(before);
    for (const cookie of [reader.cookie, admin]) {
      expect((await post(t, '/api/gallery/view', { galleryKey: key }, cookie)).json().abilities).toMatchObject({ canRecommend: false, canScrap: false, canComment: false, canReport: false });
    }
  });
});
