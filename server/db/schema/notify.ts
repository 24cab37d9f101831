import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One browser on one device that asked for web push (docs/product/notifications.md). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    /** The push service's address for this browser: an https URL of a public host. */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's keys (base64url) the payload is encrypted to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A short name of the device for the settings list (from its user agent). */
    device: text('device').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userNo)],
);

/** A member's choices; a member without a row has the defaults. */
export const notifySettings = pgTable('notify_settings', {
  userNo: integer('user_no')
    .primaryKey()
    .references(() => users.no),
  /** Kind → the channels ('push', 'email') that are on for it; a kind not listed has its default. */
  channels: jsonb('channels').$type<Record<string, string[]>>().notNull().default({}),
  /** Pushes wait during quiet hours (Korean time, minutes after midnight). */
  quietHours: boolean('quiet_hours').notNull().default(true),
  quietStart: smallint('quiet_start').notNull().default(1380),
  quietEnd: smallint('quiet_end').notNull().default(420),
  /** The daily mail at 08:00 Korean time of unread alarms and letters. */
  digest: boolean('digest').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Durable work shared by every node (pushes, mails): taken with FOR UPDATE SKIP LOCKED and a lease,
 * so several nodes send each message once and a node that dies leaves its jobs to the others.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** A second job with the same key in the same queue is not added (a digest a day, a mail per event). */
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** Held by a node until then; a lease past its time is free again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Given up after the last attempt. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_uq').on(t.queue, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    index('jobs_due_idx').on(t.queue, t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

/** A mailed link: address verification or a password reset. Only the token's hash is kept. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    /** The address the link was sent to: verifying it fails if the member changed it since. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_user_idx').on(t.userNo, t.purpose)],
);
