// Mailed links (docs/product/members.md#email): address verification and password reset. A link
// carries a random token; only its hash is stored, bound to the member, the purpose and the
// address it went to. It expires (24 h to verify, 1 h to reset) and works once.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { emailTokens, notifySettings, users } from '../../db/schema/index.js';
import { now as clockNow } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Sealer } from '../../lib/secret.js';
import { forgetMember } from '../../lib/session.js';
import { cachedSettings } from '../community/service.js';
import { closeOldPasswordWays } from '../users/password-change.js';
import { NOTIFY_KINDS, type NotifyKind } from '../../../common/api/notify.js';
import { resetMail, verifyMail } from './compose.js';
import { mailRuntime, queueMail, withinDailyLimits } from './mailer.js';

export const TOKEN_TTL = { verify: 24 * 3600_000, reset: 3600_000 } as const;
/** A second verification or reset mail to the same member or address waits this long. */
export const RESEND_GAP_MS = 60_000;

export const MAIL_MSG = {
  verified: '이메일 주소가 인증되었습니다.',
  badVerifyLink: '인증 링크가 만료되었거나 이미 사용되었습니다. 내 정보에서 인증 메일을 다시 보내 주세요.',
  otherAddress: '이 링크는 지금 등록된 이메일 주소의 것이 아닙니다. 내 정보에서 인증 메일을 다시 보내 주세요.',
  badResetLink: '암호 찾기 링크가 만료되었거나 이미 사용되었습니다. 암호 찾기를 다시 해 주세요.',
  alreadyVerified: '이미 인증된 이메일 주소입니다.',
  noAddress: '등록된 이메일 주소가 없습니다. 내 정보에서 이메일을 먼저 입력해 주세요.',
  wait: '인증 메일은 1분에 한 번 보낼 수 있습니다. 잠시 후 다시 시도해 주세요.',
  dailyLimit: '오늘은 이 주소로 메일을 더 보낼 수 없습니다. 내일 다시 시도해 주세요.',
  verifySent: (email: string) => `${email} 주소로 인증 메일을 보냈습니다. 메일의 링크를 24시간 안에 눌러 주세요.`,
  /** The answer to every reset-by-mail request, whether or not the account and address match. */
  resetAnswer: '입력하신 아이디와 이메일이 인증된 주소로 등록되어 있다면 암호를 다시 정하는 메일을 보냈습니다. 메일이 오지 않으면 스팸함을 확인하거나 비밀번호 질문으로 찾아 주세요.',
  resetDone: '암호가 변경되었습니다. 새 암호로 로그인해 주세요.',
  unsubscribed: '이 메일 받기를 껐습니다.',
  badUnsubscribe: '수신 거부 링크가 올바르지 않습니다.',
} as const;

type Purpose = 'verify' | 'reset';

const hashToken = (t: string) => createHash('sha256').update(t).digest('base64url');

/** Was a link of this purpose sent to the member or to the address within the last minute? */
async function sentRecently(tx: Tx, userNo: number | null, email: string, purpose: Purpose): Promise<boolean> {
  const since = new Date(clockNow().getTime() - RESEND_GAP_MS);
  const whom = userNo === null ? eq(emailTokens.email, email) : or(eq(emailTokens.userNo, userNo), eq(emailTokens.email, email));
  const rows = await tx
    .select({ n: emailTokens.userNo })
    .from(emailTokens)
    .where(and(eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, since), whom))
    .limit(1);
  return rows.length > 0;
}

