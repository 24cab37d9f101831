// Boards and posts: the rules and the SQL. Lists read keys from the partial indexes first
// (an index-only scan, even for deep pages) and join the 20 rows afterwards.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { BoardInfo, PostPage, PostSummary, PostView } from '../../../common/api/boards.js';
import { PAGE_SIZE } from '../../../common/constants.js';
import type { Db, Tx } from '../../db/client.js';
import { boardCategories, boards, files, levels, postViews, posts, recommendations, users } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, forward, notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { markArticleAlarmsRead, notifyMentions } from '../alarms/service.js';
import { getSettings } from '../community/service.js';
import { awardPoints } from '../points/service.js';
import { emoticonList, mentionedUserIds, plainText, renderPost, sanitisePost, type RenderLookups } from './content.js';
import { type Actor, boardAbilities, can, postAbilities, type BoardRules } from './policy.js';
import { presentFile, presentSummary, ranksFor, type SummaryRow } from './present.js';
import { searchColumns, searchCondition, type SearchField } from './search.js';

export const MSG = {
  noBoard: '게시판을 찾을 수 없습니다.',
  noCategory: '분류를 찾을 수 없습니다.',
  noRead: '이 게시판을 읽을 권한이 없습니다.',
  noWrite: '이 게시판에 글을 쓸 권한이 없습니다.',
  noComment: '이 게시판에 댓글을 쓸 권한이 없습니다.',
  noPost: '글을 찾을 수 없습니다.',
  deleted: '삭제된 글입니다.',
  notAuthor: '글쓴이와 관리자만 고칠 수 있습니다.',
  notAuthorDelete: '글쓴이와 관리자만 지울 수 있습니다.',
  noticeAdmin: '공지는 관리자만 지정할 수 있습니다.',
  emptyContent: '내용은 필수 입력 항목입니다.',
  badFile: '첨부 파일을 찾을 수 없습니다.',
  duplicateFile: '같은 파일이 두 번 첨부되었습니다.',
  ownPost: '자신의 글은 추천할 수 없습니다.',
  recommended: '이미 추천한 글입니다.',
  moveBoard: '다른 게시판의 글은 옮길 수 없습니다.',
} as const;

const LIST_SIZE = PAGE_SIZE.board;
/** Notices pinned above page 1 of a board. */
const PINNED_MAX = 5;
/** Cross-board lists (all, topic) go this deep: they are for what is new, not for archives. */
const CROSS_BOARD_MAX = 2_000;

// ---------------------------------------------------------------------------------------------
// Boards (a few rows: kept per node for a few seconds)

export interface Board extends BoardRules {
  name: string;
  description: string;
  sort: number;
  categories: Array<{ code: string; name: string }>;
}

const BOARDS_TTL_MS = 5_000;
const boardCaches = new WeakMap<object, { at: number; boards: Promise<Map<string, Board>> }>();

async function readBoards(db: Tx): Promise<Map<string, Board>> {
  const [rows, cats] = await Promise.all([
    db.select().from(boards).orderBy(asc(boards.sort), asc(boards.id)),
    db.select().from(boardCategories).orderBy(asc(boardCategories.boardId), asc(boardCategories.sort), asc(boardCategories.code)),
  ]);
  const map = new Map<string, Board>();
  for (const b of rows) {
    map.set(b.id, {
      id: b.id,
      name: b.name,
      description: b.description,
      sort: b.sort,
      adminOnly: b.adminOnly,
      readLevel: b.readLevel,
      writeLevel: b.writeLevel,
      commentLevel: b.commentLevel,
      categories: [],
    });
  }
  for (const c of cats) map.get(c.boardId)?.categories.push({ code: c.code, name: c.name });
  return map;
}

/** Every board with its categories, in menu order. */
export function allBoards(db: Db): Promise<Map<string, Board>> {
  const now = Date.now();
  const hit = boardCaches.get(db);
  if (hit && now - hit.at < BOARDS_TTL_MS) return hit.boards;
  const entry = { at: now, boards: readBoards(db) };
  entry.boards.catch(() => boardCaches.delete(db));
  boardCaches.set(db, entry);
  return entry.boards;
}

/** After a board or its categories change (admin area, tests). */
export function forgetBoards(db: Db) {
  boardCaches.delete(db);
}

