// A board list with a search: one slice of the board at a time, behind the read gate
// (docs/decisions/0020-search-slices.md). The search statement runs on one gated connection under
// the statement timeout; the page's rows are read afterwards, outside the gate.
import type { PostPage } from '../../../common/api/boards.js';
import { PAGE_SIZE } from '../../../common/constants.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { forward } from '../../lib/errors.js';
import type { ReadGate } from '../../lib/read-gate.js';
import { allBoards, MSG, requireRead } from '../posts/board-rules.js';
import { summariesByKeys } from '../posts/summaries.js';
import type { Actor } from '../posts/policy.js';
import { type SearchField, searchSlice } from '../posts/search.js';

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
  const found = await gate.run((tx) =>
    searchSlice(tx, {
      boardId: board.id,
      category: q.category,
      field: q.searchField,
      query: q.search,
      before: q.before,
      page: q.page,
      pageSize,
      slicePosts: limits.slicePosts,
      matchCap: limits.matchCap,
    }),
  );
  const byKey = await summariesByKeys(db, found.keys);
  const items = found.keys.flatMap((k) => byKey.get(k) ?? []);
  return { items, page: q.page, pageSize, total: found.total, search: { before: q.before ?? null, next: found.next, capped: found.capped, slicePosts: limits.slicePosts } };
}
