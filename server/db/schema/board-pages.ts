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

/**
 * Search slices of the boards (decision 20). A board's posts are cut by key into slices of about
 * SLICE_SIZE posts: a slice holds the keys from its loKey up to the next newer slice's loKey (the
 * oldest slice starts at 0). Every post's search tokens carry its slice, so a search reads the
 * postings of the slices it covers only. posts counts the posts the slice was given (deleted ones
 * too) and maxKey is the highest of them: a new slice opens only above maxKey, so a slice's range
 * never changes for a post already in it.
 */
export const boardSearchSlices = pgTable(
  'board_search_slices',
  {
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id),
    loKey: bigint('lo_key', { mode: 'number' }).notNull(),
    posts: integer('posts').notNull(),
    maxKey: bigint('max_key', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.loKey] })],
);