export async function getBoard(db: Db, boardId: string): Promise<Board> {
  const board = (await allBoards(db)).get(boardId);
  if (!board) throw forward(404, MSG.noBoard);
  return board;
}

export const boardNameMap = (all: Map<string, Board>) => new Map([...all.values()].map((b) => [b.id, b.name]));

// ---------------------------------------------------------------------------------------------
// The caller

/** The member's level order: 1 for the lowest level, 2 for the next … (0 for a visitor). */
export async function actorOf(db: Tx, member: Member | null): Promise<Actor> {
  if (!member) return { member: null, level: 0 };
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(levels)
    .where(
      sql`${levels.minPoints} <= coalesce((select l.min_points from ${users} u join ${levels} l on l.id = u.level_id where u.no = ${member.no}), 0)`,
    );
  return { member, level: Math.max(1, Number(row?.n ?? 1)) };
}

/**
 * The members among userNos who may read the board (the rule of can(…, 'read') with each
 * member's level order, as actorOf counts it), in one query: alarms about a board go only to them.
 */
export async function readersAmong(db: Tx, board: BoardRules, userNos: number[]): Promise<Set<number>> {
  // Every member's level order is at least 1.
  if (userNos.length === 0 || board.readLevel <= 1) return new Set(userNos);
  const rows = await db
    .select({ no: users.no })
    .from(users)
    .where(
      and(
        inArray(users.no, userNos),
        sql`(${users.admin} or (select count(*) from ${levels} l
              where l.min_points <= coalesce((select l2.min_points from ${levels} l2 where l2.id = ${users.levelId}), 0)) >= ${board.readLevel})`,
      ),
    );
  return new Set(rows.map((r) => r.no));
}

/** The board as the caller sees it; emoticons is the community setting (SPEC §3). */
export function boardInfo(actor: Actor, board: Board, emoticons: string): BoardInfo {
  return {
    id: board.id,
    name: board.name,
    description: board.description,
    categories: board.categories,
    abilities: boardAbilities(actor, board),
    emoticons: emoticonList(emoticons),
  };
}

export function requireRead(actor: Actor, board: Board) {
  if (!can(actor, 'read', board)) throw forward(403, MSG.noRead);
}

// ---------------------------------------------------------------------------------------------
// Lists

const summaryColumns = {
  key: posts.key,
  boardId: posts.boardId,
  category: posts.category,
  subject: posts.subject,
  userNo: posts.userNo,
  nickName: posts.nickName,
  createdAt: posts.createdAt,
  views: posts.views,
  recommends: posts.recommends,
  commentCount: posts.commentCount,
  notice: posts.notice,
  hasImage: posts.hasImage,
  hasFile: posts.hasFile,
  userId: users.userId,
  points: users.points,
  status: users.status,
};

/** Summaries of the rows, authors ranked in one query. */
export async function presentRows(db: Db, rows: SummaryRow[], all?: Map<string, Board>): Promise<PostSummary[]> {
  const [ranks, boardMap] = await Promise.all([ranksFor(db, rows), all ?? allBoards(db)]);
  return rows.map((r) => presentSummary(r, boardMap.get(r.boardId), ranks));
}

/** Summaries of posts by key, in the order given (deleted posts are skipped). */
export async function summariesByKeys(db: Db, keys: number[]): Promise<Map<number, PostSummary>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select(summaryColumns)
    .from(posts)
    .leftJoin(users, eq(users.no, posts.userNo))
    .where(and(inArray(posts.key, keys), isNull(posts.deletedAt)));
  const items = await presentRows(db, rows);
  return new Map(items.map((i) => [i.key, i]));
}

const live = isNull(posts.deletedAt);

/**
 * Newest first, in the order of the partial indexes ("key desc nulls last", as the schema made
 * them). A plain "key desc" means nulls first, which those indexes do not match: the planner then
 * read every entry of the board and sorted them, so page 1 cost as much as the last page. key is
 * never null, so the order is the same.
 */
const newestFirst = sql`${posts.key} desc nulls last`;

/**
 * The number of posts of a board (or one of its categories), for the paginator, kept per node for
 * a few seconds: counting reads every entry of the board's index (50,000 for a board that size),
 * which cost more than the page itself. A post saved or deleted through this node forgets the
 * counts at once; another node's writes show within TOTAL_TTL_MS.
 */
