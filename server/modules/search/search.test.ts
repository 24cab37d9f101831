// /api/search (decision 47): every kind found by a two-character Korean word, grouped with counts;
// what the reader may not read never found; the cap; one kind's pages; bad input.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteSearchResult, type SearchGroup } from '../../../common/api/search.js';
import { boardCategories, boards, posts, users } from '../../db/schema/index.js';
import { forgetBoards } from '../posts/board-rules.js';
import { productsChanged } from '../products/product-index.js';
import { adminCookie, createPost, member, setBoard } from '../../test/boards.js';
import { createGallery } from '../../test/gallery.js';
import { createUser, login, post, testApp, type TestApp } from '../../test/harness.js';
import { createItem, createProduct, seller, type TestMember } from '../../test/market.js';

let t: TestApp;
let admin: string;
let writer: TestMember;
let reader: TestMember;
let senior: TestMember;

beforeAll(async () => {
  // At most 20 hits counted, so the cap shows with a few posts.
  t = await testApp({ RATE_LIMIT: 'false', SEARCH_MATCH_CAP: '20' });
  admin = await adminCookie(t);
  writer = await seller(t);
  reader = await member(t);
  // The third level (1,000 points), which may read the staff room below.
  const s = await createUser(t);
  await t.database.db
    .update(users)
    .set({ points: 1_000, levelId: sql`(select id from levels where min_points = 1000)` })
    .where(eq(users.no, s.no));
  senior = { ...s, cookie: await login(t, s.userId, s.password) };
  // A board only the third level and up may read, and a board left out of the lists across boards.
  await t.database.db.insert(boards).values([
    { id: 'staffroom', name: '운영진 회의실', readLevel: 3 },
    { id: 'archive', name: '보관함', hidden: true },
  ]);
  await t.database.db.insert(boardCategories).values([
    { boardId: 'staffroom', code: 'c1', name: '회의', sort: 1 },
    { boardId: 'archive', code: 'c1', name: '보관', sort: 1 },
  ]);
  forgetBoards(t.database.db);
});
afterAll(() => t?.close());

