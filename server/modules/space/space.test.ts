// /api/space/*: the public card (nothing private), and tabs that list only what the caller may read.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardCategories, boards, posts, users } from '../../db/schema/index.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { adminCookie, createPost, member, setBoard } from '../../test/boards.js';
import { createItem, seller } from '../../test/market.js';
import { createGallery } from '../../test/gallery.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

describe('/api/space/info', () => {
  it('shows the public card with counts per tab and nothing private', async () => {
    const m = await seller(t);
    await createPost(t, m.cookie);
    const g = await createGallery(t, m.cookie);
    await createItem(t, m);
    const other = await member(t);
    const onPost = await createPost(t, other.cookie);
    await post(t, '/api/comment/save', { boardId: 'free', key: onPost, content: '좋네요' }, m.cookie);
    await post(t, '/api/museum/save', { exhibits: [{ galleryKey: g, note: '' }] }, m.cookie);
    await t.database.db.update(users).set({ real: true }).where(eq(users.no, m.no));

    const res = await post(t, '/api/space/info', { userId: m.userId });
    expect(res.statusCode).toBe(200);
    const card = res.json();
    expect(card).toMatchObject({ userId: m.userId, nickName: m.nickName, real: true, withdrawn: false, mine: false, counts: { posts: 1, gallery: 1, market: 1, comments: 1, museum: 1 } });
    expect(card.levelName).toEqual(expect.any(String));
    expect(typeof card.levelKey).toBe('number');
    expect(Object.keys(card).sort()).toEqual(['counts', 'joinDate', 'levelKey', 'levelName', 'mine', 'nickName', 'real', 'userId', 'withdrawn']);
    expect(res.body).not.toContain(m.email);
    expect(res.body).not.toMatch(/points|email|question|password/i);
    expect((await post(t, '/api/space/info', { userId: m.userId }, m.cookie)).json().mine).toBe(true);
  });

  it("says a withdrawn member's space is closed and lists nothing", async () => {
    const m = await member(t);
    await createPost(t, m.cookie);
    await createGallery(t, m.cookie);
    await t.database.db.update(users).set({ status: 'withdrawn', nickName: null, email: null }).where(eq(users.no, m.no));
    const card = (await post(t, '/api/space/info', { userId: m.userId })).json();
    expect(card).toMatchObject({ withdrawn: true, nickName: '', counts: { posts: 0, gallery: 0, market: 0, comments: 0, museum: 0 } });
    for (const tab of ['posts', 'comments', 'market']) expect((await post(t, `/api/space/${tab}`, { userId: m.userId, page: 1 })).json().items).toEqual([]);
    expect((await post(t, '/api/gallery/list', { userId: m.userId, page: 1 })).json().items).toEqual([]);
  });

  it("keeps a suspended member's gallery and museum listed, as the counts on their card say", async () => {
    const m = await member(t);
    const key = await createGallery(t, m.cookie);
    await post(t, '/api/museum/save', { exhibits: [{ galleryKey: key, note: '' }] }, m.cookie);
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.no, m.no));
    const card = (await post(t, '/api/space/info', { userId: m.userId })).json();
    expect(card.counts).toMatchObject({ gallery: 1, museum: 1 });
    expect((await post(t, '/api/gallery/list', { userId: m.userId, page: 1 })).json().items.map((i: { galleryKey: number }) => i.galleryKey)).toEqual([key]);
    expect((await post(t, '/api/museum/list', { userId: m.userId, page: 1 })).json().total).toBe(1);
  });

  it('refuses bad input and an unknown member', async () => {
    const res = await post(t, '/api/space/info', { userId: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('회원을 찾을 수 없습니다.');
    const missing = await post(t, '/api/space/info', { userId: 'nobody_here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('forward:회원을 찾을 수 없습니다.');
    expect((await post(t, '/api/space/posts', { userId: 'x', page: -1 })).statusCode).toBe(400);
  });
});

describe('space tabs respect read levels', () => {
  it('leaves out posts and comments on a board the caller may not read, and hidden boards from the posts tab', async () => {
    const m = await member(t);
    const open = await createPost(t, m.cookie, { subject: '공개 글' });
    const closed = await createPost(t, m.cookie, { boardId: 'free', subject: '닫힌 글' });
    // Move the second post to a members-only board made for this test.
    const boardId = `closed${Date.now() % 100000}`;
    await t.database.db.insert(boards).values({ id: boardId, name: '회원 전용', readLevel: 1 });
    await t.database.db.insert(boardCategories).values({ boardId, code: 'c1', name: '일반' });
    await t.database.db.update(posts).set({ boardId }).where(eq(posts.key, closed));
    await setBoard(t, boardId, { readLevel: 1 });
    await post(t, '/api/comment/save', { boardId, key: closed, content: '비밀 댓글' }, m.cookie);
    await post(t, '/api/comment/save', { boardId: 'free', key: open, content: '공개 댓글' }, m.cookie);
    await createGallery(t, m.cookie, { title: '갤러리 글' });

    const visitor = (await post(t, '/api/space/posts', { userId: m.userId, page: 1 })).json();
    expect(visitor.items.map((p: { subject: string }) => p.subject)).toEqual(['공개 글']);
    const visitorComments = (await post(t, '/api/space/comments', { userId: m.userId, page: 1 })).json();
    expect(visitorComments.items.map((c: { excerpt: string }) => c.excerpt)).toEqual(['공개 댓글']);
    expect(visitorComments.items[0]).toMatchObject({ boardId: 'free', postKey: open, postSubject: '공개 글' });
    expect((await post(t, '/api/space/info', { userId: m.userId })).json().counts).toMatchObject({ posts: 1, comments: 1, gallery: 1 });

    const reader = await member(t);
    const asMember = (await post(t, '/api/space/posts', { userId: m.userId, page: 1 }, reader.cookie)).json();
    expect(asMember.items.map((p: { subject: string }) => p.subject)).toEqual(['닫힌 글', '공개 글']);
    expect((await post(t, '/api/space/comments', { userId: m.userId, page: 1 }, reader.cookie)).json().total).toBe(2);
    const admin = await adminCookie(t);
    expect((await post(t, '/api/space/posts', { userId: m.userId, page: 1 }, admin)).json().total).toBe(2);
  });

  it("lists a seller's market items, every status", async () => {
    const s = await seller(t);
    const key = await createItem(t, s, { subject: '니콘 FM2 팝니다' });
    const res = (await post(t, '/api/space/market', { userId: s.userId, page: 1 })).json();
    expect(res).toMatchObject({ total: 1, pageSize: 20 });
    expect(res.items[0]).toMatchObject({ key, subject: '니콘 FM2 팝니다', seller: { userId: s.userId } });
  });
});
