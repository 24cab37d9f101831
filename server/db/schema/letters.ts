import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Private letters (docs/product/letters.md#letters): one row seen by exactly two members. Each side deletes its own
 * copy (senderDeletedAt / receiverDeletedAt); the row goes when both have. The content is plain
 * text (rendered with common/content on read); the nicknames at sending time stay for members
 * who withdraw later.
 */
export const letters = pgTable(
  'letters',
  {
    letterKey: serial('letter_key').primaryKey(),
    senderNo: integer('sender_no')
      .notNull()
      .references(() => users.no),
    receiverNo: integer('receiver_no')
      .notNull()
      .references(() => users.no),
    senderNick: text('sender_nick').notNull(),
    receiverNick: text('receiver_nick').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    senderDeletedAt: timestamp('sender_deleted_at', { withTimezone: true }),
    receiverDeletedAt: timestamp('receiver_deleted_at', { withTimezone: true }),
    /** Hidden by an admin after a report: a notice shows instead of the text. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('letters_inbox_idx').on(t.receiverNo, t.letterKey.desc()).where(sql`${t.receiverDeletedAt} is null`),
    index('letters_sent_idx').on(t.senderNo, t.letterKey.desc()).where(sql`${t.senderDeletedAt} is null`),
    index('letters_unread_idx').on(t.receiverNo).where(sql`${t.readAt} is null and ${t.receiverDeletedAt} is null`),
  ],
);
