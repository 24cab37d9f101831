// Board managers and moving posts: the administrator names managers with the board
// (/api/admin/board/save); a post moves (/api/board/move) keeping its comments, files, scraps and
// reactions, its old address redirects, both boards' counts, search slices and cached answers
// follow, the author is told and the move is audited; pinning notices; the boards a member
// manages. Every call: happy path, bad input, the wrong member and a manager of another board.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, alarms, boardSearchSlices, comments, favorites, files, posts } from '../../db/schema/index.js';
import { adminCookie, createPost, member, uploadedFile } from '../../test/boards.js';
import type { AdminBoardRow } from '../../../common/api/admin-boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { scopeTotal } from '../posts/page-chunks.js';

let t: TestApp;
let admin: string;
type M = Awaited<ReturnType<typeof member>>;
/** Manages free and photo. */
let both: M;
/** Manages gear only. */
let other: M;
let writer: M;
let reader: M;

const db = () => t.database.db;

/** The admin list's row of a board (what a save sends back, with changes). */
async function boardRow(id: string) {
  const res = await post(t, '/api/admin/board/list', { search: id }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as AdminBoardRow[]).find((b) => b.id === id)!;
}

/** The save body of an existing board from its admin row, with changes. */
async function saveExisting(id: string, change: Record<string, unknown>, cookie = admin) {
  const row = await boardRow(id);
  const { posts: _p, hasPosts: _h, sort: _s, categories, managers, ...rest } = row;
  return post(
    t,
    '/api/admin/board/save',
    {
      ...rest,
      originalId: id,
      categories: categories.map((c) => ({ code: c.code, name: c.name })),
      managers: managers.map((m) => m.userId),
      ...change,
    },
    cookie,
  );
}

const newBoard = (id: string, name: string, managers: string[], cookie = admin) =>
  post(
    t,
    '/api/admin/board/save',
    { id, name, readLevel: 0, writeLevel: 1, commentLevel: 1, categories: [{ name: '풍경' }, { name: '인물' }], managers },
    cookie,
  );

