// Sessions: an opaque random id in an httpOnly cookie; only its SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REMEMBER_DAYS, SESSION_IDLE_MINUTES } from '../../common/constants.js';
import type { Db, Tx } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { unauthorized } from './errors.js';

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
  admin: boolean;
  real: boolean;
  points: number;
  /** Activity rank: 1 = most points. */
  levelKey: number;
  sessionHash: string;
  /** When the password was last re-entered in this session (my-info prompt). */
  reauthAt: Date | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(
  db: Tx,
  reply: FastifyReply,
  input: { userNo: number; persistent: boolean; ip: string; userAgent: string | undefined; secure: boolean },
): Promise<void> {
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
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: input.secure,
    // Without maxAge the cookie ends with the browser; the server also expires it when idle.
    ...(input.persistent ? { maxAge: REMEMBER_DAYS * 86_400 } : {}),
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

/** Reads the session cookie and returns the member, or null when signed out or expired. */
export async function loadMember(db: Db, req: FastifyRequest, cache?: SessionCache): Promise<Member | null> {
  const token = req.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return null;
  const idHash = hashToken(token);
  const cached = cache?.get(idHash);
  if (cached) return cached;
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
      .where(eq(sessions.idHash, idHash));
  }
  const member: Member = {
    no: row.no,
    userId: row.userId,
    nickName: row.nickName ?? '',
    admin: row.admin,
    real: row.real,
    points: row.points,
    levelKey: await activityRank(db, row.no, row.points),
    sessionHash: idHash,
    reauthAt: row.reauthAt,
  };
  cache?.set(member);
  return member;
}

/**
 * levelKey only picks the colour of a star, but counting everyone with more points reads a large
 * part of the members table on every call. Each node keeps a member's rank for a minute and counts
 * again at once when the member's own points change; other members' gains show within the minute.
 */
const RANK_TTL_MS = 60_000;
const RANK_CACHE_MAX = 10_000;
/** Per database, so apps on different databases in one process (tests) never share ranks. */
const rankCaches = new WeakMap<Db, Map<number, { points: number; rank: number; at: number }>>();

async function activityRank(db: Db, userNo: number, points: number): Promise<number> {
  let rankCache = rankCaches.get(db);
  if (!rankCache) rankCaches.set(db, (rankCache = new Map()));
  const now = Date.now();
  const hit = rankCache.get(userNo);
  if (hit && hit.points === points && now - hit.at < RANK_TTL_MS) return hit.rank;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(gt(users.points, points), eq(users.status, 'active')));
  const rank = (row?.n ?? 0) + 1;
  // Bounded memory: starting over now and then costs one count per member.
  if (rankCache.size >= RANK_CACHE_MAX) rankCache.clear();
  rankCache.set(userNo, { points, rank, at: now });
  return rank;
}

/**
 * Ranks of several members at once (list authors), through the same per-node cache: members
 * missing from it are counted in one query.
 */
export async function activityRanks(db: Db, members: ReadonlyArray<{ no: number; points: number }>): Promise<Map<number, number>> {
  let rankCache = rankCaches.get(db);
  if (!rankCache) rankCaches.set(db, (rankCache = new Map()));
  const now = Date.now();
  const ranks = new Map<number, number>();
  const missing = new Map<number, number>();
  for (const m of members) {
    const hit = rankCache.get(m.no);
    if (hit && hit.points === m.points && now - hit.at < RANK_TTL_MS) ranks.set(m.no, hit.rank);
    else missing.set(m.no, m.points);
  }
  if (missing.size === 0) return ranks;
  const distinct = [...new Set(missing.values())];
  const result = await db.execute(sql`
    select p.points::int as points,
           (select count(*) from ${users} u where u.points > p.points and u.status = 'active')::int as n
    from unnest(array[${sql.join(
      distinct.map((p) => sql`${p}`),
      sql`, `,
    )}]::int[]) as p(points)`);
  // Both drivers answer raw SQL with { rows }.
  const { rows } = result as unknown as { rows: Array<{ points: number; n: number }> };
  const byPoints = new Map(rows.map((r) => [Number(r.points), Number(r.n) + 1]));
  if (rankCache.size + missing.size >= RANK_CACHE_MAX) rankCache.clear();
  for (const [no, points] of missing) {
    const rank = byPoints.get(points) ?? 1;
    rankCache.set(no, { points, rank, at: now });
    ranks.set(no, rank);
  }
  return ranks;
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
