import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { boards } from './boards.js';

/**
 * Page boundaries of the board lists (decision 21). For a board and a scope (c0 = every
 * category, or one category code), the live posts are cut into consecutive key ranges: a chunk
 * holds the posts with keys above the next older chunk's maxKey up to its own maxKey, and
 * liveCount is how many of them are not deleted. The write path keeps the counts exact, so the
 * sum of a scope's counts is the list's total and a deep page is found by summing counts from
 * the newest chunk, then reading at most one chunk's worth of index entries.
 */
export const boardPageChunks = pgTable(
  'board_page_chunks',
  {
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id),
    scope: text('scope').notNull(),
    maxKey: bigint('max_key', { mode: 'number' }).notNull(),
    liveCount: integer('live_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.scope, t.maxKey] })],
);
