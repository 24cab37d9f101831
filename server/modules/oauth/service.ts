// Linked Kakao and Naver accounts (docs/product/sign-in.md#kakao-and-naver): signing in through a
// link, creating a member from the completion step, linking and unlinking. A provider account is
// never joined to a member by its address: only by the member's own password or session.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type AuthLinks, type OAuthProvider, PROVIDER_NAME, type RecheckWays } from '../../../common/api/oauth.js';
import { formatDateTime } from '../../../common/format.js';
import type { Db, Tx } from '../../db/client.js';
import { authLinks, passkeys, users } from '../../db/schema/index.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.js';
import { isUnusableHash } from '../../lib/legacy-passwords.js';
import type { Sealer } from '../../lib/secret.js';
import { recordSignIn } from '../auth/service.js';
import { getSettings } from '../community/service.js';
import { checkSuspension } from '../users/admin-user-actions.js';
import { createMember } from '../users/service.js';

export const OAUTH_MSG = {
  closed: '지금은 회원 가입을 받지 않습니다.',
  takenByOther: (p: OAuthProvider) => `이 ${PROVIDER_NAME[p]} 계정은 이미 다른 회원에게 연결되어 있습니다.`,
  alreadyLinked: (p: OAuthProvider) => `이미 ${PROVIDER_NAME[p]} 계정이 연결되어 있습니다. 먼저 연결을 해제해 주세요.`,
  lastWay: '다른 로그인 방법(암호, 다른 간편 로그인, 패스키)이 없어 연결을 해제할 수 없습니다. 먼저 암호를 정하거나 다른 방법을 연결해 주세요.',
  notLinked: (p: OAuthProvider) => `연결된 ${PROVIDER_NAME[p]} 계정이 없습니다.`,
  linked: (p: OAuthProvider) => `${PROVIDER_NAME[p]} 계정을 연결했습니다. 이제 ${PROVIDER_NAME[p]}로 로그인할 수 있습니다.`,
  unlinked: (p: OAuthProvider) => `${PROVIDER_NAME[p]} 계정 연결을 해제했습니다.`,
  notYours: (p: OAuthProvider) =>
    `이 ${PROVIDER_NAME[p]} 계정은 지금 로그인한 회원에게 연결된 계정이 아니어서 확인하지 않았습니다. 연결한 ${PROVIDER_NAME[p]} 계정으로 다시 시도해 주세요.`,
  rechecked: (p: OAuthProvider) => `${PROVIDER_NAME[p]}로 본인임을 확인했습니다.`,
} as const;

/** A password the member can sign in with (not a withdrawn mark, not one only a reset can replace). */
export const usablePassword = (hash: string) => !hash.startsWith('!') && !isUnusableHash(hash);

/** The member linked to this provider account, or null. */
export async function linkedMember(db: Tx, provider: OAuthProvider, subject: string) {
  const [row] = await db
    .select({ no: users.no, status: users.status })
    .from(authLinks)
    .innerJoin(users, eq(users.no, authLinks.userNo))
    .where(and(eq(authLinks.provider, provider), eq(authLinks.subject, subject)))
    .limit(1);
  return row ?? null;
}

/**
 * The same rules as a password sign-in once the member is known: a withdrawn member has no links
 * (withdrawal removed them), a suspension refuses with its reason, the day's first sign-in earns
 * its points. Notes when the link was last used.
 */
export async function admitLinked(db: Db, provider: OAuthProvider, subject: string, member: { no: number; status: string }) {
  if (member.status === 'withdrawn') throw unauthorized('탈퇴한 회원입니다.', 'withdrawn');
  if (member.status === 'suspended') {
    const refusal = await checkSuspension(db, member.no);
    if (refusal) throw forbidden(refusal, 'suspended');
  }
  await recordSignIn(db, member.no);
  await db.update(authLinks).set({ lastUsedAt: new Date() }).where(and(eq(authLinks.provider, provider), eq(authLinks.subject, subject)));
}

/** Adds the link; another member's link of that account, or a second one of the provider, is refused. */
export async function addLink(db: Tx, userNo: number, provider: OAuthProvider, subject: string) {
  const other = await linkedMember(db, provider, subject);
  if (other) throw conflict(other.no === userNo ? OAUTH_MSG.alreadyLinked(provider) : OAUTH_MSG.takenByOther(provider), 'link_taken');
  try {
    await db.insert(authLinks).values({ userNo, provider, subject, lastUsedAt: new Date() });
  } catch (e) {
    const constraint = uniqueViolation(e);
    if (constraint === null) throw e;
    throw conflict(constraint.includes('subject') ? OAUTH_MSG.takenByOther(provider) : OAUTH_MSG.alreadyLinked(provider), 'link_taken');
  }
}

