// A board list with a search: a few slices of the board at a time, behind the read gate
// (docs/decisions/0020-search-slices.md). The search runs on one gated connection under the
// statement timeout; a single word of one or two characters brings its page's rows in the same
// statement, any other query's page is read afterwards, outside the gate.
import { eq, sql } from 'drizzle-orm';
import type { PostPage, PostSummary } from '../../../common/api/boards.js';
import { PAGE_SIZE } from '../../../common/constants.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { forward } from '../../lib/errors.js';
import type { ReadGate } from '../../lib/read-gate.js';
import { posts, users } from '../../db/schema/index.js';
import { allBoards, MSG, requireRead } from './board-rules.js';
import { presentRows, summariesByKeys, summaryColumns } from './lists.js';
import type { SummaryRow } from './present.js';
import type { Actor } from './policy.js';
import { exactStatement, type SearchField, searchSlice, type SliceInput, type SliceResult, sliceResult } from './search.js';

export interface SearchInput {
  boardId: string;
  category: string;
  page: number;
  search: string;
  searchField: SearchField;
  before?: number | undefined;
}

export async function searchPosts(db: Db, gate: ReadGate, limits: Config['search'], actor: Actor, q: SearchInput): Promise<PostPage> {
  const all = await allBoards(db);
  const board = all.get(q.boardId);
  if (!board) throw forward(404, MSG.noBoard);
  requireRead(actor, board);
  if (q.category !== 'c0' && !board.categories.some((c) => c.code === q.category)) throw forward(404, MSG.noCategory);

  const pageSize = PAGE_SIZE.board;
  const input: SliceInput = {
    boardId: board.id,
    category: q.category,
    field: q.searchField,
    query: q.search,
    before: q.before,
    page: q.page,
    pageSize,
    slicePosts: limits.slicePosts,
    matchCap: limits.matchCap,
  };
  const exact = exactStatement(input);
  let found: SliceResult;
  let byKey: Map<number, PostSummary>;
  if (exact) {
    // A single short word: the search and its page's rows in one statement, one round trip.
    const rows = await gate.run((tx) =>
      tx
        .select({ ...summaryColumns, n: sql<number>`x.n`, last: sql<string | null>`x.last`, page: sql<string[] | string>`x.page`, lowest: sql<string | null>`x.lowest` })
        .from(sql`(${exact}) as x`)
        .leftJoin(posts, sql`${posts.key} = any(x.page) and ${posts.deletedAt} is null`)
        .leftJoin(users, eq(users.no, posts.userNo)),
    );
    found = sliceResult(rows[0]!, limits.matchCap);
    const summaries = await presentRows(db, rows.filter((r) => r.key !== null) as SummaryRow[]);
    byKey = new Map(summaries.map((i) => [i.key, i]));
  } else {
    found = await gate.run((tx) => searchSlice(tx, input));
    byKey = await summariesByKeys(db, found.keys);
  }
  const items = found.keys.flatMap((k) => byKey.get(k) ?? []);
  return { items, page: q.page, pageSize, total: found.total, search: { before: q.before ?? null, next: found.next, capped: found.capped, slicePosts: limits.slicePosts } };
}