const TOTAL_TTL_MS = 10_000;
const TOTAL_MAX = 1_000;
const totalCaches = new WeakMap<object, Map<string, { at: number; total: Promise<number> }>>();

function boardTotal(db: Db, boardId: string, category: string, where: SQL | undefined): Promise<number> {
  let cache = totalCaches.get(db);
  if (!cache) totalCaches.set(db, (cache = new Map()));
  const k = `${boardId}\n${category}`;
  const now = Date.now();
  const hit = cache.get(k);
  if (hit && now - hit.at < TOTAL_TTL_MS) return hit.total;
  if (cache.size >= TOTAL_MAX) cache.clear();
  const entry = {
    at: now,
    total: db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(where)
      .then(([row]) => Number(row?.n ?? 0)),
  };
  const own = cache;
  entry.total.catch(() => own.get(k) === entry && own.delete(k));
  cache.set(k, entry);
  return entry.total;
}

/** After a post is added, deleted or moved to another category. */
export function forgetTotals(db: Db) {
  totalCaches.delete(db);
}

/**
 * One page of a board, newest first: the keys come from the partial index on (board, key) or
 * (board, category, key) with an index-only scan, then the page's rows are joined by key.
 */
export function boardPageQuery(db: Db, boardId: string, category: string, offset: number, limit: number = LIST_SIZE) {
  // "board_id between x and x" rather than "= x": with an equality the planner drops board_id
  // from the ORDER BY and may walk the primary key backwards instead (reading every row of
  // the table past the offset); ordered by (board_id, key desc) only the partial index fits.
  const board = sql`${posts.boardId} between ${boardId} and ${boardId}`;
  const page =
    category === 'c0'
      ? db
          .select({ pageKey: posts.key })
          .from(posts)
          .where(and(board, live))
          .orderBy(asc(posts.boardId), newestFirst)
          .limit(limit)
          .offset(offset)
          .as('page')
      : db
          .select({ pageKey: posts.key })
          .from(posts)
          .where(and(eq(posts.boardId, boardId), sql`${posts.category} between ${category} and ${category}`, live))
          .orderBy(asc(posts.category), newestFirst)
          .limit(limit)
          .offset(offset)
          .as('page');
  return db
    .select(summaryColumns)
    .from(page)
    .innerJoin(posts, eq(posts.key, page.pageKey))
    .leftJoin(users, eq(users.no, posts.userNo))
    .orderBy(desc(posts.key));
}

export interface ListInput {
  boardId: string;
  category: string;
  page: number;
  search?: string | undefined;
  searchField: SearchField;
}

export async function listPosts(db: Db, actor: Actor, q: ListInput): Promise<PostPage> {
  const all = await allBoards(db);
  const board = all.get(q.boardId);
  if (!board) throw forward(404, MSG.noBoard);
  requireRead(actor, board);
  if (q.category !== 'c0' && !board.categories.some((c) => c.code === q.category)) throw forward(404, MSG.noCategory);

  const offset = (q.page - 1) * LIST_SIZE;
  const inBoard = q.category === 'c0' ? and(eq(posts.boardId, board.id), live) : and(eq(posts.boardId, board.id), eq(posts.category, q.category), live);
  const search = q.search ? searchCondition(q.searchField, q.search) : null;

  let rows: SummaryRow[];
  let total: number;
  if (search) {
    const where = and(inBoard, search);
    const [found, [count]] = await Promise.all([
      db
        .select(summaryColumns)
        .from(posts)
        .leftJoin(users, eq(users.no, posts.userNo))
        .where(where)
        .orderBy(newestFirst)
        .limit(LIST_SIZE)
        .offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(posts).where(where),
    ]);
    rows = found;
    total = Number(count?.n ?? 0);
  } else {
    // Notices pinned on top of the first page (not repeated below them on that page), read
    // alongside the page and the total.
    const pinnedQuery =
      q.page === 1
        ? db
            .select(summaryColumns)
            .from(posts)
            .leftJoin(users, eq(users.no, posts.userNo))
            .where(and(eq(posts.boardId, board.id), eq(posts.notice, true), live))
            .orderBy(newestFirst)
            .limit(PINNED_MAX)
        : null;
    let pinned: SummaryRow[] | null;
    [rows, total, pinned] = await Promise.all([boardPageQuery(db, board.id, q.category, offset), boardTotal(db, board.id, q.category, inBoard), pinnedQuery]);
    if (pinned) {
      const keys = new Set(pinned.map((p) => p.key));
      rows = [...pinned, ...rows.filter((r) => !keys.has(r.key))];
    }
  }
  return { items: await presentRows(db, rows, all), page: q.page, pageSize: LIST_SIZE, total };
}

