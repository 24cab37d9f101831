import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A Kakao or Naver account linked to a member (docs/product/sign-in.md). */
export const authLinks = pgTable(
  'auth_links',
  {
    id: serial('id').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    provider: text('provider', { enum: ['kakao', 'naver'] }).notNull(),
    /** The provider's stable id of the account (OpenID Connect `sub`, Naver's `id`). */
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_links_subject_uq').on(t.provider, t.subject), uniqueIndex('auth_links_user_provider_uq').on(t.userNo, t.provider)],
);

/** A WebAuthn credential (passkey) of a member. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    backedUp: boolean('backed_up').notNull().default(false),
    /** The member's name for it ("내 휴대폰"). */
    name: text('name').notNull().default(''),
    /** The authenticator's model (AAGUID) as it said at registration; all zeros when it keeps it to itself. */
    aaguid: text('aaguid').notNull().default(''),
    /** Where it was registered and last used: a short browser summary ("Android · Chrome"), never the raw user agent. */
    createdDevice: text('created_device').notNull().default(''),
    lastUsedDevice: text('last_used_device'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userNo)],
);

/**
 * Challenges already answered (WebAuthn), kept until they would have expired anyway: the
 * challenge itself travels in a sealed cookie, and this makes each one count once.
 */
export const usedChallenges = pgTable(
  'used_challenges',
  {
    /** SHA-256 of the challenge, base64url. */
    challengeHash: text('challenge_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_challenges_expires_idx').on(t.expiresAt)],
);

/** Two-step sign-in with a one-time code (RFC 6238). */
export const totpSecrets = pgTable('totp_secrets', {
  userNo: integer('user_no')
    .primaryKey()
    .references(() => users.no),
  /** The shared secret, sealed with the site's key (server/lib/secret.ts). */
  secretEnc: text('secret_enc').notNull(),
  /** Null while being set up (before the first good code). */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The time step of the last accepted code: a code is accepted once. */
  lastStep: integer('last_step').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes (hashed), shown once when two-step sign-in is turned on. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userNo)],
);

/**
 * One-time setup links for an administrator (docs/operations.md#first-start): printed by the
 * first start and by `npm run admin:setup-link`, stored as the SHA-256 of the token, used once,
 * expiring. Using one signs the administrator in and leads to the second step's setup.
 */
export const adminSetupLinks = pgTable(
  'admin_setup_links',
  {
    /** SHA-256 of the token, base64url. */
    tokenHash: text('token_hash').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    /** The site made the password (no ADMIN_PASSWORD): the link's page asks for the administrator's own. */
    setPassword: boolean('set_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('admin_setup_links_user_idx').on(t.userNo)],
);
