// Board calls: info, list, view, save, delete, recommend, summary, all/list, all/topic.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardInfo, PostPage, PostView } from '../../../common/api/boards.js';
import { files, pointLedger, posts, users } from '../../db/schema/index.js';
import { forgetRanks } from '../../lib/activity-rank.js';
import { adminCookie, createPost, member, READER_POST_ABILITIES, setBoard, uploadedFile, viewFreePost, VISITOR_POST_ABILITIES } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<typeof member>>;
let a: Member;
let b: Member;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  a = await member(t);
  b = await member(t);
});
afterAll(() => t.close());

const points = async (no: number) =>
  (await t.database.db.select({ p: users.points }).from(users).where(eq(users.no, no)))[0]!.p;
const view = (key: number, cookie?: string, headers: Record<string, string> = {}) => viewFreePost(t, key, cookie, headers);
const FORWARD_NO_READ = 'forward:이 게시판을 읽을 권한이 없습니다.';

describe('/api/board/info', () => {
  it('gives the board, its categories and what a visitor, a member and an admin may do', async () => {
    const visitor = await post(t, '/api/board/info', { boardId: 'free' });
    expect(visitor.statusCode).toBe(200);
    const info = BoardInfo.strict().parse(visitor.json());
    expect(info).toMatchObject({ id: 'free', name: '자유게시판' });
    expect(info.categories.map((c) => c.code)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(info.abilities).toEqual({ canRead: true, canWrite: false, canComment: false, canManage: false });
    expect((await post(t, '/api/board/info', { boardId: 'free' }, a.cookie)).json().abilities).toEqual({
      canRead: true,
      canWrite: true,
      canComment: true,
      canManage: false,
    });
    expect((await post(t, '/api/board/info', { boardId: 'notice' }, a.cookie)).json().abilities.canWrite).toBe(false);
    expect((await post(t, '/api/board/info', { boardId: 'notice' }, admin)).json().abilities).toEqual({
      canRead: true,
      canWrite: true,
      canComment: true,
      canManage: true,
    });
  });

  it('refuses unknown and malformed boards in Korean', async () => {
    const unknown = await post(t, '/api/board/info', { boardId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('forward:게시판을 찾을 수 없습니다.');
    const bad = await post(t, '/api/board/info', { boardId: '../etc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('게시판을 찾을 수 없습니다.');
  });
});

describe('/api/board/save', () => {
  it('creates a post, earns the post points and shows it in the list and the view', async () => {
    const before = await points(a.no);
    const res = await post(t, '/api/board/save', { boardId: 'free', category: 'c2', subject: ' 질문 있습니다 ', content: '<p>안녕하세요</p>' }, a.cookie);
    expect(res.statusCode).toBe(200);
    const key = res.json().key as number;
    expect(await points(a.no)).toBe(before + 10);
    const ledger = await t.database.db.select().from(pointLedger).where(eq(pointLedger.userNo, a.no));
    expect(ledger.at(-1)).toMatchObject({ amount: 10, reason: '글 작성 (자유게시판)' });

    const v = PostView.strict().parse((await view(key, a.cookie)).json());
    expect(v).toMatchObject({ key, subject: '질문 있습니다', category: 'c2', categoryName: '질문', boardName: '자유게시판' });
    // The author's star is the same activity rank the session reports to the member.
    const session = (await post(t, '/api/session/info', {}, a.cookie)).json();
    expect(v.author).toEqual({ userId: a.userId, nickName: a.nickName, levelKey: session.levelKey });
    expect(v.contentHtml).toBe('<p>안녕하세요</p>');
    expect(v.abilities).toMatchObject({ canEdit: true, canDelete: true, canRecommend: false });
  });

  it('sanitises what is stored and shown', async () => {
    const key = await createPost(t, a.cookie, {
      content: '<p onclick="x()">hi<script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a></p>',
    });
    const [row] = await t.database.db.select({ content: posts.content }).from(posts).where(eq(posts.key, key));
    for (const html of [row!.content, (await view(key)).json().contentHtml as string]) {
      expect(html).not.toMatch(/script|onerror|onclick|javascript:/i);
      expect(html).toContain('link');
    }
  });

  it('refuses bad input with the first rule broken, in Korean', async () => {
    const cases: Array<[object, string]> = [
      [{ subject: '' }, '제목은 필수 입력 항목입니다.'],
      [{ subject: '가'.repeat(201) }, '제목은 최대 200자까지 입력할 수 있습니다.'],
      [{ content: '<p> &nbsp; </p>' }, '내용은 필수 입력 항목입니다.'],
      [{ content: '<script>alert(1)</script>' }, '내용은 필수 입력 항목입니다.'],
      [{ content: 'x'.repeat(1024 * 1024 + 1) }, '내용은 최대 1MB까지 입력할 수 있습니다.'],
      [{ category: 'c9' }, '분류를 찾을 수 없습니다.'],
      [{ category: 'c0' }, '분류를 찾을 수 없습니다.'],
      [{ category: 'x' }, '분류를 찾을 수 없습니다.'],
    ];
    for (const [over, message] of cases) {
      const res = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '제목', content: '<p>내용</p>', ...over }, a.cookie);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('needs a login', async () => {
    const res = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '제목', content: '<p>내용</p>' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('로그인이 필요합니다.');
  });

  it('lets only administrators write on admin-only boards and pin notices', async () => {
    const onNotice = await post(t, '/api/board/save', { boardId: 'notice', category: 'c1', subject: '공지', content: '<p>x</p>' }, a.cookie);
    expect(onNotice.statusCode).toBe(403);
    expect(onNotice.json().message).toBe('이 게시판에 글을 쓸 권한이 없습니다.');
    const pin = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '공지', content: '<p>x</p>', notice: true }, a.cookie);
    expect(pin.statusCode).toBe(403);
    expect(pin.json().message).toBe('공지는 관리자만 지정할 수 있습니다.');
    expect((await post(t, '/api/board/save', { boardId: 'notice', category: 'c1', subject: '공지', content: '<p>x</p>', notice: true }, admin)).statusCode).toBe(200);
  });

  it('refuses a member whose level is below the board’s writing level', async () => {
    await setBoard(t, 'free', { writeLevel: 2 });
    try {
      const res = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '제목', content: '<p>내용</p>' }, a.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('이 게시판에 글을 쓸 권한이 없습니다.');
      expect((await post(t, '/api/board/info', { boardId: 'free' }, a.cookie)).json().abilities.canWrite).toBe(false);
      // Reaching the next level (100 points) opens it.
      await t.database.db.execute(sql`update users set points = 150, level_id = (select id from levels where min_points = 100) where no = ${b.no}`);
      expect((await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '제목', content: '<p>내용</p>' }, b.cookie)).statusCode).toBe(200);
      expect((await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '제목', content: '<p>내용</p>' }, admin)).statusCode).toBe(200);
    } finally {
      await setBoard(t, 'free', { writeLevel: 1 });
    }
  });

  it('edits: the author and an admin may, another member may not; the author stays', async () => {
    const key = await createPost(t, a.cookie, { subject: '원래 제목' });
    const edit = (cookie: string, subject: string) =>
      post(t, '/api/board/save', { boardId: 'free', category: 'c3', key, subject, content: '<p>고침</p>' }, cookie);
    const other = await edit(b.cookie, '남의 글');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('글쓴이와 관리자만 고칠 수 있습니다.');
    expect((await edit(a.cookie, '고친 제목')).json()).toEqual({ key });
    expect((await view(key)).json()).toMatchObject({ subject: '고친 제목', category: 'c3', contentHtml: '<p>고침</p>' });
    expect((await edit(admin, '관리자가 고침')).statusCode).toBe(200);
    const v = (await view(key)).json();
    expect(v.subject).toBe('관리자가 고침');
    expect(v.author.userId).toBe(a.userId);
    // Editing does not earn points again.
    const before = await points(a.no);
    await edit(a.cookie, '또 고침');
    expect(await points(a.no)).toBe(before);
  });

  it('refuses to edit a deleted post, a missing one or move one to another board', async () => {
    const key = await createPost(t, a.cookie);
    const moved = await post(t, '/api/board/save', { boardId: 'notice', category: 'c1', key, subject: 'x', content: '<p>x</p>' }, admin);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe('다른 게시판의 글은 옮길 수 없습니다.');
    await post(t, '/api/board/delete', { boardId: 'free', key }, a.cookie);
    const gone = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', key, subject: 'x', content: '<p>x</p>' }, a.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('삭제된 글입니다.');
    const missing = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', key: 999_999, subject: 'x', content: '<p>x</p>' }, a.cookie);
    expect(missing.statusCode).toBe(404);
  });

  it('attaches the member’s uploads in order as file0, file1 … and renders the references', async () => {
    const photo = await uploadedFile(t, a.no, { name: '풍경.jpg' });
    const doc = await uploadedFile(t, a.no, { name: 'notes.pdf', image: false, mime: 'application/pdf' });
    const key = await createPost(t, a.cookie, { content: '<p>사진<img src="file0"></p>', files: [photo, doc] });
    const v = (await view(key)).json() as PostView;
    expect(v.files).toEqual([
      { fileKey: photo, name: '풍경.jpg', size: 1234, image: true, url: `/api/file/down/${photo}/${encodeURIComponent('풍경.jpg')}`, thumbUrl: `/api/file/down/${photo}/thumb` },
      { fileKey: doc, name: 'notes.pdf', size: 1234, image: false, url: `/api/file/down/${doc}/notes.pdf`, thumbUrl: null },
    ]);
    expect(v.contentHtml).toContain(`src="/api/file/down/${photo}/${encodeURIComponent('풍경.jpg')}"`);
    expect(v).toMatchObject({ hasImage: true, hasFile: true });
    const rows = await t.database.db.select({ key: files.key, postKey: files.postKey, sort: files.sort }).from(files).where(eq(files.postKey, key));
    expect(rows.sort((x, y) => x.sort - y.sort)).toEqual([
      { key: photo, postKey: key, sort: 0 },
      { key: doc, postKey: key, sort: 1 },
    ]);

    // Editing keeps, reorders or lets go of attachments.
    await post(t, '/api/board/save', { boardId: 'free', category: 'c1', key, subject: '제목', content: '<p>글만</p>', files: [doc] }, a.cookie);
    const after = (await view(key)).json() as PostView;
    expect(after.files.map((f) => f.fileKey)).toEqual([doc]);
    expect(after).toMatchObject({ hasImage: false, hasFile: true });
    const [freed] = await t.database.db.select({ postKey: files.postKey }).from(files).where(eq(files.key, photo));
    expect(freed!.postKey).toBeNull();
  });

  it('refuses someone else’s upload, a file attached elsewhere, an unknown file and the same file twice', async () => {
    const hers = await uploadedFile(t, b.no);
    const mine = await uploadedFile(t, a.no);
    await createPost(t, a.cookie, { files: [mine] });
    for (const [list, message] of [
      [[hers], '첨부 파일을 찾을 수 없습니다.'],
      [[mine], '첨부 파일을 찾을 수 없습니다.'],
      [['nope'], '첨부 파일을 찾을 수 없습니다.'],
      [[hers, hers], '같은 파일이 두 번 첨부되었습니다.'],
    ] as const) {
      const res = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '제목', content: '<p>내용</p>', files: list }, a.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // Nothing was half written: b's file is still free.
    const [row] = await t.database.db.select({ postKey: files.postKey }).from(files).where(eq(files.key, hers));
    expect(row!.postKey).toBeNull();
  });

  it('limits posting to 10 a minute per member', async () => {
    const limited = await testApp();
    try {
      const u = await member(limited);
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        codes.push((await post(limited, '/api/board/save', { boardId: 'free', category: 'c1', subject: `제목 ${i}`, content: '<p>내용</p>' }, u.cookie)).statusCode);
      }
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(codes[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('/api/board/list', () => {
  let fresh: TestApp;
  let m: Member;
  let adminOfFresh: string;
  beforeAll(async () => {
    fresh = await testApp({ RATE_LIMIT: 'false' });
    m = await member(fresh);
    adminOfFresh = await adminCookie(fresh);
    for (let i = 1; i <= 45; i++) {
      await createPost(fresh, m.cookie, { category: i % 2 ? 'c1' : 'c2', subject: `글 ${i}` });
    }
    await createPost(fresh, adminOfFresh, { subject: '중요 공지', notice: true });
  });
  afterAll(() => fresh.close());

  it('pages 20 at a time, newest first, with notices pinned above page 1', async () => {
    const p1 = PostPage.parse((await post(fresh, '/api/board/list', { boardId: 'free', category: 'c0', page: 1 })).json());
    // 45 + the notice + the default welcome post.
    expect(p1.total).toBe(47);
    expect(p1.pageSize).toBe(20);
    expect(p1.items[0]).toMatchObject({ subject: '중요 공지', notice: true });
    // The pinned notice is not repeated below it on the first page.
    expect(p1.items.filter((i) => i.subject === '중요 공지')).toHaveLength(1);
    expect(p1.items[1]!.subject).toBe('글 45');
    const p3 = PostPage.parse((await post(fresh, '/api/board/list', { boardId: 'free', page: 3 })).json());
    // Page 1 held the notice and 19 others (the notice's own place in the flow is not repeated).
    expect(p3.items.map((i) => i.subject)).toEqual(['글 6', '글 5', '글 4', '글 3', '글 2', '글 1', '첫 글입니다. 반갑습니다!']);
    expect((await post(fresh, '/api/board/list', { boardId: 'free', page: 4 })).json().items).toEqual([]);
  });

  it('ranks every author of the page (levelKey) by points', async () => {
    const top = await member(fresh);
    const second = await member(fresh);
    await fresh.database.db.execute(sql`update users set points = 9000000 where no = ${top.no}`);
    await fresh.database.db.execute(sql`update users set points = 8000000 where no = ${second.no}`);
    // Others' points are read into the node's rank table once a minute: read it now.
    forgetRanks(fresh.database.db);
    const k1 = await createPost(fresh, top.cookie, { subject: '1등' });
    const k2 = await createPost(fresh, second.cookie, { subject: '2등' });
    const items = ((await post(fresh, '/api/board/list', { boardId: 'free' })).json() as PostPage).items;
    expect(items.find((i) => i.key === k1)!.author.levelKey).toBe(1);
    expect(items.find((i) => i.key === k2)!.author.levelKey).toBe(2);
    await post(fresh, '/api/board/delete', { boardId: 'free', key: k1 }, top.cookie);
    await post(fresh, '/api/board/delete', { boardId: 'free', key: k2 }, second.cookie);
  });

  it('filters by category', async () => {
    const c2 = PostPage.parse((await post(fresh, '/api/board/list', { boardId: 'free', category: 'c2' })).json());
    const info = (await post(fresh, '/api/board/info', { boardId: 'free' })).json() as { categories: Array<{ code: string; name: string }> };
    const c2Name = info.categories.find((c) => c.code === 'c2')!.name;
    expect(c2.items.slice(1).every((i) => i.categoryName === c2Name)).toBe(true);
    expect(c2.total).toBe(22);
    const bad = await post(fresh, '/api/board/list', { boardId: 'free', category: 'c7' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe('forward:분류를 찾을 수 없습니다.');
  });

  it('refuses bad pages and overly long searches in Korean', async () => {
    expect((await post(fresh, '/api/board/list', { boardId: 'free', page: 0 })).statusCode).toBe(400);
    const long = await post(fresh, '/api/board/list', { boardId: 'free', search: '가'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('검색어는 50자까지 입력할 수 있습니다.');
  });

  it('forwards a visitor below the reading level to the error page; admins pass', async () => {
    // m has written 45 posts (450 points: the second level); the board asks for the third.
    await setBoard(fresh, 'free', { readLevel: 3 });
    try {
      for (const cookie of [undefined, m.cookie]) {
        const res = await post(fresh, '/api/board/list', { boardId: 'free' }, cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(FORWARD_NO_READ);
      }
      expect((await post(fresh, '/api/board/list', { boardId: 'free' }, adminOfFresh)).statusCode).toBe(200);
      expect((await post(fresh, '/api/board/info', { boardId: 'free' }, m.cookie)).json().abilities.canRead).toBe(false);
    } finally {
      await setBoard(fresh, 'free', { readLevel: 0 });
    }
  });
});

describe('Korean search', () => {
  let s: TestApp;
  let writer: Member;
  const keys: Record<string, number> = {};
  beforeAll(async () => {
    s = await testApp({ RATE_LIMIT: 'false' });
    writer = await member(s, { nickName: '빛담' });
    keys.lens = await createPost(s, writer.cookie, { subject: '새 렌즈를 샀습니다', content: '<p>화질이 <b>아주</b> 좋네요.</p>' });
    keys.colour = await createPost(s, writer.cookie, { subject: '보정 질문', content: '<p>필름 느낌의 색을 내고 싶어요. Canon 사용자입니다.</p>' });
    keys.other = await createPost(s, writer.cookie, { subject: '출사 공지', content: '<p>토요일 한강에서 만나요.</p>' });
  });
  afterAll(() => s.close());

  const search = async (q: string, searchField = 'all', extra: object = {}) => {
    const res = await post(s, '/api/board/list', { boardId: 'free', search: q, searchField, ...extra });
    expect(res.statusCode).toBe(200);
    return (res.json() as PostPage).items.map((i) => i.key);
  };

  it('finds two-character and one-character Korean words', async () => {
    expect(await search('렌즈')).toEqual([keys.lens]);
    expect(await search('색')).toEqual([keys.colour]);
    expect(await search('화질')).toEqual([keys.lens]);
  });

  it('finds words across inline tags, phrases, and ignores case', async () => {
    expect(await search('아주 좋네요')).toEqual([keys.lens]);
    expect(await search('canon')).toEqual([keys.colour]);
    expect(await search('CANON 사용자')).toEqual([keys.colour]);
  });

  it('keeps the fields apart', async () => {
    expect(await search('렌즈', 'subject')).toEqual([keys.lens]);
    expect(await search('렌즈', 'content')).toEqual([]);
    expect(await search('필름', 'subject')).toEqual([]);
    expect(await search('필름', 'content')).toEqual([keys.colour]);
    expect(await search('빛담', 'nickName')).toEqual([keys.other, keys.colour, keys.lens]);
    expect(await search('빛담', 'subject')).toEqual([]);
  });

  it('needs every bigram, then the exact phrase', async () => {
    // Both words occur, but not as this phrase.
    expect(await search('좋네요 화질')).toEqual([]);
    expect(await search('없는말')).toEqual([]);
  });

  it('pages the results and counts them', async () => {
    for (let i = 0; i < 22; i++) await createPost(s, writer.cookie, { subject: `조리개 이야기 ${i}` });
    const p1 = (await post(s, '/api/board/list', { boardId: 'free', search: '조리개' })).json() as PostPage;
    expect(p1.total).toBe(22);
    expect(p1.items).toHaveLength(20);
    const p2 = (await post(s, '/api/board/list', { boardId: 'free', search: '조리개', page: 2 })).json() as PostPage;
    expect(p2.items.map((i) => i.subject)).toEqual(['조리개 이야기 1', '조리개 이야기 0']);
  });

  it('follows edits and leaves deleted posts out', async () => {
    await post(s, '/api/board/save', { boardId: 'free', category: 'c1', key: keys.other, subject: '삼각대 추천', content: '<p>가벼운 것</p>' }, writer.cookie);
    expect(await search('출사')).toEqual([]);
    expect(await search('삼각대')).toEqual([keys.other]);
    await post(s, '/api/board/delete', { boardId: 'free', key: keys.other }, writer.cookie);
    expect(await search('삼각대')).toEqual([]);
  });

  it('uses the bigram index', async () => {
    const plan = (await s.database.db.execute(
      sql`explain select key from posts where search_bigrams @> array['free@0:s:렌즈']::text[]`,
    )) as unknown as { rows: Array<Record<string, string>> };
    await s.database.db.execute(sql`set enable_seqscan = off`);
    const forced = (await s.database.db.execute(
      sql`explain select key from posts where search_bigrams @> array['free@0:s:렌즈']::text[]`,
    )) as unknown as { rows: Array<Record<string, string>> };
    await s.database.db.execute(sql`set enable_seqscan = on`);
    // On a tiny table the planner may scan it; the GIN index must be usable all the same.
    expect(JSON.stringify(plan.rows.concat(forced.rows))).toContain('posts_search_idx');
  });
});

describe('/api/board/view', () => {
  it('counts a view once a day per member and per visitor', async () => {
    const key = await createPost(t, a.cookie);
    expect((await view(key)).json().views).toBe(1); // the visitor (this address and browser) just now
    await view(key, b.cookie);
    await view(key, b.cookie);
    await view(key, undefined, { 'user-agent': 'another browser' });
    await view(key, undefined, { 'user-agent': 'another browser' });
    // A visitor's view comes from memory (its count catches up within 10 s); a member's is read now.
    expect((await view(key, b.cookie)).json().views).toBe(3);
  });

  it('gives prev and next within the board and the abilities of the caller', async () => {
    const k1 = await createPost(t, a.cookie, { subject: '앞 글' });
    const k2 = await createPost(t, a.cookie, { subject: '가운데 글' });
    await createPost(t, a.cookie, { boardId: 'free', subject: '다른 분류', category: 'c4' });
    const v = (await view(k2, b.cookie)).json() as PostView;
    expect(v.prev).toEqual({ key: k1, subject: '앞 글' });
    expect(v.next!.subject).toBe('다른 분류');
    expect(v.abilities).toEqual(READER_POST_ABILITIES);
    expect(((await view(k2)).json() as PostView).abilities).toEqual(VISITOR_POST_ABILITIES);
    expect(((await view(k2, a.cookie)).json() as PostView).abilities).toMatchObject({ canEdit: true, canReport: false, canReadVersions: true, canReadHidden: false });
    expect(((await view(k2, admin)).json() as PostView).abilities).toMatchObject({ canEdit: true, canDelete: true, canReport: true, canReadVersions: true, canReadHidden: true });
  });

  it('opens the site pages for visitors', async () => {
    const res = await post(t, '/api/board/view', { boardId: 'site', key: 6 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ boardId: 'site', subject: 'ABOUT — 찰칵 소개' });
  });

  it('forwards deleted, missing and unreadable posts to the error page', async () => {
    const key = await createPost(t, a.cookie);
    await post(t, '/api/board/delete', { boardId: 'free', key }, a.cookie);
    const deleted = await view(key, a.cookie);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe('forward:삭제된 글입니다.');
    expect((await view(999_999)).json().message).toBe('forward:글을 찾을 수 없습니다.');
    const bad = await post(t, '/api/board/view', { boardId: 'free', key: 'x' });
    expect(bad.statusCode).toBe(400);

    const secret = await createPost(t, a.cookie);
    await setBoard(t, 'free', { readLevel: 3 });
    try {
      for (const cookie of [undefined, b.cookie]) {
        const res = await view(secret, cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(FORWARD_NO_READ);
      }
      expect((await view(secret, admin)).statusCode).toBe(200);
    } finally {
      await setBoard(t, 'free', { readLevel: 0 });
    }
  });
});

describe('/api/board/delete', () => {
  it('lets the author delete (soft), takes back the points and hides the post', async () => {
    const key = await createPost(t, a.cookie);
    const before = await points(a.no);
    const other = await post(t, '/api/board/delete', { boardId: 'free', key }, b.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('글쓴이와 관리자만 지울 수 있습니다.');
    expect((await post(t, '/api/board/delete', { boardId: 'free', key })).statusCode).toBe(401);
    expect((await post(t, '/api/board/delete', { boardId: 'free', key }, a.cookie)).json()).toEqual({ ok: true });
    expect(await points(a.no)).toBe(before - 10);
    const [row] = await t.database.db.select({ deletedAt: posts.deletedAt }).from(posts).where(eq(posts.key, key));
    expect(row!.deletedAt).not.toBeNull();
    const list = (await post(t, '/api/board/list', { boardId: 'free' })).json() as PostPage;
    expect(list.items.map((i) => i.key)).not.toContain(key);
    const again = await post(t, '/api/board/delete', { boardId: 'free', key }, a.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('삭제된 글입니다.');
  });

  it('lets an admin delete anyone’s post', async () => {
    const key = await createPost(t, a.cookie);
    expect((await post(t, '/api/board/delete', { boardId: 'free', key }, admin)).statusCode).toBe(200);
  });
});

describe('/api/board/recommend', () => {
  it('counts once per member, never one’s own post, and pays the author', async () => {
    const key = await createPost(t, a.cookie);
    const before = await points(a.no);
    const own = await post(t, '/api/board/recommend', { boardId: 'free', key }, a.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('자신의 글은 추천할 수 없습니다.');
    expect((await post(t, '/api/board/recommend', { boardId: 'free', key })).statusCode).toBe(401);
    const first = await post(t, '/api/board/recommend', { boardId: 'free', key }, b.cookie);
    expect(first.json()).toEqual({ recommends: 1 });
    const twice = await post(t, '/api/board/recommend', { boardId: 'free', key }, b.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('이미 추천한 글입니다.');
    expect(await points(a.no)).toBe(before + 5);
    const v = (await view(key, b.cookie)).json() as PostView;
    expect(v).toMatchObject({ recommends: 1, recommended: true });
    expect(v.abilities.canRecommend).toBe(true);
  });

  it('refuses deleted posts', async () => {
    const key = await createPost(t, a.cookie);
    await post(t, '/api/board/delete', { boardId: 'free', key }, a.cookie);
    const res = await post(t, '/api/board/recommend', { boardId: 'free', key }, b.cookie);
    expect(res.statusCode).toBe(404);
  });
});

describe('lists across boards', () => {
  let x: TestApp;
  let m: Member;
  let adm: string;
  beforeAll(async () => {
    x = await testApp({ RATE_LIMIT: 'false' });
    m = await member(x);
    adm = await adminCookie(x);
  });
  afterAll(() => x.close());

  it('/api/all/list: newest first from every board the caller may read', async () => {
    const k = await createPost(x, m.cookie, { subject: '전체 글 목록' });
    const hidden = await createPost(x, adm, { boardId: 'manual', subject: '운영진 전용' });
    await setBoard(x, 'manual', { readLevel: 3 });
    try {
      const list = (await post(x, '/api/all/list', {}, m.cookie)).json() as PostPage;
      expect(list.items[0]!.key).toBe(k);
      expect(list.items.map((i) => i.key)).not.toContain(hidden);
      expect(list.items.every((i) => i.boardId !== 'manual')).toBe(true);
      const forAdmin = (await post(x, '/api/all/list', {}, adm)).json() as PostPage;
      expect(forAdmin.items[0]!.key).toBe(hidden);
      expect(forAdmin.total).toBe(list.total + 4);
    } finally {
      await setBoard(x, 'manual', { readLevel: 0 });
    }
  });

  it('/api/all/topic: the last 7 days ranked by recommendations and comments', async () => {
    const quiet = await createPost(x, m.cookie, { subject: '조용한 글' });
    const hot = await createPost(x, m.cookie, { subject: '뜨거운 글' });
    const old = await createPost(x, m.cookie, { subject: '오래된 글' });
    await x.database.db.execute(sql`update posts set recommends = 9, comment_count = 3 where key = ${hot}`);
    await x.database.db.execute(sql`update posts set recommends = 1 where key = ${quiet}`);
    await x.database.db.execute(sql`update posts set recommends = 50, created_at = now() - interval '8 days' where key = ${old}`);
    const topic = (await post(x, '/api/all/topic', { page: 1 })).json() as PostPage;
    expect(topic.items[0]!.key).toBe(hot);
    expect(topic.items[1]!.key).toBe(quiet);
    expect(topic.items.map((i) => i.key)).not.toContain(old);
  });

  it('/api/board/summary: newest per category and the week’s best', async () => {
    const c4 = await createPost(x, m.cookie, { category: 'c4', subject: '정보 글' });
    await x.database.db.execute(sql`update posts set recommends = 100 where key = ${c4}`);
    const res = await post(x, '/api/board/summary', { boardId: 'free' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.board.id).toBe('free');
    expect(body.categories.map((c: { code: string }) => c.code)).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(body.categories[3].items[0]).toMatchObject({ key: c4, categoryName: '정보' });
    expect(body.categories[0].items.length).toBeLessThanOrEqual(5);
    expect(body.best[0].key).toBe(c4);
    await setBoard(x, 'free', { readLevel: 2 });
    try {
      expect((await post(x, '/api/board/summary', { boardId: 'free' })).json().message).toBe(FORWARD_NO_READ);
    } finally {
      await setBoard(x, 'free', { readLevel: 0 });
    }
  });
});