/** The boards the caller may read. */
async function readableBoards(db: Db, actor: Actor) {
  const all = await allBoards(db);
  const ids = [...all.values()].filter((b) => can(actor, 'read', b)).map((b) => b.id);
  return { all, ids, everything: ids.length === all.size };
}

/** /all/list: the newest posts of every board the caller may read. */
export async function allList(db: Db, actor: Actor, page: number): Promise<PostPage> {
  const { all, ids, everything } = await readableBoards(db, actor);
  const offset = (page - 1) * LIST_SIZE;
  if (ids.length === 0 || offset >= CROSS_BOARD_MAX) return { items: [], page, pageSize: LIST_SIZE, total: 0 };
  const where = everything ? live : and(live, inArray(posts.boardId, ids));
  const pageKeys = db.select({ pageKey: posts.key }).from(posts).where(where).orderBy(newestFirst).limit(LIST_SIZE).offset(offset).as('page');
  const [rows, [count]] = await Promise.all([
    db.select(summaryColumns).from(pageKeys).innerJoin(posts, eq(posts.key, pageKeys.pageKey)).leftJoin(users, eq(users.no, posts.userNo)).orderBy(desc(posts.key)),
    db.select({ n: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(posts).where(where).limit(CROSS_BOARD_MAX).as('capped')),
  ]);
  return { items: await presentRows(db, rows, all), page, pageSize: LIST_SIZE, total: Number(count?.n ?? 0) };
}

const TOPIC_DAYS = 7;
const topicScore = sql`(${posts.recommends} + ${posts.commentCount})`;

/** /all/topic: posts of the last 7 days ranked by recommendations plus comments. */
export async function topicList(db: Db, actor: Actor, page: number): Promise<PostPage> {
  const { all, ids } = await readableBoards(db, actor);
  const offset = (page - 1) * LIST_SIZE;
  if (ids.length === 0 || offset >= CROSS_BOARD_MAX) return { items: [], page, pageSize: LIST_SIZE, total: 0 };
  const where = and(live, inArray(posts.boardId, ids), gte(posts.createdAt, sql`now() - make_interval(days => ${TOPIC_DAYS})`));
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(posts)
      .leftJoin(users, eq(users.no, posts.userNo))
      .where(where)
      .orderBy(desc(topicScore), desc(posts.recommends), desc(posts.key))
      .limit(LIST_SIZE)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(posts).where(where).limit(CROSS_BOARD_MAX).as('capped')),
  ]);
  return { items: await presentRows(db, rows, all), page, pageSize: LIST_SIZE, total: Number(count?.n ?? 0) };
}

const SUMMARY_PER_CATEGORY = 5;
const SUMMARY_BEST = 10;

/** /board/{id}/summary: the newest posts of each category and the week's best. */
export async function boardSummary(db: Db, actor: Actor, boardId: string) {
  const [all, settings] = await Promise.all([allBoards(db), getSettings(db)]);
  const board = all.get(boardId);
  if (!board) throw forward(404, MSG.noBoard);
  requireRead(actor, board);
  const perCategory = await Promise.all(board.categories.map((c) => boardPageQuery(db, board.id, c.code, 0, SUMMARY_PER_CATEGORY)));
  const best = await db
    .select(summaryColumns)
    .from(posts)
    .leftJoin(users, eq(users.no, posts.userNo))
    .where(and(eq(posts.boardId, board.id), live, gte(posts.createdAt, sql`now() - make_interval(days => ${TOPIC_DAYS})`)))
    .orderBy(desc(topicScore), desc(posts.key))
    .limit(SUMMARY_BEST);
  const items = await presentRows(db, [...perCategory.flat(), ...best], all);
  const byKey = new Map(items.map((i) => [i.key, i]));
  return {
    board: boardInfo(actor, board, settings.emoticons),
    categories: board.categories.map((c, i) => ({ ...c, items: perCategory[i]!.map((r) => byKey.get(r.key)!) })),
    best: best.map((r) => byKey.get(r.key)!),
  };
}

