import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * userNo ignores ignoredNo (docs/decisions/0046-ignoring-members.md): their posts, comments,
 * market and gallery items fold for userNo, and their letters, mentions and other alarms no longer
 * reach userNo. Silent: ignoredNo is never told. One list for everything, letters included (it
 * replaced the letters' own block list).
 */
export const memberIgnores = pgTable(
  'member_ignores',
  {
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    ignoredNo: integer('ignored_no')
      .notNull()
      .references(() => users.no),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userNo, t.ignoredNo] })],
);
