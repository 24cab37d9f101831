// Activity ranks (a member's levelKey, the colour of their star): 1 + the active members with more
// points, from a per-node table of points values.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';

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

/** A member's rank, from the node's table (their own new points show at once). */
export async function activityRank(db: Db, userNo: number, points: number): Promise<number> {
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