/** A new link for the member: earlier unused links of the same purpose stop working. */
async function issueToken(tx: Tx, userNo: number, email: string, purpose: Purpose): Promise<string> {
  const at = clockNow();
  await tx
    .update(emailTokens)
    .set({ usedAt: at })
    .where(and(eq(emailTokens.userNo, userNo), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailTokens).values({ tokenHash: hashToken(token), userNo, purpose, email, createdAt: at, expiresAt: new Date(at.getTime() + TOKEN_TTL[purpose]) });
  return token;
}

/**
 * Takes a link's token for use, in the caller's transaction: the row locked, unused, not expired.
 * Null when it is none of these.
 */
async function takeToken(tx: Tx, token: string, purpose: Purpose) {
  const at = clockNow();
  const [row] = await tx
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)))
    .for('update');
  if (!row || row.usedAt || row.expiresAt.getTime() <= at.getTime()) return null;
  await tx.update(emailTokens).set({ usedAt: at }).where(eq(emailTokens.tokenHash, row.tokenHash));
  return row;
}

export type VerifyOutcome = 'queued' | 'verified' | 'no_address' | 'wait' | 'limit';

/**
 * Queues a verification mail to the member's current address (sign-up, a changed address, the
 * profile's "send again"). Not for a verified address; once a minute per address, and for "send
 * again" once a minute per member too (a new address gets its link at once).
 */
export async function queueVerification(
  db: Db,
  sealer: Sealer,
  origin: string,
  userNo: number,
  { perMember = true } = {},
): Promise<{ outcome: VerifyOutcome; email: string }> {
  const [u] = await db
    .select({ email: users.email, nickName: users.nickName, verifiedAt: users.emailVerifiedAt, status: users.status })
    .from(users)
    .where(eq(users.no, userNo));
  if (!u?.email || u.status !== 'active') return { outcome: 'no_address', email: '' };
  if (u.verifiedAt) return { outcome: 'verified', email: u.email };
  const { siteName } = await cachedSettings(db);
  const email = u.email;
  const outcome = await db.transaction(async (tx) => {
    if (await sentRecently(tx, perMember ? userNo : null, email, 'verify')) return 'wait' as const;
    if (!(await withinDailyLimits(tx, email, userNo))) return 'limit' as const;
    const token = await issueToken(tx, userNo, email, 'verify');
    const url = `${origin}/user/email/verify?t=${token}`;
    await queueMail(tx, sealer, { to: email, userNo, kind: 'verify', content: verifyMail(siteName, u.nickName ?? '', url) });
    return 'queued' as const;
  });
  return { outcome, email };
}

/**
 * After sign-up or a change of address (modules/users): the verification mail of the member's
 * address, when mail is on. Never fails the call it follows: a refused mail can be sent again
 * from my-info.
 */
export async function verifyNewAddress(db: Db, userNo: number, log: { warn(obj: object, msg: string): void }): Promise<void> {
  const rt = mailRuntime();
  if (!rt) return;
  try {
    const { outcome } = await queueVerification(db, rt.sealer, rt.origin, userNo, { perMember: false });
    if (outcome === 'queued') rt.wake();
  } catch (err) {
    log.warn({ err, userNo }, 'verification mail not queued');
  }
}

/** A verification link opened: the address it went to is the member's address, verified now. */
export async function verifyEmail(db: Db, token: string): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const row = await takeToken(tx, token, 'verify');
    if (!row) return 'bad' as const;
    const [u] = await tx.select({ email: users.email, status: users.status }).from(users).where(eq(users.no, row.userNo));
    if (!u || u.status !== 'active' || u.email !== row.email) return 'other' as const;
    await tx.update(users).set({ emailVerifiedAt: clockNow() }).where(eq(users.no, row.userNo));
    return 'ok' as const;
  });
  // The refusals are kept apart from the token's use: a used or other-address link stays used.
  if (outcome === 'bad') throw badRequest(MAIL_MSG.badVerifyLink, 'bad_link');
  if (outcome === 'other') throw badRequest(MAIL_MSG.otherAddress, 'other_address');
}

/**
 * Reset by mail, asked with a userId and an address: only an active member whose verified address
 * it is gets a link. The caller answers the same whatever happens here.
 */
