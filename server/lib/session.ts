// Sessions: an opaque random id in an httpOnly cookie; only its SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REMEMBER_DAYS, SESSION_IDLE_MINUTES } from '../../common/constants.js';
import type { Db, Tx } from '../db/client.js';
import { levels, sessions, totpSecrets, users } from '../db/schema/index.js';
import { unauthorized } from './errors.js';
import { activityRank } from './activity-rank.js';
import { refusedForSpace } from './disk-space.js';

export const SESSION_COOKIE = 'chalkak_sid';
const DAY_MS = 86_400_000;
const IDLE_MS = SESSION_IDLE_MINUTES * 60_000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

/** The signed-in member as the server knows them for one request. */
export interface Member {
  no: number;
  userId: string;
  nickName: string;
  /**
   * Administrator powers: an administrator account whose sign-in passed a second step (decision
   * 39); without it the account acts as a member and requireAdmin says why.
   */
  admin: boolean;
  /** The account is an administrator's (users.admin), second step or not. */
  adminAccount?: boolean;
  real: boolean;
  points: number;
  /** Activity rank: 1 = most points. */
  levelKey: number;
  /**
   * The member's level order (1 for the lowest level, as actorOf in boards counts it), read with
   * the session so a board call needs no query of its own for it.
   */
  levelOrder?: number;
  sessionHash: string;
  /** When the password was last re-entered in this session (my-info prompt). */
  reauthAt: Date | null;
  /** When this sign-in passed a second step (one-time code or passkey); administrators need it. */
  secondStepAt?: Date | null;
  /**
   * Two-step sign-in is on and this session has not passed it yet: only the second-step calls
   * see such a session (loadMember with `pending`); everything else treats it as signed out.
   */
  secondStepPending?: boolean;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(
  db: Tx,
  reply: FastifyReply,
  input: { userNo: number; persistent: boolean; ip: string; userAgent: string | undefined; secure: boolean; secondStep?: boolean },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + (input.persistent ? REMEMBER_DAYS * DAY_MS : IDLE_MS));
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userNo: input.userNo,
    persistent: input.persistent,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300),
    // A sign-in that is itself a second step (a passkey that verified the person).
    ...(input.secondStep ? { secondStepAt: new Date(now) } : {}),
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: input.secure,
    // Without maxAge the cookie ends with the browser; the server also expires it when idle.
    ...(input.persistent ? { maxAge: REMEMBER_DAYS * 86_400 } : {}),
  });
  return hashToken(token);
}

/**
 * Signs a member in on this request (login, sign-up): the session the browser had before, if
 * any, ends, and a fresh session id goes out in the cookie. Answers the new session's hash.
 */