// ---------------------------------------------------------------------------------------------
// One post

export interface PostRow {
  key: number;
  boardId: string;
  userNo: number | null;
  nickName: string;
  subject: string;
  content: string;
  notice: boolean;
  deleted: boolean;
}

/** The post and its board, or the forward errors the view page shows. */
export async function loadPost(db: Tx, key: number): Promise<PostRow> {
  const [row] = await db
    .select({
      key: posts.key,
      boardId: posts.boardId,
      userNo: posts.userNo,
      nickName: posts.nickName,
      subject: posts.subject,
      content: posts.content,
      notice: posts.notice,
      deletedAt: posts.deletedAt,
    })
    .from(posts)
    .where(eq(posts.key, key))
    .limit(1);
  if (!row) throw forward(404, MSG.noPost);
  return { ...row, deleted: row.deletedAt !== null };
}

/** A post the caller may read (its own board decides), not deleted: the checks of every post call. */
export async function readablePost(db: Db, actor: Actor, key: number): Promise<{ post: PostRow; board: Board }> {
  const post = await loadPost(db, key);
  const board = await getBoard(db, post.boardId);
  requireRead(actor, board);
  if (post.deleted) throw forward(404, MSG.deleted);
  return { post, board };
}

const kstDay = (d = new Date()) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

/** Who is viewing, for counting a view once a day: the member, or a hash of address, browser and day. */
export function viewerId(member: Member | null, ip: string, userAgent: string | undefined): string {
  if (member) return `m:${member.no}`;
  return 'v:' + createHash('sha256').update(`${ip}\n${userAgent ?? ''}\n${kstDay()}`).digest('base64url').slice(0, 32);
}

/**
 * Counts the view if this viewer has not viewed the post today. One statement (atomic on its
 * own, one round trip): the post's counter only moves when the view row was new.
 */
async function countView(db: Db, key: number, viewer: string): Promise<void> {
  await db.execute(sql`
    with seen as (
      insert into ${postViews} (post_key, viewer, day) values (${key}, ${viewer}, ${kstDay()})
      on conflict do nothing returning post_key
    )
    update ${posts} set views = views + 1 where key = (select post_key from seen)`);
}

/** Nicknames of the members that @{userId} tokens name, for the renderer. */
export async function nickNamesOf(db: Tx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.userId, nickName: users.nickName })
    .from(users)
    .where(and(inArray(users.userId, userIds.slice(0, 100)), eq(users.status, 'active')));
  return new Map(rows.map((r) => [r.userId, r.nickName ?? r.userId]));
}

/** What the renderer looks up: nicknames of the members named in the content, board names, emoticons. */
export async function renderLookups(db: Db, userIds: string[], all?: Map<string, Board>): Promise<RenderLookups> {
  const ids = [...new Set(userIds)];
  const [nickNames, boardMap, settings] = await Promise.all([nickNamesOf(db, ids), all ?? allBoards(db), getSettings(db)]);
  return { nickNames, boardNames: boardNameMap(boardMap), emoticons: settings.emoticons };
}

type Neighbour = { key: number; subject: string } | null;

/** The older and the newer post of the board, in one query (both walk the board's partial index). */
async function neighbours(db: Db, boardId: string, key: number): Promise<{ prev: Neighbour; next: Neighbour }> {
  const result = await db.execute(sql`
    select (select json_build_object('key', key, 'subject', subject) from ${posts}
             where board_id = ${boardId} and deleted_at is null and key < ${key} order by key desc nulls last limit 1) as prev,
           (select json_build_object('key', key, 'subject', subject) from ${posts}
             where board_id = ${boardId} and deleted_at is null and key > ${key} order by key asc nulls first limit 1) as next`);
  // Both drivers answer raw SQL with { rows }; json arrives parsed.
  const [row] = (result as unknown as { rows: Array<{ prev: Neighbour; next: Neighbour }> }).rows;
  const one = (n: Neighbour | undefined) => (n ? { key: Number(n.key), subject: n.subject } : null);
  return { prev: one(row?.prev), next: one(row?.next) };
}

