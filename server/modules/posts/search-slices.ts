// Search slices (docs/decisions/0020-search-slices.md). Each board's posts are cut by key into
// slices of about SLICE_SIZE posts (board_search_slices), and every post's search tokens carry its
// slice: "<board>@<lo>:<field>:<gram>", lo being the slice's lowest key (0 for a board's oldest).
// A search then reads the postings of the few slices it covers, not the word's postings in every
// post of the board. A new slice opens only above every key its board's newest slice holds, so a
// post's slice never changes while the post stays on its board; a post moved to another board
// (managers/move.ts) leaves its slice and is given one of the new board (moveToSlice).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';
import { boardSearchSlices as slices } from '../../db/schema/index.js';
import { lockBoardWrites } from './page-chunks.js';

/** Posts given to a slice before the board's next new post opens a new one. */
export const SLICE_SIZE = 5_000;

/** The token prefix of one slice of a board. */
export const slicePrefix = (boardId: string, lo: number) => `${boardId}@${lo}`;

/** The lowest key of the board's slice that holds the key (0 when the board has none yet). */
async function sliceHolding(tx: Tx, boardId: string, key: number): Promise<number> {
  const [row] = rowsOf<{ lo: string | number | null }>(
    await tx.execute(sql`select max(${slices.loKey}) as lo from ${slices} where ${slices.boardId} = ${boardId} and ${slices.loKey} <= ${key}`),
  );
  return Number(row?.lo ?? 0);
}

/**
 * The token prefix of a post's slice. A new post is counted into the slice that holds its key, or
 * opens a new slice when its key is above a full newest slice, under the board's write lock: two
 * posts saved at once cannot both open one, nor open one below a key already given a slice.
 */
export async function postSlice(tx: Tx, boardId: string, key: number, isNew: boolean): Promise<string> {
  if (!isNew) return slicePrefix(boardId, await sliceHolding(tx, boardId, key));
  await lockBoardWrites(tx, boardId);
  const [newest] = rowsOf<{ lo: string | number; posts: number; max: string | number }>(
    await tx.execute(sql`select ${slices.loKey} as lo, ${slices.posts} as posts, ${slices.maxKey} as max from ${slices}
      where ${slices.boardId} = ${boardId} order by ${slices.loKey} desc limit 1`),
  );
  if (!newest || (key > Number(newest.max) && Number(newest.posts) >= SLICE_SIZE)) {
    const lo = newest ? key : 0;
    await tx.insert(slices).values({ boardId, loKey: lo, posts: 1, maxKey: key });
    return slicePrefix(boardId, lo);
  }
  const lo = key >= Number(newest.lo) ? Number(newest.lo) : await sliceHolding(tx, boardId, key);
  await tx
    .update(slices)
    .set({ posts: sql`${slices.posts} + 1`, maxKey: sql`greatest(${slices.maxKey}, ${key}::bigint)` })
    .where(and(eq(slices.boardId, boardId), eq(slices.loKey, lo)));
  return slicePrefix(boardId, lo);
}

/**
 * A post moving from one board to another, in the move's transaction under both boards' write
 * locks: it leaves the old board's slice, is counted into the new board's slice that holds its
 * key (as a new post would be) and its tokens take that slice's prefix.
 */
export async function moveToSlice(tx: Tx, from: string, to: string, key: number): Promise<void> {
  const lo = await sliceHolding(tx, from, key);
  await tx
    .update(slices)
    .set({ posts: sql`greatest(${slices.posts} - 1, 0)` })
    .where(and(eq(slices.boardId, from), eq(slices.loKey, lo)));
  const prefix = await postSlice(tx, to, key, true);
  await tx.execute(sql`update posts set search_bigrams = array(select regexp_replace(t, '^[^:]*', ${prefix}) from unnest(search_bigrams) as t)
    where key = ${key} and cardinality(search_bigrams) > 0`);
}

export interface Coverage {
  /** Token prefixes of the slices one search reads, newest first. */
  prefixes: string[];
  /** Posts those slices were given (about the posts searched). */
  posts: number;
  /** `before` of the next, older search: the lowest key covered; null when nothing older is left. */
  next: number | null;
}

/**
 * The slices one search covers: the one holding the key below `before` (the newest without it),
 * then older ones until at least `atLeast` posts are covered (the newest and the first may be
 * partly filled or partly above `before`, so the count is an approximation the page says with 여).
 */
export async function coverage(db: Tx, boardId: string, before: number | undefined, atLeast: number): Promise<Coverage> {
  const rows = await executePrepared<{ lo: string | number; posts: number }>(db, sql`${coveredSlices(boardId, before, atLeast)} order by lo desc`);
  const los = rows.map((r) => Number(r.lo));
  const last = los.at(-1);
  return {
    prefixes: los.map((lo) => slicePrefix(boardId, lo)),
    posts: rows.reduce((n, r) => n + Number(r.posts), 0),
    next: last === undefined || last === 0 ? null : last,
  };
}

/** The statement behind coverage: the lo and posts of every slice covered (a sub-query for one search statement). */
export function coveredSlices(boardId: string, before: number | undefined, atLeast: number): SQL {
  const below = before === undefined ? sql`` : sql` and ${slices.loKey} < ${before}`;
  return sql`select s.lo, s.posts from (
      select ${slices.loKey} as lo, ${slices.posts} as posts,
        sum(${slices.posts}) over (order by ${slices.loKey} desc rows unbounded preceding) - ${slices.posts} as newer
      from ${slices} where ${slices.boardId} = ${boardId}${below}
      order by ${slices.loKey} desc limit ${atLeast + 1}::int
    ) s where s.newer < ${atLeast}::int`;
}

/** Every slice of a board (the market searches all of its board's posts at once). */
export async function allSlices(db: Tx, boardId: string): Promise<string[]> {
  const rows = await db.select({ lo: slices.loKey }).from(slices).where(eq(slices.boardId, boardId));
  return rows.map((r) => slicePrefix(boardId, Number(r.lo)));
}

/**
 * Cuts the boards' posts (one board's with boardId) into slices again and re-prefixes every post's
 * tokens: after a load that bypassed the write path (the first start's posts, tests, the market
 * bench seed). Tokens may carry any prefix before their first ':' (searchColumns with '' gives
 * none). The same statements as migration 0015, which started from tokens without a prefix.
 */
export async function rebuildSearchSlices(db: Db | Tx, opts: { boardId?: string; size?: number } = {}) {
  const size = opts.size ?? SLICE_SIZE;
  const only = opts.boardId === undefined ? sql`` : sql` where board_id = ${opts.boardId}`;
  await db.execute(sql`delete from ${slices}${only}`);
  await db.execute(sql`
    insert into ${slices} (board_id, lo_key, posts, max_key)
    select board_id, case when n = 0 then 0 else min(key) end, count(*)::int, max(key)
    from (select key, board_id, (row_number() over (partition by board_id order by key) - 1) / ${size}::int as n from posts${only}) x
    group by board_id, n`);
  await db.execute(sql`
    update posts p set search_bigrams = array(select regexp_replace(t, '^[^:]*', s.prefix) from unnest(p.search_bigrams) as t)
    from (select q.key, q.board_id || '@' || (select max(b.lo_key) from ${slices} b where b.board_id = q.board_id and b.lo_key <= q.key) as prefix
          from posts q${only}) s
    where s.key = p.key and cardinality(p.search_bigrams) > 0`);
}