export async function startSession(
  db: Tx,
  req: FastifyRequest,
  reply: FastifyReply,
  userNo: number,
  persistent: boolean,
  opts: { secondStep?: boolean } = {},
): Promise<string> {
  const previous = await req.member();
  if (previous) await endSession(db, previous.sessionHash);
  return createSession(db, reply, {
    userNo,
    persistent,
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    secure: req.protocol === 'https',
    secondStep: opts.secondStep,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * A member's session is read on nearly every call. Each node may keep a lookup for a moment
 * (SESSION_CACHE_MS, decision 11): ending a session, a new password, a re-entered password or a
 * profile change forget it at once on this node; other nodes follow within that moment.
 */
export class SessionCache {
  private readonly entries = new Map<string, { member: Member; at: number }>();
  constructor(readonly ttlMs: number) {
    if (ttlMs > 0) liveCaches.add(new WeakRef(this));
  }
  get(idHash: string): Member | null {
    const e = this.entries.get(idHash);
    if (!e) return null;
    if (Date.now() - e.at >= this.ttlMs) {
      this.entries.delete(idHash);
      return null;
    }
    return e.member;
  }
  set(member: Member) {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= 10_000) this.entries.clear();
    this.entries.set(member.sessionHash, { member, at: Date.now() });
  }
  forget(match: (m: Member) => boolean) {
    for (const [hash, e] of this.entries) if (match(e.member)) this.entries.delete(hash);
  }
}
const liveCaches = new Set<WeakRef<SessionCache>>();

function forgetEverywhere(match: (m: Member) => boolean) {
  for (const ref of liveCaches) {
    const cache = ref.deref();
    if (cache) cache.forget(match);
    else liveCaches.delete(ref);
  }
}

/** Call after changing what a member's session shows (nickname, real-name, status). */
export function forgetMember(userNo: number) {
  forgetEverywhere((m) => m.no === userNo);
}

/**
 * Reads the session cookie and returns the member, or null when signed out or expired. A session
 * still waiting for its second step is null too unless `opts.pending` (decision 42).
 */
export async function loadMember(db: Db, req: FastifyRequest, cache?: SessionCache, opts: { pending?: boolean } = {}): Promise<Member | null> {
  const token = req.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const idHash = hashToken(token);
  const cached = cache?.get(idHash);
  if (cached) return cached.secondStepPending && !opts.pending ? null : cached;
  const rows = await db
    .select({
      no: users.no,
      userId: users.userId,
      nickName: users.nickName,
      admin: users.admin,
      real: users.real,
      points: users.points,
      persistent: sessions.persistent,
      lastSeenAt: sessions.lastSeenAt,
      reauthAt: sessions.reauthAt,
      secondStepAt: sessions.secondStepAt,
      totpOn: sql<boolean>`exists (select 1 from ${totpSecrets} t where t.user_no = ${users.no} and t.enabled_at is not null)`,
      levelOrder: sql<number>`(select count(*)::int from ${levels} l
        where l.min_points <= coalesce((select l2.min_points from ${levels} l2 where l2.id = ${users.levelId}), 0))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.no, sessions.userNo))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, sql`now()`), eq(users.status, 'active')))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({
        lastSeenAt: new Date(now),
        ...(row.persistent ? {} : { expiresAt: new Date(now + IDLE_MS) }),
      })
      .where(eq(sessions.idHash, idHash))
      // While the disk is full writes are refused (lib/disk-space.ts): the member still reads.
      .catch((e: unknown) => {
        if (!refusedForSpace(e)) throw e;
      });
  }
  const member: Member = {
    no: row.no,
    userId: row.userId,
    nickName: row.nickName ?? '',
    admin: row.admin && row.secondStepAt !== null,
    adminAccount: row.admin,
    real: row.real,
    points: row.points,
    levelKey: await activityRank(db, row.no, row.points),
    levelOrder: Math.max(1, Number(row.levelOrder)),
    sessionHash: idHash,
    reauthAt: row.reauthAt,
    secondStepAt: row.secondStepAt,
    secondStepPending: Boolean(row.totpOn) && !row.secondStepAt,
  };
  cache?.set(member);
  return member.secondStepPending && !opts.pending ? null : member;
}

export async function endSession(db: Tx, sessionHash: string) {
  forgetEverywhere((m) => m.sessionHash === sessionHash);
  await db.delete(sessions).where(eq(sessions.idHash, sessionHash));
}

/** Ends every session of a member, optionally keeping the one in use. */
export async function endAllSessions(db: Tx, userNo: number, keepHash?: string) {
  forgetMember(userNo);
  const mine = eq(sessions.userNo, userNo);
  await db
    .delete(sessions)
    .where(keepHash ? and(mine, sql`${sessions.idHash} <> ${keepHash}`) : mine);
}

/** Records that the member just proved their password again in this session. */
export async function markReauthenticated(db: Tx, sessionHash: string) {
  forgetEverywhere((m) => m.sessionHash === sessionHash);
  await db.update(sessions).set({ reauthAt: new Date() }).where(eq(sessions.idHash, sessionHash));
}

/** Records that this sign-in passed a second step (a one-time code, a recovery code or a passkey). */
export async function markSecondStep(db: Tx, sessionHash: string) {
  forgetEverywhere((m) => m.sessionHash === sessionHash);
  await db.update(sessions).set({ secondStepAt: new Date() }).where(eq(sessions.idHash, sessionHash));
}

/** Removes the sessions past their expiry (they already sign nobody in); main.ts runs it hourly. */
export async function purgeExpiredSessions(db: Tx) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member (loaded once per request, on first use). */
    member(): Promise<Member | null>;
  }
}

/** The member or a 401 with a Korean message. */
export async function requireMember(req: FastifyRequest): Promise<Member> {
  const m = await req.member();
  if (!m) throw unauthorized();
  return m;
}