const search = async (body: unknown, cookie?: string) => {
  const res = await post(t, '/api/search', body, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return SiteSearchResult.strict().parse(res.json());
};
const group = (r: { groups: SearchGroup[] }, kind: SearchGroup['kind']) => r.groups.find((g) => g.kind === kind);
const titles = (g: SearchGroup | undefined) => (g?.items ?? []).map((i) => i.title);

describe('a two-character Korean word', () => {
  it('is found in posts, market items, gallery items, nicknames and products, grouped by kind with counts', async () => {
    const postKey = await createPost(t, writer.cookie, { subject: '아침 윤슬 사진', content: '<p>강가에서</p>' });
    // In the body only: the body is searched too.
    const bodyKey = await createPost(t, writer.cookie, { subject: '강가 산책', content: '<p>반짝이는 윤슬이 좋았습니다</p>' });
    const itemKey = await createItem(t, writer, { subject: '윤슬 담기 좋은 렌즈 팝니다', price: 250_000 });
    const galleryKey = await createGallery(t, writer.cookie, { title: '한강 윤슬' });
    const nick = await createUser(t, { nickName: '윤슬담기' });
    const product = await createProduct(t, { brand: 'Nikon', name: 'Z Yunseul', nameKo: '니콘 윤슬' });
    productsChanged(t.database.db);

    const r = await search({ q: '윤슬' });
    expect(r.q).toBe('윤슬');
    expect(r.groups.map((g) => g.kind)).toEqual(['post', 'market', 'gallery', 'member', 'product']);

    const posts_ = group(r, 'post')!;
    expect([posts_.total, posts_.capped, posts_.page, posts_.pageSize]).toEqual([2, false, 1, 5]);
    expect(posts_.items.map((i) => i.key)).toEqual([String(bodyKey), String(postKey)]);
    expect(posts_.items[1]).toMatchObject({ title: '아침 윤슬 사진', href: `/board/free/view/${postKey}`, boardId: 'free', author: { userId: writer.userId } });
    expect(posts_.items[1]!.place).toContain('자유게시판');

    const market = group(r, 'market')!;
    expect(market.total).toBe(1);
    expect(market.items[0]).toMatchObject({ key: String(itemKey), href: `/market/view/${itemKey}`, price: 250_000, status: 'selling', author: { userId: writer.userId } });

    const gallery = group(r, 'gallery')!;
    expect(gallery.total).toBe(1);
    expect(gallery.items[0]).toMatchObject({ key: String(galleryKey), title: '한강 윤슬', href: `/gallery/view/${galleryKey}` });
    expect(gallery.items[0]!.thumbUrl).toMatch(/^\/api\/file\/down\//);

    const members = group(r, 'member')!;
    expect(members.items).toEqual([expect.objectContaining({ key: nick.userId, title: '윤슬담기', href: `/space/${nick.userId}` })]);

    const products = group(r, 'product')!;
    expect(products.items.map((i) => i.key)).toEqual([product.key]);
    expect(products.items[0]).toMatchObject({ title: `Nikon Z Yunseul`, href: `/info/view/${product.key}` });
  });

  it('finds a longer word and a phrase as the board search finds them, and no post without the phrase', async () => {
    const both = await createPost(t, writer.cookie, { subject: '새벽 물안개 호수', content: '<p>고요한 새벽</p>' });
    await createPost(t, writer.cookie, { subject: '물 위의 안개', content: '<p>호수</p>' });
    expect(group(await search({ q: '물안개 호수', kind: 'post' }), 'post')!.items.map((i) => i.key)).toEqual([String(both)]);
    expect(group(await search({ q: '물안개', kind: 'post' }), 'post')!.items.map((i) => i.key)).toEqual([String(both)]);
    const board = (await post(t, '/api/board/list', { boardId: 'free', search: '물안개 호수' })).json().items.map((i: { key: number }) => String(i.key));
    expect(board).toEqual([String(both)]);
  });

  it('shows a new post at once: a write drops the kept answer', async () => {
    expect(group(await search({ q: '억새' }), 'post')!.total).toBe(0);
    const key = await createPost(t, writer.cookie, { subject: '억새 밭' });
    expect(group(await search({ q: '억새' }), 'post')!.items.map((i) => i.key)).toEqual([String(key)]);
  });
});

describe('what the reader may not read', () => {
  it('leaves out a board above the reader\'s level for a visitor and a low member, not for a member of that level or an administrator', async () => {
    const res = await post(t, '/api/board/save', { boardId: 'staffroom', category: 'c1', subject: '운영 회의 단풍 일정', content: '<p>회의</p>' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const key = String(res.json().key);
    for (const cookie of [undefined, reader.cookie]) expect(group(await search({ q: '단풍' }, cookie), 'post')!.items.map((i) => i.key)).not.toContain(key);
    for (const cookie of [senior.cookie, admin]) expect(group(await search({ q: '단풍' }, cookie), 'post')!.items.map((i) => i.key)).toContain(key);
  });

  it('leaves out hidden boards, posts hidden after a report and secret posts, for everyone', async () => {
    const archived = await post(t, '/api/board/save', { boardId: 'archive', category: 'c1', subject: '철새 도래지 보관', content: '<p>옛 글</p>' }, admin);
    expect(archived.statusCode, archived.body).toBe(200);
    const hidden = await createPost(t, writer.cookie, { subject: '철새 무리 숨김' });
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, hidden));
    await setBoard(t, 'free', { secretPosts: 'allowed' });
    const secret = await createPost(t, writer.cookie, { subject: '철새 비밀 모임', secret: true });
    const shown = await createPost(t, writer.cookie, { subject: '철새 사진' });
    for (const cookie of [undefined, reader.cookie, writer.cookie, admin]) {
      const keys = group(await search({ q: '철새' }, cookie), 'post')!.items.map((i) => i.key);
      expect(keys).toEqual([String(shown)]);
      expect(keys).not.toContain(String(secret));
    }
  });

  it('leaves out the market for a visitor when it is for members only, and refuses its page', async () => {
    await createItem(t, writer, { subject: '구름 필터 팝니다' });
    await setBoard(t, 'market', { readLevel: 1 });
    try {
      const visitor = await search({ q: '구름' });
      expect(visitor.groups.map((g) => g.kind)).toEqual(['post', 'gallery', 'member', 'product']);
      const refused = await post(t, '/api/search', { q: '구름', kind: 'market' });
      expect([refused.statusCode, refused.json().message]).toEqual([403, 'forward:이 게시판을 읽을 권한이 없습니다.']);
      expect(group(await search({ q: '구름' }, reader.cookie), 'market')!.total).toBe(1);
    } finally {
      await setBoard(t, 'market', { readLevel: 0 });
    }
  });
});

describe('members', () => {
  it('finds active members by any part of the nickname, the exact name first; withdrawn and suspended ones never', async () => {
    const a = await createUser(t, { nickName: '나의노을' });
    const b = await createUser(t, { nickName: '노을' });
    const c = await createUser(t, { nickName: '노을빛사진' });
    const gone = await createUser(t, { nickName: '노을지기' });
    await t.database.db.update(users).set({ status: 'withdrawn' }).where(eq(users.no, gone.no));
    const away = await createUser(t, { nickName: '노을바다' });
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.no, away.no));
    const g = group(await search({ q: '노을', kind: 'member' }, reader.cookie), 'member')!;
    expect(g.items.map((i) => i.key)).toEqual([b.userId, c.userId, a.userId]);
    expect(g.total).toBe(3);
    // Latin letters whatever their case.
    await createUser(t, { nickName: 'SunsetKim' });
    expect(titles(group(await search({ q: 'sunset', kind: 'member' }), 'member'))).toEqual(['SunsetKim']);
  });
});

