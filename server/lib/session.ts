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
 * part of the members table. Each node keeps a member's rank and counts again at once when the
 * member's own points change. Once a rank is older than a minute it is still served, and one
 * background query per node counts the stale ranks again (stale-while-revalidate): no request
 * waits on counting after the first, so there is no cold-cache cliff when the minute ends.
 */
const RANK_TTL_MS = 60_000;
const RANK_CACHE_MAX = 10_000;
/** Up to this many points values are counted one by one; more in one grouped pass (countRanks). */
const FEW_RANKS = 4;

interface RankCache {
  entries: Map<number, { points: number; rank: number; at: number }>;
  /** Stale members (no -> points) waiting for the background recount. */
  stale: Map<number, number>;
  refreshing: Promise<void> | null;
}
/** Per database, so apps on different databases in one process (tests) never share ranks. */
const rankCaches = new WeakMap<Db, RankCache>();

function rankCacheOf(db: Db): RankCache {
  let cache = rankCaches.get(db);
  if (!cache) rankCaches.set(db, (cache = { entries: new Map(), stale: new Map(), refreshing: null }));
  return cache;
}

/**
 * The rank of every distinct points value: 1 + the active members with more points, one query.
 * A few values are counted one by one in the points index. Many (a background recount of a
 * minute's authors) are summed from the top down in one grouped pass over the members above the
 * lowest value: a thousand ranks counted one by one read 3 million index entries and took 22 s on
 * 100,000 members, and on the embedded database held its one connection meanwhile.
 */
async function countRanks(db: Db, points: number[]): Promise<Map<number, number>> {
  const values = sql`array[${sql.join(
    points.map((p) => sql`${p}`),
    sql`, `,
  )}]::int[]`;
  const result = await db.execute(
    points.length <= FEW_RANKS
      ? sql`
    select p.points::int as points,
           (select count(*) from ${users} u where u.points > p.points and u.status = 'active')::int as n
    from unnest(${values}) as p(points)`
      : sql`
    with wanted as (
      select distinct p.points from unnest(${values}) as p(points)
    ), counts as (
      select u.points, count(*) as n from ${users} u
      where u.status = 'active' and u.points > (select min(points) from wanted)
      group by u.points
    ), merged as (
      -- A wanted value sorts before the members with exactly its points, so its running sum
      -- holds only the members with more.
      select points, 1 as wanted, null::bigint as n from wanted
      union all
      select points, 0, n from counts
    )
    select points::int as points, coalesce(above, 0)::int as n
    from (
      select points, wanted, sum(n) over (order by points desc, wanted desc rows unbounded preceding) as above from merged
    ) s
    where wanted = 1`,
  );
  // Both drivers answer raw SQL with { rows }.
  const { rows } = result as unknown as { rows: Array<{ points: number; n: number }> };
  return new Map(rows.map((r) => [Number(r.points), Number(r.n) + 1]));
}

function remember(cache: RankCache, ranks: Map<number, number>, members: Map<number, number>, at: number) {
  if (cache.entries.size + members.size >= RANK_CACHE_MAX) cache.entries.clear();
  for (const [no, points] of members) cache.entries.set(no, { points, rank: ranks.get(points) ?? 1, at });
}

/** Counts the stale ranks again in the background, one query at a time per node. */
function refreshStale(db: Db, cache: RankCache) {
  if (cache.refreshing) return;
  cache.refreshing = (async () => {
    while (cache.stale.size > 0) {
      const batch = new Map(cache.stale);
      cache.stale.clear();
      const at = Date.now();
      remember(cache, await countRanks(db, [...new Set(batch.values())]), batch, at);
    }
  })()
    // A failed recount keeps the stale ranks; the next request past the minute tries again.
    .catch(() => cache.stale.clear())
    .finally(() => {
      cache.refreshing = null;
    });
}

/** Waits for a background recount in progress, if any (tests). */
export async function rankRefresh(db: Db): Promise<void> {
  await rankCaches.get(db)?.refreshing;
}

async function activityRank(db: Db, userNo: number, points: number): Promise<number> {
  return (await activityRanks(db, [{ no: userNo, points }])).get(userNo) ?? 1;
}

/**
 * Ranks of several members at once (list authors), through the same per-node cache: members
 * missing from it (or whose points changed) are counted in one query; stale ones are served and
 * counted again in the background.
 */
export async function activityRanks(db: Db, members: ReadonlyArray<{ no: number; points: number }>): Promise<Map<number, number>> {
  const cache = rankCacheOf(db);
  const now = Date.now();
  const ranks = new Map<number, number>();
  const missing = new Map<number, number>();
  for (const m of members) {
    const hit = cache.entries.get(m.no);
    if (hit && hit.points === m.points) {
      ranks.set(m.no, hit.rank);
      if (now - hit.at >= RANK_TTL_MS) cache.stale.set(m.no, m.points);
    } else missing.set(m.no, m.points);
  }
  if (cache.stale.size > 0) refreshStale(db, cache);
  if (missing.size === 0) return ranks;
  const counted = await countRanks(db, [...new Set(missing.values())]);
  remember(cache, counted, missing, now);
  for (const [no, points] of missing) ranks.set(no, counted.get(points) ?? 1);
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