/** A userId for a member who signed up with a provider: the provider's name and random letters. */
async function freeUserId(db: Tx, provider: OAuthProvider): Promise<string> {
  for (;;) {
    const id = `${provider}_${randomBytes(6).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '0')}`;
    const [row] = await db.select({ no: users.no }).from(users).where(eq(users.userId, id)).limit(1);
    if (!row) return id;
  }
}

/**
 * The completion step: a new member with the chosen nickname (the join's look-alike and reserved
 * rules, inside createMember), no password, and the provider's address only when it was verified
 * and no member holds it. The link and the member are one transaction.
 */
export async function createFromProvider(db: Db, sealer: Sealer, p: { provider: OAuthProvider; subject: string; email: string | null }, nickName: string) {
  if (!(await getSettings(db)).joinOpen) throw forbidden(OAUTH_MSG.closed, 'join_closed');
  return db.transaction(async (tx) => {
    if (await linkedMember(tx, p.provider, p.subject)) throw conflict(OAUTH_MSG.takenByOther(p.provider), 'link_taken');
    const email = p.email && !(await emailTaken(tx, p.email)) ? p.email : null;
    const userId = await freeUserId(tx, p.provider);
    const no = await createMember(tx, sealer, { userId, nickName, email });
    await addLink(tx, no, p.provider, p.subject);
    return { no, userId };
  });
}

async function emailTaken(db: Tx, email: string) {
  const [row] = await db.select({ no: users.no }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/** The pending account's address as the completion step shows it: '' when it would not be kept. */
export async function offeredEmail(db: Tx, email: string | null) {
  return email && !(await emailTaken(db, email)) ? email : '';
}

async function waysIn(db: Tx, userNo: number) {
  const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.no, userNo));
  const links = await db.select().from(authLinks).where(eq(authLinks.userNo, userNo)).orderBy(authLinks.createdAt);
  const [k] = await db.select({ n: sql<number>`count(*)::int` }).from(passkeys).where(eq(passkeys.userNo, userNo));
  return { hasPassword: u ? usablePassword(u.hash) : false, links, passkeys: k?.n ?? 0 };
}

export async function listLinks(db: Tx, userNo: number, enabled: OAuthProvider[]): Promise<AuthLinks> {
  const w = await waysIn(db, userNo);
  const others = (w.hasPassword ? 1 : 0) + w.passkeys;
  return {
    links: w.links.map((l) => ({
      provider: l.provider,
      linkedAt: formatDateTime(l.createdAt),
      lastUsedAt: l.lastUsedAt ? formatDateTime(l.lastUsedAt) : '',
      canUnlink: others + w.links.length - 1 > 0,
    })),
    available: enabled.filter((p) => !w.links.some((l) => l.provider === p)),
    hasPassword: w.hasPassword,
  };
}

/** Removes a link while the member keeps another way to sign in (under a row lock, so two unlinks cannot both pass). */
export async function unlink(db: Db, userNo: number, provider: OAuthProvider) {
  await db.transaction(async (tx) => {
    await tx.select({ no: users.no }).from(users).where(eq(users.no, userNo)).for('update');
    const w = await waysIn(tx, userNo);
    if (!w.links.some((l) => l.provider === provider)) throw badRequest(OAUTH_MSG.notLinked(provider), 'not_linked');
    if (!w.hasPassword && w.passkeys === 0 && w.links.length <= 1) throw badRequest(OAUTH_MSG.lastWay, 'last_way_in');
    await tx.delete(authLinks).where(and(eq(authLinks.userNo, userNo), eq(authLinks.provider, provider)));
  });
}

/** The ways this member can pass my-info's re-check (the password, a linked provider that is on, a passkey). */
export async function recheckWays(db: Tx, userNo: number, enabled: OAuthProvider[]): Promise<RecheckWays> {
  const w = await waysIn(db, userNo);
  return {
    password: w.hasPassword,
    providers: enabled.filter((p) => w.links.some((l) => l.provider === p)),
    passkey: w.passkeys > 0,
  };
}