const move = (body: object, cookie?: string) => post(t, '/api/board/move', body, cookie);
const view = (key: number, cookie?: string) => post(t, '/api/board/view', { boardId: 'free', key }, cookie);

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  [both, other, writer, reader] = [await member(t), await member(t), await member(t), await member(t)];
  for (const [id, name, list] of [
    ['photo', '사진 게시판', [both.userId]],
    ['gear', '장비 게시판', [other.userId]],
  ] as const) {
    const res = await newBoard(id, name, [...list]);
    expect(res.statusCode, res.body).toBe(200);
  }
  const free = await saveExisting('free', { managers: [both.userId] });
  expect(free.statusCode, free.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('/api/admin/board/save: managers', () => {
  it('names managers with the board, lists them and audits the change', async () => {
    expect((await boardRow('photo')).managers).toEqual([{ userId: both.userId, nickName: both.nickName }]);
    expect((await boardRow('free')).managers).toEqual([{ userId: both.userId, nickName: both.nickName }]);
    const res = await saveExisting('gear', { managers: [other.userId, reader.userId] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await boardRow('gear')).managers.map((m) => m.userId).sort()).toEqual([other.userId, reader.userId].sort());
    const [record] = await db().select().from(adminAudit).where(and(eq(adminAudit.action, 'board.save'), eq(adminAudit.targetKey, 'gear'))).orderBy(desc(adminAudit.id)).limit(1);
    expect((record!.before as { managers: string[] }).managers).toEqual([other.userId]);
    expect((record!.after as { managers: string[] }).managers.sort()).toEqual([other.userId, reader.userId].sort());
    // A save without the list keeps them; an empty list lets them all go.
    expect((await saveExisting('gear', { managers: undefined })).statusCode).toBe(200);
    expect((await boardRow('gear')).managers).toHaveLength(2);
    expect((await saveExisting('gear', { managers: [other.userId] })).statusCode).toBe(200);
    expect((await boardRow('gear')).managers).toEqual([{ userId: other.userId, nickName: other.nickName }]);
  });

  it('refuses unknown members and bad lists in Korean, changing nothing', async () => {
    const unknown = await saveExisting('gear', { managers: [other.userId, 'nobody_here'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('매니저로 지정할 회원을 찾을 수 없습니다: nobody_here');
    const notList = await saveExisting('gear', { managers: 'someone' });
    expect(notList.statusCode).toBe(400);
    expect(notList.json().message).toBe('매니저 아이디를 확인해 주세요.');
    const tooMany = await saveExisting('gear', { managers: Array.from({ length: 21 }, (_, i) => `user_${i}`) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('매니저는 게시판마다 20명까지 둘 수 있습니다.');
    expect((await boardRow('gear')).managers).toEqual([{ userId: other.userId, nickName: other.nickName }]);
  });

  it('is an administrator\'s call: a manager and a member are refused', async () => {
    for (const cookie of [both.cookie, reader.cookie]) {
      const res = await newBoard('sneaky', '몰래 만든 게시판', [reader.userId], cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('관리자만 사용할 수 있습니다.');
    }
  });
});

describe('/api/board/managed', () => {
  it('answers the boards a member manages, none for others', async () => {
    expect((await post(t, '/api/board/managed', {}, both.cookie)).json()).toEqual({
      boards: [
        { id: 'free', name: '자유게시판' },
        { id: 'photo', name: '사진 게시판' },
      ],
    });
    expect((await post(t, '/api/board/managed', {}, reader.cookie)).json()).toEqual({ boards: [] });
    expect((await post(t, '/api/board/managed', {})).json()).toEqual({ boards: [] });
  });
});

describe('abilities', () => {
  it('a manager of the board may move and pin its posts; members and other boards\' managers may not', async () => {
    const key = await createPost(t, writer.cookie, { subject: '능력 확인' });
    expect((await view(key, both.cookie)).json().abilities).toMatchObject({ canMove: true, canNotice: true, canEdit: false, canDelete: false });
    expect((await view(key, admin)).json().abilities).toMatchObject({ canMove: true, canNotice: true });
    for (const cookie of [other.cookie, reader.cookie, writer.cookie, undefined]) {
      const a = (await view(key, cookie)).json().abilities;
      expect(a.canMove).toBeUndefined();
      expect(a.canNotice).toBeUndefined();
    }
    const info = await post(t, '/api/board/info', { boardId: 'free' }, both.cookie);
    expect(info.json().abilities.canManage).toBe(true);
    expect((await post(t, '/api/board/info', { boardId: 'gear' }, both.cookie)).json().abilities.canManage).toBe(false);
  });
});

describe('/api/board/move', () => {
  it('moves a post with its comments, files, scraps and reactions; counts, search, alarms and audit follow', async () => {
    const fileKey = await uploadedFile(t, writer.no, { name: 'notes.pdf', mime: 'application/pdf', image: false });
    const key = await createPost(t, writer.cookie, { subject: '옮겨질 렌즈 이야기', content: '<p>망원 렌즈 후기</p>', files: [fileKey] });
    const c = await post(t, '/api/comment/save', { boardId: 'free', key, content: '좋은 글입니다' }, reader.cookie);
    expect(c.statusCode, c.body).toBe(200);
    expect((await post(t, '/api/favorite/add', { key }, reader.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/reaction/toggle', { target: { kind: 'post', key }, reaction: 'like' }, reader.cookie)).statusCode).toBe(200);
    const before = { free: await scopeTotal(db(), 'free', 'c0'), photo: await scopeTotal(db(), 'photo', 'c0'), photoC2: await scopeTotal(db(), 'photo', 'c2') };
    const freeSearch = await post(t, '/api/board/list', { boardId: 'free', search: '망원' });
    expect(freeSearch.json().items.map((i: { key: number }) => i.key)).toContain(key);
    // Cached answers of both boards are filled before the move, to see them dropped.
    expect((await post(t, '/api/board/list', { boardId: 'photo' })).json().items).toEqual([]);

    const res = await move({ key, boardId: 'photo', category: 'c2' }, both.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ boardId: 'photo', category: 'c2', url: `/board/photo/view/${key}` });

    const v = (await view(key, reader.cookie)).json();
    expect(v).toMatchObject({ boardId: 'photo', category: 'c2', boardName: '사진 게시판', commentCount: 1, scrapped: true, myReaction: 'like' });
    expect(v.reactions).toEqual({ like: 1 });
    expect(v.files.map((f: { fileKey: string }) => f.fileKey)).toEqual([fileKey]);
    expect(await db().select({ postKey: comments.postKey }).from(comments).where(eq(comments.postKey, key))).toHaveLength(1);
    expect(await db().select().from(favorites).where(eq(favorites.postKey, key))).toHaveLength(1);
    expect((await db().select({ postKey: files.postKey }).from(files).where(eq(files.key, fileKey)))[0]!.postKey).toBe(key);

    // Counts: the old board's lists lose it, the new board's category gains it.
    expect(await scopeTotal(db(), 'free', 'c0')).toBe(before.free - 1);
    expect(await scopeTotal(db(), 'photo', 'c0')).toBe(before.photo + 1);
    expect(await scopeTotal(db(), 'photo', 'c2')).toBe(before.photoC2 + 1);
    expect((await boardRow('photo')).posts).toBe(before.photo + 1);
    const photoList = (await post(t, '/api/board/list', { boardId: 'photo' })).json();
    expect(photoList.items.map((i: { key: number }) => i.key)).toEqual([key]);
    expect(photoList.total).toBe(1);
    expect((await post(t, '/api/board/list', { boardId: 'free' })).json().items.map((i: { key: number }) => i.key)).not.toContain(key);

    // Search: found on the new board (short Korean word), gone from the old one.
    const [row] = await db().select({ bigrams: posts.searchBigrams }).from(posts).where(eq(posts.key, key));
    expect(row!.bigrams.every((b) => b.startsWith('photo@'))).toBe(true);
    expect((await post(t, '/api/board/list', { boardId: 'photo', search: '망원' })).json().items.map((i: { key: number }) => i.key)).toEqual([key]);
    expect((await post(t, '/api/board/list', { boardId: 'free', search: '망원' })).json().items.map((i: { key: number }) => i.key)).not.toContain(key);
    const [slice] = await db().select().from(boardSearchSlices).where(eq(boardSearchSlices.boardId, 'photo'));
    expect(slice!.posts).toBe(1);

    // The author is told, by whom and where to; the reader's alarm about the comment is not.
    const told = await db().select().from(alarms).where(and(eq(alarms.userNo, writer.no), eq(alarms.kind, 'moved')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ boardId: 'photo', boardName: '사진 게시판', articleKey: key, subject: '옮겨질 렌즈 이야기' });
    expect(told[0]!.content).toBe(`${both.nickName}님이 회원님의 글을 '자유게시판'에서 '사진 게시판'으로 옮겼습니다.`);
    // The comment's alarm to the author now opens the post on its new board.
    const commentAlarm = await db().select().from(alarms).where(and(eq(alarms.userNo, writer.no), eq(alarms.kind, 'comment'), eq(alarms.articleKey, key)));
    expect(commentAlarm.map((a) => a.boardId)).toEqual(['photo']);

    const [record] = await db().select().from(adminAudit).where(and(eq(adminAudit.action, 'post.move'), eq(adminAudit.targetKey, String(key))));
    expect(record).toMatchObject({ actorNo: both.no, targetKind: 'post', before: { boardId: 'free', category: 'c1' }, after: { boardId: 'photo', category: 'c2' } });
  });

  it('the old address redirects permanently to the new one; the new one is the page itself', async () => {
    const key = await createPost(t, writer.cookie, { subject: '주소가 바뀌는 글' });
    expect((await move({ key, boardId: 'photo', category: 'c1' }, admin)).statusCode).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: `/board/free/view/${key}?from=bookmark` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/board/photo/view/${key}?from=bookmark`);
    const here = await t.app.inject({ method: 'GET', url: `/board/photo/view/${key}` });
    expect(here.statusCode).not.toBe(301);
    // A manager moving their own post is not told of it.
    const mine = await createPost(t, both.cookie, { subject: '매니저 자신의 글' });
    expect((await move({ key: mine, boardId: 'photo', category: 'c1' }, both.cookie)).statusCode).toBe(200);
    expect(await db().select().from(alarms).where(and(eq(alarms.userNo, both.no), eq(alarms.kind, 'moved')))).toEqual([]);
  });

  it('refuses bad input in Korean and changes nothing', async () => {
    const key = await createPost(t, writer.cookie, { subject: '그대로 있을 글' });
    const cases: Array<[object, number, string]> = [
      [{ key, category: 'c1' }, 400, '옮겨 갈 게시판을 골라 주세요.'],
      [{ key, boardId: 'photo', category: 'first' }, 400, '옮겨 갈 분류를 골라 주세요.'],
      [{ key: 'x', boardId: 'photo', category: 'c1' }, 400, '글을 찾을 수 없습니다.'],
      [{ key, boardId: 'photo', category: 'c9' }, 400, '옮겨 갈 게시판에 그 분류가 없습니다. 분류를 다시 골라 주세요.'],
      [{ key, boardId: 'nowhere', category: 'c1' }, 404, '옮겨 갈 게시판을 찾을 수 없습니다.'],
      [{ key, boardId: 'free', category: 'c2' }, 400, '지금 있는 게시판입니다. 다른 게시판을 골라 주세요.'],
      [{ key, boardId: 'market', category: 'c1' }, 400, '장터 매물과 갤러리 사진은 다른 게시판으로 옮기거나 그곳으로 옮겨 올 수 없습니다.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await move(body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const gone = await createPost(t, writer.cookie);
    expect((await post(t, '/api/board/delete', { boardId: 'free', key: gone }, writer.cookie)).statusCode).toBe(200);
    expect((await move({ key: gone, boardId: 'photo', category: 'c1' }, admin)).statusCode).toBe(404);
    expect((await view(key, admin)).json()).toMatchObject({ boardId: 'free', category: 'c1' });
  });

  it('refuses visitors, members, the author and a manager of another board', async () => {
    const key = await createPost(t, writer.cookie, { subject: '남의 손을 타지 않을 글' });
    const body = { key, boardId: 'photo', category: 'c1' };
    expect((await move(body)).statusCode).toBe(401);
    for (const cookie of [reader.cookie, writer.cookie, other.cookie]) {
      const res = await move(body, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('이 글을 옮길 권한이 없습니다. 관리자와 게시판 매니저만 옮길 수 있습니다.');
    }
    // A manager of the post's board, but not of the board it would go to.
    const toGear = await move({ key, boardId: 'gear', category: 'c1' }, both.cookie);
    expect(toGear.statusCode).toBe(403);
    expect(toGear.json().message).toBe('옮겨 갈 게시판의 매니저가 아니어서 그 게시판으로는 옮길 수 없습니다.');
    expect((await view(key, admin)).json().boardId).toBe('free');
    expect(await db().select().from(adminAudit).where(and(eq(adminAudit.action, 'post.move'), eq(adminAudit.targetKey, String(key))))).toEqual([]);
  });
});

describe('/api/board/move/targets', () => {
  it('offers the boards the caller may move the post to, with their categories', async () => {
    const key = await createPost(t, writer.cookie);
    const mine = (await post(t, '/api/board/move/targets', { key }, both.cookie)).json();
    expect(mine.boards).toEqual([{ id: 'photo', name: '사진 게시판', categories: [{ code: 'c1', name: '풍경' }, { code: 'c2', name: '인물' }] }]);
    const all = (await post(t, '/api/board/move/targets', { key }, admin)).json().boards.map((b: { id: string }) => b.id);
    expect(all).toEqual(expect.arrayContaining(['photo', 'gear', 'notice']));
    expect(all).not.toContain('free');
    expect(all).not.toContain('market');
    expect((await post(t, '/api/board/move/targets', { key }, other.cookie)).statusCode).toBe(403);
    expect((await post(t, '/api/board/move/targets', { key }, reader.cookie)).statusCode).toBe(403);
    expect((await post(t, '/api/board/move/targets', { key })).statusCode).toBe(401);
    expect((await post(t, '/api/board/move/targets', { key: 0 }, admin)).json().message).toBe('글을 찾을 수 없습니다.');
  });
});

describe('/api/board/notice', () => {
  it('a manager pins and lets go of a notice on their board, audited', async () => {
    const key = await createPost(t, writer.cookie, { subject: '공지가 될 글' });
    const res = await post(t, '/api/board/notice', { key, notice: true }, both.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ notice: true });
    expect((await view(key, reader.cookie)).json().notice).toBe(true);
    expect((await post(t, '/api/board/notice', { key, notice: false }, admin)).json()).toEqual({ notice: false });
    const records = await db().select().from(adminAudit).where(and(eq(adminAudit.action, 'post.notice'), eq(adminAudit.targetKey, String(key)))).orderBy(adminAudit.id);
    expect(records.map((r) => [r.actorNo, r.after])).toEqual([
      [both.no, { notice: true }],
      [expect.any(Number), { notice: false }],
    ]);
  });

  it('refuses bad input, visitors, members and a manager of another board', async () => {
    const key = await createPost(t, writer.cookie);
    const bad = await post(t, '/api/board/notice', { key, notice: 'yes' }, both.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('공지 여부를 골라 주세요.');
    expect((await post(t, '/api/board/notice', { key, notice: true })).statusCode).toBe(401);
    for (const cookie of [writer.cookie, reader.cookie, other.cookie]) {
      const res = await post(t, '/api/board/notice', { key, notice: true }, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('공지는 관리자와 게시판 매니저만 지정할 수 있습니다.');
    }
    expect((await view(key, admin)).json().notice).toBe(false);
  });
});