describe('one kind, paged, and the cap', () => {
  it('counts at most the cap ("20건 이상") and pages one kind by 20', async () => {
    for (let i = 1; i <= 22; i++) await createPost(t, writer.cookie, { subject: `은하수 ${i}` });
    const overview = group(await search({ q: '은하수' }), 'post')!;
    expect([overview.total, overview.capped, overview.items.length]).toEqual([20, true, 5]);
    expect(titles(overview)).toEqual(['은하수 22', '은하수 21', '은하수 20', '은하수 19', '은하수 18']);
    const first = await search({ q: '은하수', kind: 'post' });
    expect(first.groups.map((g) => g.kind)).toEqual(['post']);
    expect([first.groups[0]!.items.length, first.groups[0]!.pageSize, first.groups[0]!.capped]).toEqual([20, 20, true]);
    expect(group(await search({ q: '은하수', kind: 'post', page: 2 }), 'post')!.items).toEqual([]);
  });
});

describe('bad input', () => {
  const refused = async (body: unknown, message: string) => {
    const res = await post(t, '/api/search', body);
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
  };
  it('answers each with a Korean message', async () => {
    await refused({}, '검색어를 입력해 주세요.');
    await refused({ q: '   ' }, '검색어를 입력해 주세요.');
    await refused({ q: '가'.repeat(51) }, '검색어는 50자까지 입력할 수 있습니다.');
    await refused({ q: 12 }, '검색어를 입력해 주세요.');
    await refused({ q: '노을', kind: 'comment' }, '검색할 종류를 확인해 주세요.');
    await refused({ q: '노을', page: 0 }, '페이지 번호를 확인해 주세요.');
    await refused({ q: '노을', page: '2' }, '페이지 번호를 확인해 주세요.');
  });

  it('finds nothing, not an error, for punctuation alone', async () => {
    const r = await search({ q: '%_' });
    expect(group(r, 'post')!.total).toBe(0);
    expect(group(r, 'member')!.total).toBe(0);
  });
});
