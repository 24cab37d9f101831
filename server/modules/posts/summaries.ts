// Rows of posts as every list shows them (PostSummary): the columns a list reads, its authors
// ranked in one query, and summaries by key (searches, scraps). Board lists, the member's space and
// the post view's neighbours all build their rows from these.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PostSummary } from '../../../common/api/boards.js';
import { type Db, perDatabase } from '../../db/client.js';
import { posts, users } from '../../db/schema/index.js';
import { allBoards, type Board } from './board-rules.js';
import { presentSummary, ranksFor, type SummaryRow } from './present.js';

export const summaryColumns = {
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
  hasPoll: posts.hasPoll,
  secret: posts.secret,
  answerDepth: posts.answerDepth,
  answerTo: posts.answerTo,
  userId: users.userId,
  points: users.points,
  status: users.status,
};

/**
 * A page in thread order (decision 39): an answer moves to just below the post it answers when
 * that post is on the same page, older answers first; the rest keep the list's newest-first
 * order. The page holds the same rows, so the list's query and its page chunks stay as they are.
 */
export function threadOrder<R extends { key: number; answerTo: number | null; notice: boolean }>(rows: R[]): R[] {
  const onPage = new Set(rows.map((r) => r.key));
  const under = new Map<number, R[]>();
  for (const r of rows) {
    if (r.answerTo !== null && onPage.has(r.answerTo) && !r.notice) {
      const list = under.get(r.answerTo) ?? [];
      list.unshift(r);
      under.set(r.answerTo, list);
    }
  }
  if (under.size === 0) return rows;
  const out: R[] = [];
  const place = (r: R) => {
    out.push(r);
    for (const a of under.get(r.key) ?? []) place(a);
  };
  for (const r of rows) if (!(r.answerTo !== null && onPage.has(r.answerTo) && !r.notice)) place(r);
  return out;
}

/** Summaries of the rows, authors ranked in one query; secret posts' subjects only for an administrator's list. */
export async function presentRows(db: Db, rows: SummaryRow[], all?: Map<string, Board>, revealSecret = false): Promise<PostSummary[]> {
  const [ranks, boardMap] = await Promise.all([ranksFor(db, rows), all ?? allBoards(db)]);
  return rows.map((r) => presentSummary(r, boardMap.get(r.boardId), ranks, revealSecret));
}

/**
 * The rows of posts by key, a prepared statement per database: every search page reads its 20
 * rows after the search, and planning this read cost as much as running it. The keys are one
 * array value, so the text is the same for any number of them.
 */
const summaryRows = perDatabase((db) =>
  db
    .select(summaryColumns)
    .from(posts)
    .leftJoin(users, eq(users.no, posts.userNo))
    .where(and(sql`${posts.key} = any(${sql.placeholder('keys')}::bigint[])`, isNull(posts.deletedAt)))
    .prepare('post_summaries_by_key'),
);

/** Summaries of posts by key, in the order given (deleted posts are skipped). */
export async function summariesByKeys(db: Db, keys: number[]): Promise<Map<number, PostSummary>> {
  if (keys.length === 0) return new Map();
  const rows = await summaryRows(db).execute({ keys });
  const items = await presentRows(db, rows);
  return new Map(items.map((i) => [i.key, i]));
}
