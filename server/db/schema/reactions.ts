import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { alarms } from './boards.js';
import { users } from './users.js';

/**
 * A member's one reaction (공감) to a post or a comment (docs/product/reactions.md): changing it
 * replaces the row, taking it back deletes it. No foreign key to the target: posts and comments
 * are two tables, and both are only ever soft-deleted.
 */
export const reactions = pgTable(
  'reactions',
  {
    targetKind: text('target_kind').notNull(),
    targetKey: bigint('target_key', { mode: 'number' }).notNull(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    reaction: text('reaction').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.targetKind, t.targetKey, t.userNo] }),
    // Who reacted with one reaction, newest first (the list's pages).
    index('reactions_list_idx').on(t.targetKind, t.targetKey, t.reaction, t.createdAt.desc()),
    check('reactions_target_check', sql`${t.targetKind} in ('post', 'comment')`),
  ],
);

/**
 * Per target, the counts the post view and the comment list read (no group-by over the reactions),
 * kept in the toggle's transaction; and the author's one grouped alarm about the target.
 */
export const reactionCounts = pgTable(
  'reaction_counts',
  {
    targetKind: text('target_kind').notNull(),
    targetKey: bigint('target_key', { mode: 'number' }).notNull(),
    /** Reaction → how many members chose it; a reaction nobody chose is left out. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    /** The author's grouped alarm (updated, not multiplied, by further reactions). */
    alarmKey: integer('alarm_key').references(() => alarms.key, { onDelete: 'set null' }),
    /** When the author was last notified by push or mail about this target (at most once a window). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.targetKind, t.targetKey] })],
);