export async function viewPost(db: Db, actor: Actor, key: number, viewer: string): Promise<PostView> {
  const { post, board } = await readablePost(db, actor, key);
  const member = actor.member;
  await Promise.all([countView(db, key, viewer), member ? markArticleAlarmsRead(db, member.no, key) : null]);
  const [[row], fileRows, { prev, next }, mine, lookups] = await Promise.all([
    db
      .select({ ...summaryColumns, updatedAt: posts.updatedAt })
      .from(posts)
      .leftJoin(users, eq(users.no, posts.userNo))
      .where(eq(posts.key, key)),
    db
      .select({ key: files.key, name: files.name, size: files.size, image: files.image })
      .from(files)
      .where(eq(files.postKey, key))
      .orderBy(asc(files.sort)),
    neighbours(db, board.id, key),
    member
      ? db.execute(sql`
          select exists(select 1 from recommendations where post_key = ${key} and user_no = ${member.no}) as recommended,
                 exists(select 1 from favorites where post_key = ${key} and user_no = ${member.no}) as scrapped`)
      : null,
    renderLookups(db, mentionedUserIds(post.content)),
  ]);
  const [summary] = await presentRows(db, [row!]);
  const flags = (mine as unknown as { rows: Array<{ recommended: boolean; scrapped: boolean }> } | null)?.rows[0];
  return {
    ...summary!,
    updatedAt: row!.updatedAt.toISOString(),
    contentHtml: renderPost(post.content, fileRows, lookups),
    files: fileRows.map(presentFile),
    prev,
    next,
    abilities: postAbilities(actor, board, post),
    recommended: Boolean(flags?.recommended),
    scrapped: Boolean(flags?.scrapped),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing

export interface SaveInput {
  boardId: string;
  category: string;
  key?: number | undefined;
  subject: string;
  content: string;
  files: string[];
  notice: boolean;
}

/** Attaches the files in order (file0, file1 …) and lets go of the ones no longer listed. */
async function attachFiles(tx: Tx, memberNo: number, postKey: number, keys: string[]) {
  if (new Set(keys).size !== keys.length) throw badRequest(MSG.duplicateFile);
  const found = keys.length
    ? await tx
        .select({ key: files.key, userNo: files.userNo, postKey: files.postKey, image: files.image })
        .from(files)
        .where(inArray(files.key, keys))
        .for('update')
    : [];
  const byKey = new Map(found.map((f) => [f.key, f]));
  for (const k of keys) {
    const f = byKey.get(k);
    // Someone else's upload, or a file already in another post, cannot be taken over.
    const ok = f && (f.postKey === postKey || (f.postKey === null && f.userNo === memberNo));
    if (!ok) throw badRequest(MSG.badFile);
  }
  for (const [i, k] of keys.entries()) {
    await tx.update(files).set({ postKey, sort: i }).where(eq(files.key, k));
  }
  await tx
    .update(files)
    .set({ postKey: null })
    .where(keys.length ? and(eq(files.postKey, postKey), notInArray(files.key, keys)) : eq(files.postKey, postKey));
  const list = keys.map((k) => byKey.get(k)!);
  return { hasImage: list.some((f) => f.image), hasFile: list.some((f) => !f.image) };
}

/** Creates (no key) or edits a post; returns its key. */
export async function savePost(db: Db, actor: Actor, input: SaveInput): Promise<number> {
  const member = actor.member!;
  const all = await allBoards(db);
  const board = all.get(input.boardId);
  if (!board) throw notFound(MSG.noBoard);
  if (!board.categories.some((c) => c.code === input.category)) throw badRequest(MSG.noCategory);
  if (input.notice && !can(actor, 'notice', board)) throw forbidden(MSG.noticeAdmin);

  const content = sanitisePost(input.content);
  const text = plainText(content);
  if (!text && !/<(img|iframe)\b/i.test(content)) throw badRequest(MSG.emptyContent);
  const settings = await getSettings(db);
  const hasInlineImage = /<img\b/i.test(content);

  const saved = await db.transaction(async (tx) => {
    let key: number;
    let nickName: string;
    let before = '';
    if (input.key === undefined) {
      if (!can(actor, 'write', board)) throw forbidden(MSG.noWrite);
      nickName = member.nickName;
      const [row] = await tx
        .insert(posts)
        .values({
          boardId: board.id,
          category: input.category,
          userNo: member.no,
          nickName,
          subject: input.subject,
          content,
          notice: input.notice,
        })
        .returning({ key: posts.key });
      key = row!.key;
      await awardPoints(tx, member.no, settings.points.post, `글 작성 (${board.name})`);
    } else {
      const [row] = await tx
        .select({ boardId: posts.boardId, userNo: posts.userNo, nickName: posts.nickName, content: posts.content, notice: posts.notice, deletedAt: posts.deletedAt })
        .from(posts)
        .where(eq(posts.key, input.key))
        .for('update');
      if (!row) throw notFound(MSG.noPost);
      if (row.deletedAt) throw notFound(MSG.deleted);
      if (row.boardId !== board.id) throw badRequest(MSG.moveBoard);
      if (!can(actor, 'editPost', board, { userNo: row.userNo, deleted: false })) throw forbidden(MSG.notAuthor);
      key = input.key;
      nickName = row.nickName;
      before = row.content;
      await tx
        .update(posts)
        .set({
          category: input.category,
          subject: input.subject,
          content,
          // Only someone who may pin notices changes the flag.
          notice: can(actor, 'notice', board) ? input.notice : row.notice,
          updatedAt: new Date(),
        })
        .where(eq(posts.key, key));
    }
    const attached = await attachFiles(tx, member.no, key, input.files);
    await tx
      .update(posts)
      .set({ hasImage: attached.hasImage || hasInlineImage, hasFile: attached.hasFile, ...searchColumns(input.subject, text, nickName) })
      .where(eq(posts.key, key));

    // Mentions: only members newly named by this save.
    const already = new Set(mentionedUserIds(before));
    const named = mentionedUserIds(content).filter((id) => !already.has(id));
    await notifyMentions(tx, {
      userIds: named,
      from: member,
      readers: (nos) => readersAmong(tx, board, nos),
      boardId: board.id,
      boardName: board.name,
      articleKey: key,
      content: `${member.nickName}님이 글에서 회원님을 언급했습니다: ${input.subject}`,
    });
    return key;
  });
  // A new post, or one moved to another category: the list totals change.
  forgetTotals(db);
  return saved;
}

/** Soft delete by the author or an administrator; the post's points go back. */
export async function deletePost(db: Db, actor: Actor, key: number): Promise<void> {
  const post = await loadPost(db, key);
  if (post.deleted) throw notFound(MSG.deleted);
  // Everything read outside the transaction first: PGlite has one connection.
  const [board, settings] = await Promise.all([getBoard(db, post.boardId), getSettings(db)]);
  if (!can(actor, 'deletePost', board, post)) throw forbidden(MSG.notAuthorDelete);
  await db.transaction(async (tx) => {
    const done = await tx
      .update(posts)
      .set({ deletedAt: new Date() })
      .where(and(eq(posts.key, key), isNull(posts.deletedAt)))
      .returning({ key: posts.key });
    if (done.length === 0) throw notFound(MSG.deleted);
    if (post.userNo !== null) await awardPoints(tx, post.userNo, -settings.points.post, `글 삭제 (${board.name})`);
  });
  forgetTotals(db);
}

/** Once per member, never one's own post; the author earns the recommended points. */
export async function recommendPost(db: Db, actor: Actor, key: number): Promise<number> {
  const { post, board } = await readablePost(db, actor, key);
  const member = actor.member!;
  if (post.userNo === member.no) throw forbidden(MSG.ownPost);
  if (!can(actor, 'recommend', board, post)) throw forbidden(MSG.noRead);
  const settings = await getSettings(db);
  return db.transaction(async (tx) => {
    const added = await tx.insert(recommendations).values({ postKey: key, userNo: member.no }).onConflictDoNothing().returning({ k: recommendations.postKey });
    if (added.length === 0) throw conflict(MSG.recommended, 'recommended');
    const [row] = await tx
      .update(posts)
      .set({ recommends: sql`${posts.recommends} + 1` })
      .where(eq(posts.key, key))
      .returning({ recommends: posts.recommends });
    if (post.userNo !== null) await awardPoints(tx, post.userNo, settings.points.recommended, `추천 받음 (${board.name})`);
    return row!.recommends;
  });
}

/** Comments keep the post's count current (the comments module calls this). */
export async function adjustCommentCount(tx: Tx, key: number, delta: number) {
  await tx
    .update(posts)
    .set({ commentCount: sql`greatest(${posts.commentCount} + ${delta}, 0)` })
    .where(eq(posts.key, key));
}
