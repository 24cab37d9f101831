// Board lists, the cross-board lists and the board summary. Lists read keys from the partial
// indexes first (an index-only scan, started at the page's chunk for deep pages) and join the 20
// rows afterwards; totals come from the counts the write path keeps (page-chunks.ts).
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { PostPage } from '../../../common/api/boards.js';
import { PAGE_SIZE } from '../../../common/constants.js';
import type { Db } from '../../db/client.js';
import { posts, users } from '../../db/schema/index.js';
import { forward } from '../../lib/errors.js';
import { isAdmin } from '../../lib/roles.js';
import { getSettings } from '../community/service.js';
import { type Actor, can } from '../posts/policy.js';
import type { SummaryRow } from '../posts/present.js';
import { presentRows, summaryColumns, threadOrder } from '../posts/summaries.js';
import { pageKeys, scopeTotal } from '../posts/page-chunks.js';
import { allBoards, MSG, requireRead } from '../posts/board-rules.js';
import { boardInfo } from './board-info.js';

const LIST_SIZE = PAGE_SIZE.board;
/** Notices pinned above page 1 of a board. */
const PINNED_MAX = 5;
/** Cross-board lists (all, topic) go this deep: they are for what is new, not for archives. */
const CROSS_BOARD_MAX = 2_000;

const live = isNull(posts.deletedAt);

/**
 * Newest first, in the order of the partial indexes ("key desc nulls last", as the schema made
 * them). A plain "key desc" means nulls first, which those indexes do not match: the planner then
 * read every entry of the board and sorted them, so page 1 cost as much as the last page. key is
 * never null, so the order is the same.
 */
const newestFirst = sql`${posts.key} desc nulls last`;

/**
 * One page of a board (category c0) or of one category, newest first. Where the page starts is
 * found from the board's page chunks (page-chunks.ts): the partial index on (board, key) or
 * (board, category, key) is read from the chunk holding the offset, so page 2,000 reads at most a
 * chunk and a page of index entries (an index-only scan), then the page's rows are joined by key.
 */
export function boardPageQuery(db: Db, boardId: string, category: string, offset: number, limit: number = LIST_SIZE) {
  return db
    .select(summaryColumns)
    .from(sql`${pageKeys(boardId, category, offset, limit)} as page`)
    .innerJoin(posts, sql`${posts.key} = page.page_key`)
    .leftJoin(users, eq(users.no, posts.userNo))
    .orderBy(desc(posts.key));
}

/** A board list without a search (searches: search-list.ts). */
export interface ListInput {
  boardId: string;
  category: string;
  page: number;
}

export async function listPosts(db: Db, actor: Actor, q: ListInput): Promise<PostPage> {
  const all = await allBoards(db);
  const board = all.get(q.boardId);
  if (!board) throw forward(404, MSG.noBoard);
  requireRead(actor, board);
  if (q.category !== 'c0' && !board.categories.some((c) => c.code === q.category)) throw forward(404, MSG.noCategory);

  const offset = (q.page - 1) * LIST_SIZE;
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
  const [page, total, pinned] = await Promise.all([boardPageQuery(db, board.id, q.category, offset), scopeTotal(db, board.id, q.category), pinnedQuery]);
  let rows: SummaryRow[] = page;
  if (pinned) {
    const keys = new Set(pinned.map((p) => p.key));
    rows = [...pinned, ...rows.filter((r) => !keys.has(r.key))];
  }
  return { items: await presentRows(db, threadOrder(rows), all, isAdmin(actor)), page: q.page, pageSize: LIST_SIZE, total };
}

/** The boards the caller may read, hidden boards left out (the cross-board lists). */
async function readableBoards(db: Db, actor: Actor) {
  const all = await allBoards(db);
  const ids = [...all.values()].filter((b) => !b.hidden && can(actor, 'read', b)).map((b) => b.id);
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
  return { items: await presentRows(db, rows, all, isAdmin(actor)), page, pageSize: LIST_SIZE, total: Number(count?.n ?? 0) };
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
  return { items: await presentRows(db, rows, all, isAdmin(actor)), page, pageSize: LIST_SIZE, total: Number(count?.n ?? 0) };
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
  const items = await presentRows(db, [...perCategory.flat(), ...best], all, isAdmin(actor));
  const byKey = new Map(items.map((i) => [i.key, i]));
  return {
    board: boardInfo(actor, board, settings.emoticons),
    categories: board.categories.map((c, i) => ({ ...c, items: perCategory[i]!.map((r) => byKey.get(r.key)!) })),
    best: best.map((r) => byKey.get(r.key)!),
  };
}
