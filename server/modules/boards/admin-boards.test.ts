// Admin board calls: who may call them, the list, create/edit (address, levels, categories),
// delete, order, category merge (no post lost, lists right), notice-only and hidden boards,
// per-board points, and the audit record every write leaves.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, boardCategories, boards, levels, menus, posts, programs, users } from '../../db/schema/index.js';
import { adminCookie, createPost, member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { scopeChunks } from '../posts/page-chunks.js';

let t: TestApp;
let admin: string;
let m: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  m = await member(t);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const call = (url: string, body: object, cookie?: string) => post(t, `/api/admin/board/${url}`, body, cookie);
const lastAudit = async (key: string) =>
  (await db().select().from(adminAudit).where(and(eq(adminAudit.targetKind, 'board'), eq(adminAudit.targetKey, key))).orderBy(desc(adminAudit.id)).limit(1))[0];
const levelCount = async () => Number((await db().select({ n: sql<number>`count(*)::int` }).from(levels))[0]!.n);

let serial = 0;
const board = (over: object = {}) => ({
  id: `b${++serial}-test`,
  name: `테스트 게시판 ${serial}`,
  readLevel: 0,
  writeLevel: 1,
  commentLevel: 1,
  categories: [{ name: '사진' }, { name: '질문' }],
  ...over,
});
async function create(over: object = {}) {
  const body = board(over);
  const res = await call('save', body, admin);
  if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
  return body.id;
}
const categories = (id: string) => db().select().from(boardCategories).where(eq(boardCategories.boardId, id)).orderBy(boardCategories.sort);

describe('who may call', () => {
  const calls: Array<[string, object]> = [
    ['list', { page: 1 }],
    ['save', board()],
    ['delete', { id: 'free' }],
    ['order', { ids: ['free'] }],
    ['category-merge', { boardId: 'free', from: 'c1', into: 'c2' }],
  ];
  it.each(calls)('%s: visitor 401, member 403', async (url, body) => {
    expect((await call(url, body)).statusCode).toBe(401);
    expect((await call(url, body, m.cookie)).statusCode).toBe(403);
    // Refused before the body is checked: no field rules for non-admins.
    expect((await call(url, { id: 'BAD ID', page: -1 })).statusCode).toBe(401);
    expect((await call(url, { id: 'BAD ID', page: -1 }, m.cookie)).statusCode).toBe(403);
  });
});

describe('list', () => {
  it('every board in order, hidden ones too, with counts, categories, levels and defaults', async () => {
    const id = await create({ hidden: true });
    await createPost(t, admin, { boardId: id, category: 'c2' });
    const res = await call('list', { page: 1 }, admin);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.pageSize).toBe(50);
    expect(page.levels.length).toBe(await levelCount());
    expect(page.levels[0].order).toBe(1);
    expect(page.defaultPoints).toEqual({ post: expect.any(Number), comment: expect.any(Number) });
    const row = page.items.find((b: { id: string }) => b.id === id);
    expect(row).toMatchObject({ hidden: true, posts: 1, hasPosts: true });
    expect(row.categories).toEqual([
      { code: 'c1', name: '사진', posts: 0 },
      { code: 'c2', name: '질문', posts: 1 },
    ]);
    const sorts = page.items.map((b: { sort: number }) => b.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('search by name or address', async () => {
    const id = await create({ name: '망원렌즈 이야기' });
    const byName = (await call('list', { page: 1, search: '망원렌즈' }, admin)).json();
    expect(byName.items.map((b: { id: string }) => b.id)).toEqual([id]);
    expect(byName.total).toBe(1);
    const byId = (await call('list', { page: 1, search: id }, admin)).json();
    expect(byId.items.map((b: { id: string }) => b.id)).toEqual([id]);
    expect((await call('list', { page: 1, search: 'x'.repeat(41) }, admin)).statusCode).toBe(400);
  });
});

describe('save', () => {
  it('creates a board with its categories and an audit record; members can post in it', async () => {
    const id = await create({ pointsPost: 7, description: '설명' });
    const [row] = await db().select().from(boards).where(eq(boards.id, id));
    expect(row).toMatchObject({ name: expect.stringContaining('테스트'), pointsPost: 7, pointsComment: null, description: '설명' });
    expect((await categories(id)).map((c) => [c.code, c.name])).toEqual([
      ['c1', '사진'],
      ['c2', '질문'],
    ]);
    const a = await lastAudit(id);
    expect(a).toMatchObject({ action: 'board.create', before: null });
    expect((a!.after as { categories: unknown[] }).categories).toHaveLength(2);
    // Registered as a page, so the menu page offers it.
    const [program] = await db().select().from(programs).where(eq(programs.id, `board-${id}`));
    expect(program).toMatchObject({ url: `/board/${id}/c0/list`, name: row!.name });

    // The member's post earns the board's points, not the community's.
    const before = (await db().select({ p: users.points }).from(users).where(eq(users.no, m.no)))[0]!.p;
    await createPost(t, m.cookie, { boardId: id, category: 'c1' });
    const after = (await db().select({ p: users.points }).from(users).where(eq(users.no, m.no)))[0]!.p;
    expect(after - before).toBe(7);
  });

  it('bad input: address format, duplicate address, levels out of range, no categories', async () => {
    for (const slug of ['A', 'ab_c', 'x', 'a'.repeat(21), '한글']) {
      const res = await call('save', board({ id: slug }), admin);
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().message).toContain('게시판 주소');
    }
    const dup = await call('save', board({ id: 'free' }), admin);
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('이미 쓰고 있는 게시판 주소입니다.');

    const max = await levelCount();
    const high = await call('save', board({ writeLevel: max + 1 }), admin);
    expect(high.statusCode).toBe(400);
    expect(high.json().message).toContain('글쓰기 등급');
    expect((await call('save', board({ readLevel: -1 }), admin)).statusCode).toBe(400);
    expect((await call('save', board({ commentLevel: 0 }), admin)).statusCode).toBe(400);
    expect((await call('save', board({ categories: [] }), admin)).json().message).toBe('분류를 하나 이상 넣어 주세요.');
    expect((await call('save', board({ categories: [{ name: '같음' }, { name: '같음' }] }), admin)).statusCode).toBe(400);
    expect((await call('save', board({ pointsPost: -1 }), admin)).statusCode).toBe(400);
    expect((await call('save', board({ originalId: 'no-such-board' }), admin)).statusCode).toBe(404);
  });

  it('edit: renames, reorders and adds categories; the address changes only while the board is empty', async () => {
    const id = await create();
    const [c1, c2] = await categories(id);
    const moved = `${id}-new`.slice(0, 20);
    // The board was registered as a page when it was made (board-<id>).
    const res = await call('save', board({ originalId: id, id: moved, categories: [{ code: c2!.code, name: '질문답변' }, { code: c1!.code, name: '사진' }, { name: '장비' }] }), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(moved);
    expect(await db().select().from(boards).where(eq(boards.id, id))).toHaveLength(0);
    expect((await categories(moved)).map((c) => [c.code, c.name])).toEqual([
      ['c2', '질문답변'],
      ['c1', '사진'],
      ['c3', '장비'],
    ]);
    expect(await lastAudit(moved)).toMatchObject({ action: 'board.save' });
    // The registered page (and so the menu) follows the board to its new address.
    expect((await db().select({ url: programs.url }).from(programs).where(eq(programs.id, `board-${id}`)))[0]!.url).toBe(`/board/${moved}/c0/list`);
    const menu = (await post(t, '/api/menu/topMenu', {})).json();
    expect(JSON.stringify(menu)).not.toContain(`/board/${id}/`);

    await createPost(t, m.cookie, { boardId: moved, category: 'c3' });
    const fixed = await call('save', board({ originalId: moved, id: 'other-slug', categories: [{ code: 'c1', name: '사진' }] }), admin);
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().message).toBe('글이 있는 게시판의 주소는 바꿀 수 없습니다.');

    // A category holding posts is not dropped by a save; an empty one is.
    const drop = await call('save', board({ originalId: moved, id: moved, categories: [{ code: 'c1', name: '사진' }, { code: 'c2', name: '질문답변' }] }), admin);
    expect(drop.statusCode).toBe(400);
    expect(drop.json().message).toContain('합쳐');
    const ok = await call('save', board({ originalId: moved, id: moved, categories: [{ code: 'c3', name: '장비' }] }), admin);
    expect(ok.statusCode).toBe(200);
    expect((await categories(moved)).map((c) => c.code)).toEqual(['c3']);
    // A new category never takes a code a post still names.
    await call('save', board({ originalId: moved, id: moved, categories: [{ code: 'c3', name: '장비' }, { name: '새 분류' }] }), admin);
    expect((await categories(moved)).map((c) => c.code)).toEqual(['c3', 'c4']);
    expect((await call('save', board({ originalId: moved, id: moved, categories: [{ code: 'c9', name: '없음' }] }), admin)).statusCode).toBe(400);
  });
});

describe('delete and order', () => {
  it('deletes an empty board; a board with posts gets 409', async () => {
    const empty = await create();
    const res = await call('delete', { id: empty }, admin);
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(boards).where(eq(boards.id, empty))).toHaveLength(0);
    expect(await categories(empty)).toHaveLength(0);
    expect(await lastAudit(empty)).toMatchObject({ action: 'board.delete', after: null });

    const full = await create();
    const key = await createPost(t, m.cookie, { boardId: full });
    expect((await post(t, '/api/board/delete', { boardId: full, key }, m.cookie)).statusCode).toBe(200);
    const refused = await call('delete', { id: full }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('글이 있는 게시판은 삭제할 수 없습니다. 숨기기를 사용하세요.');
    expect((await call('delete', { id: 'no-such-board' }, admin)).statusCode).toBe(404);
    expect((await call('delete', { id: 'BAD ID' }, admin)).statusCode).toBe(400);
  });

  it('reorders the listed boards among the places they hold', async () => {
    const a = await create();
    const b = await create();
    const order = async () => (await db().select({ id: boards.id }).from(boards).orderBy(boards.sort)).map((r) => r.id);
    const before = await order();
    expect((await call('order', { ids: [b, a] }, admin)).statusCode).toBe(200);
    const after = await order();
    expect(after.indexOf(b)).toBeLessThan(after.indexOf(a));
    expect(after.filter((id) => id !== a && id !== b)).toEqual(before.filter((id) => id !== a && id !== b));
    const sorts = (await db().select({ s: boards.sort }).from(boards).orderBy(boards.sort)).map((r) => r.s);
    expect(sorts).toEqual(sorts.map((_, i) => i + 1));
    expect(await lastAudit('*')).toMatchObject({ action: 'board.order' });
    expect((await call('order', { ids: [a, 'no-such-board'] }, admin)).statusCode).toBe(409);
    expect((await call('order', { ids: [a, a] }, admin)).statusCode).toBe(400);
    expect((await call('order', { ids: [] }, admin)).statusCode).toBe(400);
  });
});

describe('category merge', () => {
  it('moves every post (deleted ones too) and keeps the lists right', async () => {
    const id = await create({ categories: [{ name: '가' }, { name: '나' }, { name: '다' }] });
    for (let i = 0; i < 3; i++) await createPost(t, m.cookie, { boardId: id, category: 'c1', subject: `가 ${i}` });
    for (let i = 0; i < 2; i++) await createPost(t, m.cookie, { boardId: id, category: 'c2', subject: `나 ${i}` });
    const gone = await createPost(t, m.cookie, { boardId: id, category: 'c1' });
    expect((await post(t, '/api/board/delete', { boardId: id, key: gone }, m.cookie)).statusCode).toBe(200);
    const count = async () => Number((await db().select({ n: sql<number>`count(*)::int` }).from(posts).where(eq(posts.boardId, id)))[0]!.n);
    const before = await count();
    // Read the lists first so a cached answer would show if it were kept.
    expect((await post(t, '/api/board/list', { boardId: id, category: 'c2', page: 1 }, m.cookie)).json().total).toBe(2);

    const res = await call('category-merge', { boardId: id, from: 'c1', into: 'c2' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().moved).toBe(4);
    expect(await count()).toBe(before);
    expect(await db().select().from(posts).where(and(eq(posts.boardId, id), eq(posts.category, 'c1')))).toHaveLength(0);
    expect((await categories(id)).map((c) => [c.code, c.sort])).toEqual([
      ['c2', 1],
      ['c3', 2],
    ]);
    const list = (await post(t, '/api/board/list', { boardId: id, category: 'c2', page: 1 }, m.cookie)).json();
    expect(list.total).toBe(5);
    expect(list.items).toHaveLength(5);
    expect((await post(t, '/api/board/list', { boardId: id, category: 'c0', page: 1 }, m.cookie)).json().total).toBe(5);
    expect(await scopeChunks(db(), id, 'c1')).toHaveLength(0);
    expect((await post(t, '/api/board/info', { boardId: id }, m.cookie)).json().categories.map((c: { code: string }) => c.code)).toEqual(['c2', 'c3']);
    const a = await lastAudit(id);
    expect(a).toMatchObject({ action: 'board.categoryMerge' });
    expect((a!.after as { merged: object }).merged).toEqual({ from: '가', into: '나', posts: 4 });
  });

  it('bad input', async () => {
    const id = await create();
    expect((await call('category-merge', { boardId: id, from: 'c1', into: 'c1' }, admin)).statusCode).toBe(400);
    expect((await call('category-merge', { boardId: id, from: 'c1', into: 'c9' }, admin)).statusCode).toBe(404);
    expect((await call('category-merge', { boardId: 'no-such-board', from: 'c1', into: 'c2' }, admin)).statusCode).toBe(404);
    expect((await call('category-merge', { boardId: id, from: 'x1', into: 'c2' }, admin)).statusCode).toBe(400);
  });
});

describe('board rules follow the admin at once', () => {
  it('notice-only: a member cannot post, an admin post is a notice', async () => {
    const id = await create({ noticeOnly: true });
    const refused = await post(t, '/api/board/save', { boardId: id, category: 'c1', subject: '제목', content: '<p>내용</p>' }, m.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await post(t, '/api/board/info', { boardId: id }, m.cookie)).json().abilities.canWrite).toBe(false);
    const key = await createPost(t, admin, { boardId: id });
    expect((await db().select({ notice: posts.notice }).from(posts).where(eq(posts.key, key)))[0]!.notice).toBe(true);
  });

  it('hidden: left out of /api/all/list, still open at its address', async () => {
    const id = await create();
    const key = await createPost(t, m.cookie, { boardId: id });
    const keys = async () => (await post(t, '/api/all/list', { page: 1 }, m.cookie)).json().items.map((i: { key: number }) => i.key);
    expect(await keys()).toContain(key);
    const [row] = await db().select().from(boards).where(eq(boards.id, id));
    const cats = await categories(id);
    const res = await call('save', { ...board(), ...row, originalId: id, id, hidden: true, categories: cats.map((c) => ({ code: c.code, name: c.name })) }, admin);
    expect(res.statusCode).toBe(200);
    expect(await keys()).not.toContain(key);
    expect((await post(t, '/api/board/list', { boardId: id, category: 'c0', page: 1 }, m.cookie)).statusCode).toBe(200);
  });

  it('hidden: its menu entry leaves the top menu at once, and comes back when shown again', async () => {
    const id = await create();
    await db().insert(programs).values({ id: `p-${id}`, name: '숨길 게시판', url: `/board/${id}/c0/list` });
    await db().insert(menus).values({ sort: 999, groupYn: 'N', programId: `p-${id}`, shortKey: '', icon: '' });
    const inMenu = async () => ((await post(t, '/api/menu/topMenu')).json() as Array<{ url: string }>).some((e) => e.url === `/board/${id}/c0/list`);
    const setHidden = async (hidden: boolean) => {
      const [row] = await db().select().from(boards).where(eq(boards.id, id));
      const cats = await categories(id);
      const res = await call('save', { ...board(), ...row, originalId: id, id, hidden, categories: cats.map((c) => ({ code: c.code, name: c.name })) }, admin);
      expect(res.statusCode).toBe(200);
    };
    await setHidden(false);
    expect(await inMenu()).toBe(true);
    await setHidden(true);
    expect(await inMenu()).toBe(false);
    await setHidden(false);
    expect(await inMenu()).toBe(true);
  });

  it('per-board comment points', async () => {
    const id = await create({ pointsComment: 0 });
    const key = await createPost(t, admin, { boardId: id });
    const before = (await db().select({ p: users.points }).from(users).where(eq(users.no, m.no)))[0]!.p;
    expect((await post(t, '/api/comment/save', { boardId: id, key, content: '댓글' }, m.cookie)).statusCode).toBe(200);
    const after = (await db().select({ p: users.points }).from(users).where(eq(users.no, m.no)))[0]!.p;
    expect(after).toBe(before);
  });
});