export async function queueReset(db: Db, sealer: Sealer, origin: string, userId: string, email: string): Promise<boolean> {
  const [u] = await db
    .select({ no: users.no, userId: users.userId, email: users.email })
    .from(users)
    .where(and(eq(users.userId, userId.trim().toLowerCase()), eq(users.email, email), eq(users.status, 'active'), sql`${users.emailVerifiedAt} is not null`))
    .limit(1);
  const { siteName } = await cachedSettings(db);
  if (!u?.email) return false;
  const to = u.email;
  return db.transaction(async (tx) => {
    if (await sentRecently(tx, u.no, to, 'reset')) return false;
    if (!(await withinDailyLimits(tx, to, u.no))) return false;
    const token = await issueToken(tx, u.no, to, 'reset');
    const url = `${origin}/user/password/reset?t=${token}`;
    return queueMail(tx, sealer, { to, userNo: u.no, kind: 'reset', content: resetMail(siteName, u.userId, url) });
  });
}

/** Is the reset link still good (the page says so before asking for a password)? */
export async function resetLinkValid(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ usedAt: emailTokens.usedAt, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, 'reset')));
  return !!row && !row.usedAt && row.expiresAt.getTime() > clockNow().getTime();
}

/** The reset link's page: the new password (argon2id), the link used up, every session ended. */
export async function resetByToken(db: Db, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const userNo = await db.transaction(async (tx) => {
    const row = await takeToken(tx, token, 'reset');
    if (!row) return null;
    const [u] = await tx.select({ email: users.email, status: users.status }).from(users).where(eq(users.no, row.userNo));
    // The address changed since the mail (or the member left): the link no longer opens the account.
    if (!u || u.status !== 'active' || u.email !== row.email) return null;
    await tx.update(users).set({ passwordHash }).where(eq(users.no, row.userNo));
    await closeOldPasswordWays(tx, row.userNo);
    return row.userNo;
  });
  if (userNo === null) throw badRequest(MAIL_MSG.badResetLink, 'bad_link');
  forgetMember(userNo);
}

/** What a one-click unsubscribe link names: the member and the kind of mail (or the digest). */
export type UnsubscribeTarget = { userNo: number; kind: NotifyKind | 'digest' };

const UNSUBSCRIBE_PREFIX = 'unsub:';

/** The signed (sealed: AES-GCM authenticates it) token of an unsubscribe link. */
export const unsubscribeToken = (sealer: Sealer, t: UnsubscribeTarget) => sealer.seal(`${UNSUBSCRIBE_PREFIX}${t.userNo}:${t.kind}`);

export function readUnsubscribeToken(sealer: Sealer, token: string): UnsubscribeTarget | null {
  let plain: string;
  try {
    plain = sealer.open(token);
  } catch {
    return null;
  }
  const m = /^unsub:(\d+):([a-z_]+)$/.exec(plain);
  if (!m) return null;
  const kind = m[2] as string;
  if (kind !== 'digest' && !(NOTIFY_KINDS as readonly string[]).includes(kind)) return null;
  return { userNo: Number(m[1]), kind: kind as UnsubscribeTarget['kind'] };
}

/**
 * Turns the kind's mail off (or the digest) in the member's settings. Other kinds and channels
 * stay as they are; a kind not listed has mail off already (mail is opt-in).
 */
export async function unsubscribe(db: Db, target: UnsubscribeTarget): Promise<void> {
  await db.transaction(async (tx) => {
    const [u] = await tx.select({ no: users.no }).from(users).where(eq(users.no, target.userNo));
    if (!u) return;
    const [row] = await tx.select().from(notifySettings).where(eq(notifySettings.userNo, target.userNo)).for('update');
    if (target.kind === 'digest') {
      if (row) await tx.update(notifySettings).set({ digest: false, updatedAt: clockNow() }).where(eq(notifySettings.userNo, target.userNo));
      return;
    }
    const listed = row?.channels[target.kind];
    if (!row || !listed?.includes('email')) return;
    const channels = { ...row.channels, [target.kind]: listed.filter((c) => c !== 'email') };
    await tx.update(notifySettings).set({ channels, updatedAt: clockNow() }).where(eq(notifySettings.userNo, target.userNo));
  });
}
