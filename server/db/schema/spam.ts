import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * What members wrote lately, as a keyed hash of the normalised text (docs/product/spam.md): the
 * same text sent again and again is refused. Rows older than the window are dropped as new ones come.
 */
export const spamTexts = pgTable(
  'spam_texts',
  {
    id: serial('id').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    textHash: text('text_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('spam_texts_user_idx').on(t.userNo, t.textHash, t.createdAt), index('spam_texts_created_idx').on(t.createdAt)],
);

/**
 * A member held for review: reported by enough different members (community setting). What they
 * write meanwhile is held (hidden from others) until an administrator releases or removes it.
 */
export const heldMembers = pgTable('held_members', {
  userNo: integer('user_no')
    .primaryKey()
    .references(() => users.no),
  /** How many different members had reported them when the hold began. */
  reporters: integer('reporters').notNull(),
  heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A post, comment or letter held for review (hidden from others through its hidden_at). */
export const heldItems = pgTable(
  'held_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['post', 'comment', 'letter'] }).notNull(),
    targetKey: integer('target_key').notNull(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('held_items_target_uq').on(t.kind, t.targetKey), index('held_items_held_idx').on(t.heldAt)],
);
