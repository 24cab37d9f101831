import { bigint, bigserial, boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { posts } from './boards.js';
import { users } from './users.js';

/** A donation the admin recorded; /donate/thanks lists them by year (docs/product/donations.md). */
export const donations = pgTable(
  'donations',
  {
    id: serial('id').primaryKey(),
    /** The member who gave, when known; the shown name is kept as it was. */
    donorNo: integer('donor_no').references(() => users.no),
    /** Nickname shown on the thanks page; ignored when anonymous. */
    donorName: text('donor_name').notNull().default(''),
    anonymous: boolean('anonymous').notNull().default(false),
    amount: integer('amount').notNull(),
    amountPublic: boolean('amount_public').notNull().default(true),
    donatedOn: date('donated_on', { mode: 'string' }).notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('donations_date_idx').on(t.donatedOn)],
);

/**
 * A member's report of one thing (post, comment, market item, gallery item, letter); one per
 * member per thing. The admin resolves it: dismiss, hide the content, or suspend the author.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterNo: integer('reporter_no')
      .notNull()
      .references(() => users.no),
    kind: text('kind', { enum: ['post', 'comment', 'market', 'gallery', 'letter'] }).notNull(),
    targetKey: text('target_key').notNull(),
    /** The reported content's author at report time. */
    authorNo: integer('author_no').references(() => users.no),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'dismissed', 'hidden', 'suspended'] })
      .notNull()
      .default('open'),
    resolvedBy: integer('resolved_by').references(() => users.no),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_once_idx').on(t.reporterNo, t.kind, t.targetKey),
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.kind, t.targetKey),
    index('reports_author_idx').on(t.authorNo),
  ],
);

/** Earlier versions of an edited post: the author and admins can see them. */
export const postVersions = pgTable(
  'post_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postKey: bigint('post_key', { mode: 'number' })
      .notNull()
      .references(() => posts.key),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    /** When this version was written (the post's updatedAt before the edit). */
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
    editedBy: integer('edited_by').references(() => users.no),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_versions_post_idx').on(t.postKey, t.id)],
);
