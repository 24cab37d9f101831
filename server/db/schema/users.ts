import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Admin-defined tiers; a member's level follows their points (docs/product/members.md#points-and-levels). */
export const levels = pgTable('levels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  minPoints: integer('min_points').notNull().unique(),
  canMarket: boolean('can_market').notNull().default(false),
});

export const users = pgTable(
  'users',
  {
    /** Internal number; userId is the public, immutable login name. */
    no: serial('no').primaryKey(),
    userId: text('user_id').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    nickName: text('nick_name'),
    /**
     * The nickname's look-alike key (UTS #39 skeleton, lower case, no spaces or marks; see
     * server/modules/users/nick-names.ts). Unique: two members cannot hold names that look alike.
     */
    nickSkeleton: text('nick_skeleton'),
    email: text('email'),
    /** When the current address was confirmed by a mailed link; null: not (or changed since). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    question: text('question'),
    /** AES-256-GCM ciphertext of the normalised security answer. */
    answerEnc: text('answer_enc'),
    points: integer('points').notNull().default(0),
    levelId: integer('level_id').references(() => levels.id),
    status: text('status', { enum: ['active', 'suspended', 'withdrawn'] })
      .notNull()
      .default('active'),
    admin: boolean('admin').notNull().default(false),
    /** An admin's word on selling in the market for this member; null follows the level (levels.can_market). */
    canMarket: boolean('can_market'),
    real: boolean('real').notNull().default(false),
    /** Hash of the identity provider's duplicate-registration value; one identity, one account. */
    realDupHash: text('real_dup_hash').unique(),
    joinDate: timestamp('join_date', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** A suspension (status 'suspended') ends then; null means until an admin restores. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** Shown to the member when they try to log in while suspended. */
    suspendReason: text('suspend_reason'),
  },
  (t) => [
    // Withdrawn members keep their userId but give up nickname and email.
    uniqueIndex('users_nick_name_key').on(t.nickName).where(sql`${t.nickName} is not null`),
    uniqueIndex('users_nick_skeleton_key').on(t.nickSkeleton).where(sql`${t.nickSkeleton} is not null`),
    uniqueIndex('users_email_key').on(t.email).where(sql`${t.email} is not null`),
    // Activity rank (levelKey) counts members with more points.
    index('users_points_idx').on(t.points),
    // The site search finds members by any part of their nickname, two-letter Korean words too:
    // nick_grams (migration 0023) gives its single letters and two-letter windows, lower-cased.
    index('users_nick_grams_idx').using('gin', sql`nick_grams(${t.nickName})`).where(sql`${t.nickName} is not null`),
  ],
);

export const nickHistory = pgTable(
  'nick_history',
  {
    id: serial('id').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    content: text('content').notNull(),
    regDate: timestamp('reg_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('nick_history_user_idx').on(t.userNo, t.regDate)],
);

export const levelHistory = pgTable(
  'level_history',
  {
    id: serial('id').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    content: text('content').notNull(),
    regDate: timestamp('reg_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('level_history_user_idx').on(t.userNo, t.regDate)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value; the value itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    persistent: boolean('persistent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the member last re-entered their password (my-info); profile changes need it recent. */
    reauthAt: timestamp('reauth_at', { withTimezone: true }),
    /** When this sign-in passed a second step (a one-time code or a passkey); administrators need it. */
    secondStepAt: timestamp('second_step_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userNo), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Every point a member earns or loses, with the reason; users.points is its running sum. */
export const pointLedger = pgTable(
  'point_ledger',
  {
    id: serial('id').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('point_ledger_user_idx').on(t.userNo, t.createdAt)],
);

/** A password reset in progress, bound to the browser that started it (cookie hash). */
export const resetFlows = pgTable(
  'reset_flows',
  {
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    /**
     * Who runs the flow: `dev:<id>` for a browser that signed in to the account before, else
     * `ip:<address>`. Wrong answers and the lock are per client, so nobody elsewhere can lock the
     * owner's reset (decision 16).
     */
    client: text('client').notNull().default(''),
    tokenHash: text('token_hash').notNull(),
    stage: text('stage', { enum: ['asked', 'verified'] }).notNull(),
    wrongAnswers: integer('wrong_answers').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userNo, t.client] })],
);

/** A real-name verification started by a member; each can complete once. */
export const identityRequests = pgTable('identity_requests', {
  id: text('id').primaryKey(),
  userNo: integer('user_no')
    .notNull()
    .references(() => users.no),
  provider: text('provider').notNull(),
  status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
