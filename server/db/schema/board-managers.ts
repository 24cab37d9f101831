import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { boards } from './boards.js';
import { users } from './users.js';

/**
 * Board managers (docs/product/board-managers.md): members the administrator names for a board
 * (the market's and the galleries' boards too). A manager hides and restores content of the board,
 * pins notices, moves posts between boards they manage and handles the board's reports.
 * Saved with the board (/api/admin/board/save); a board's id change carries its rows along.
 */
export const boardManagers = pgTable(
  'board_managers',
  {
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id, { onUpdate: 'cascade', onDelete: 'cascade' }),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.boardId, t.userNo] }),
    // A member's boards (the reports queue and the session's checks look them up by member).
    index('board_managers_user_idx').on(t.userNo),
  ],
);
