// Sessions: an opaque random id in an httpOnly cookie; only its SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REMEMBER_DAYS, SESSION_IDLE_MINUTES } from '../../common/constants.js';
import type { Db, Tx } from '../db/client.js';
import { levels, sessions, users } from '../db/schema/index.js';
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
  /**
   * The member's level order (1 for the lowest level, as actorOf in boards counts it), read with
   * the session so a board call needs no query of its own for it.
   */
  levelOrder?: number;
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

/**
 * Signs a member in on this request (login, sign-up): the session the browser had before, if
 * any, ends, and a fresh session id goes out in the cookie.
 */
export async function startSession(db: Tx, req: FastifyRequest, reply: FastifyReply, userNo: number, persistent: boolean): Promise<void> {
  const previous = await req.member();
  if (previous) await endSession(db, previous.sessionHash);
  await createSession(db, reply, {
    userNo,
    persistent,
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    secure: req.protocol === 'https',
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
    levelOrder: Math.max(1, Number(row.levelOrder)),
    sessionHash: idHash,
    reauthAt: row.reauthAt,
  };
  cache?.set(member);
  return member;
}

/**
 * levelKey only picks the colour of a star, but counting everyone with more points reads a large
 * part of the members table. Each node keeps a table of every points value held by an active
 * member and how many members hold more, read in one grouped pass; a rank is a binary search in
 * it, so a member's own new points show at once. Once the table is older than a minute it is
 * still served while one background pass reads it again (stale-while-revalidate): no request
 * waits on counting after the node's first, and there is no cold-cache cliff. Counting per member
 * instead cost one index count each (30 ms on the embedded database with 100,000 members), and a
 * minute's authors recounted one by one held its one connection for seconds.
 */
const RANK_TTL_MS = 60_000;

interface RankTable {
  /** Distinct points of active members, highest first. */
  points: Float64Array;
  /** More[i]: active members with more points than points[i]. */
  more: Float64Array;
  /** Active members in all. */
  total: number;
  at: number;
}
interface RankCache {
  table: RankTable | null;
  reading: Promise<RankTable> | null;
  /** Bumped by forgetRanks: a read begun before it does not store its (older) table. */
  generation: number;
}
/** Per database, so apps on different databases in one process (tests) never share ranks. */
const rankCaches = new WeakMap<Db, RankCache>();

function rankCacheOf(db: Db): RankCache {
  let cache = rankCaches.get(db);
  if (!cache) rankCaches.set(db, (cache = { table: null, reading: null, generation: 0 }));
  return cache;
}

async function readRankTable(db: Db): Promise<RankTable> {
  const at = Date.now();
  const result = await db.execute(
    sql`select points::float8 as points, count(*)::int as n from ${users} where status = 'active' group by points order by points desc`,
  );
  // Both drivers answer raw SQL with { rows }.
  const { rows } = result as unknown as { rows: Array<{ points: number; n: number }> };
  const points = new Float64Array(rows.length);
  const more = new Float64Array(rows.length);
  let above = 0;
  rows.forEach((r, i) => {
    points[i] = Number(r.points);
    more[i] = above;
    above += Number(r.n);
  });
  return { points, more, total: above, at };
}

/** Reads the table again, one pass at a time per node; a failed read keeps the old table. */
function refreshRanks(db: Db, cache: RankCache): Promise<RankTable> {
  if (cache.reading) return cache.reading;
  const generation = cache.generation;
  const reading = readRankTable(db)
    .then((table) => {
      if (cache.generation === generation) cache.table = table;
      return table;
    })
    .finally(() => {
      if (cache.reading === reading) cache.reading = null;
    });
  cache.reading = reading;
  return reading;
}

/** 1 + the active members with more points than `points`, from the table. */
function rankIn(table: RankTable, points: number): number {
  // The first value not above `points`: everyone before it has more.
  let lo = 0;
  let hi = table.points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (table.points[mid]! > points) lo = mid + 1;
    else hi = mid;
  }
  return 1 + (lo < table.points.length ? table.more[lo]! : table.total);
}

/** Drops the node's rank table: the next lookup reads it first (tests that set points directly). */
export function forgetRanks(db: Db): void {
  const cache = rankCaches.get(db);
  if (!cache) return;
  cache.generation++;
  cache.table = null;
  cache.reading = null;
}

/** Waits for a background read of the rank table in progress, if any (tests). */
export async function rankRefresh(db: Db): Promise<void> {
  await rankCaches.get(db)?.reading?.catch(() => undefined);
}

async function activityRank(db: Db, userNo: number, points: number): Promise<number> {
  return (await activityRanks(db, [{ no: userNo, points }])).get(userNo) ?? 1;
}

/**
 * Ranks of several members at once (list authors), from the node's rank table. A member whose
 * points fell within the table's minute may count their own old value among those above them
 * (one place lower for that minute); a star's colour band hardly moves for it.
 */
export async function activityRanks(db: Db, members: ReadonlyArray<{ no: number; points: number }>): Promise<Map<number, number>> {
  const cache = rankCacheOf(db);
  let table = cache.table;
  if (!table) table = await refreshRanks(db, cache);
  else if (Date.now() - table.at >= RANK_TTL_MS) void refreshRanks(db, cache).catch(() => undefined);
  return new Map(members.map((m) => [m.no, rankIn(table, m.points)]));
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
