// Page boundaries and exact totals of the board lists (decision 21). Each board has chunks per
// scope (c0 = the whole board, or one category): consecutive key ranges of about CHUNK_SIZE live
// posts, each with its count. The write path keeps the counts exact in the post's transaction, so
// a list's total is the sum of its scope's counts and page N is found by summing counts from the
// newest chunk down to the one holding offset (N-1)·20, then reading the index from that chunk's
// upper key with an offset below one chunk: a deep page reads a few hundred index entries, not
// (N-1)·20 of them.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { boardPageChunks as chunks, posts } from '../../db/schema/index.js';

/** Live posts in a chunk before the newest one is closed and a new one opened. */
export const CHUNK_SIZE = 200;
/** A chunk that grows past this (posts moved into its range from another category) is cut in two. */
const CHUNK_MAX = 2 * CHUNK_SIZE;
/** The scope of a whole board's list. */
const ALL = 'c0';
/** Advisory lock class of "writing the chunks of one board" (the key is a hash of the board id). */
const LOCK_CLASS = 7261002;

const inScope = (boardId: string, scope: string) => and(eq(chunks.boardId, boardId), eq(chunks.scope, scope));

/**
 * The keys of one page, newest first, as a subquery with the column page_key: the chunk holding
 * the offset is found from the counts, then the partial index is read from that chunk's upper key
 * on, skipping less than one chunk. "board_id between x and x" (not "=") keeps the planner on the
 * partial index ordered by (board_id, key desc), see boards/lists.ts.
 */
export function pageKeys(boardId: string, scope: string, offset: number, limit: number): SQL {
  const inList =
    scope === ALL
      ? sql`${posts.boardId} between ${boardId} and ${boardId}`
      : sql`${posts.boardId} = ${boardId} and ${posts.category} between ${scope} and ${scope}`;
  const order = scope === ALL ? sql`${posts.boardId}` : sql`${posts.category}`;
  return sql`(
    select k.key as page_key
    from (
      select c.max_key, (${offset}::int - (c.upto - c.live_count))::int as skip
      from (
        select n.max_key, n.live_count, sum(n.live_count) over (order by n.max_key desc rows unbounded preceding) as upto
        from (
          -- Every chunk holds a post, so the one holding the offset is among the offset + 1
          -- newest: the limit lets the planner walk the primary key from the newest chunk and
          -- stop there (on page 1, at the first row) rather than read and sort every chunk.
          select ${chunks.maxKey} as max_key, ${chunks.liveCount} as live_count
          from ${chunks}
          where ${chunks.boardId} = ${boardId} and ${chunks.scope} = ${scope} and ${chunks.liveCount} > 0
          order by ${chunks.maxKey} desc
          limit ${offset + 1}::int
        ) n
      ) c
      where c.upto > ${offset}::int
      order by c.max_key desc
      limit 1
    ) pos
    cross join lateral (
      select ${posts.key} as key from ${posts}
      where ${inList} and ${posts.deletedAt} is null and ${posts.key} <= pos.max_key
      order by ${order}, ${posts.key} desc nulls last
      limit ${limit}::int offset pos.skip
    ) k
  )`;
}

/** The number of live posts of a board (scope c0) or of one of its categories. */
export async function scopeTotal(db: Tx, boardId: string, scope: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${chunks.liveCount}), 0)::int` })
    .from(chunks)
    .where(inScope(boardId, scope));
  return Number(row?.n ?? 0);
}

/**
 * Writes to one board's chunks and search slices wait for each other from here to their commit
 * (a transaction-level lock, taken again at no cost by the same transaction).
 */
export async function lockBoardWrites(tx: Tx, boardId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${boardId}))`);
}

/**
 * Counts a post in or out of its board's lists, in the transaction that writes it. Call it last
 * in the transaction: it takes the board's lock (writes to one board wait for each other from
 * here to their commit), after which every statement sees the chunks of all earlier writers.
 */
export async function countPost(tx: Tx, boardId: string, key: number, change: { from?: string | null; to?: string | null }) {
  const from = change.from ?? null;
  const to = change.to ?? null;
  if (from === to) return;
  await lockBoardWrites(tx, boardId);
  // A post joins or leaves the board's list (c0) only when it is created or deleted; a move
  // between categories changes the two categories' lists.
  if (from === null) await add(tx, boardId, ALL, key);
  if (to === null) await remove(tx, boardId, ALL, key);
  if (from !== null) await remove(tx, boardId, from, key);
  if (to !== null) await add(tx, boardId, to, key);
}

async function add(tx: Tx, boardId: string, scope: string, key: number) {
  // The chunk whose range holds the key (a post committed after a newer one, or moved here).
  const [covered] = await tx
    .update(chunks)
    .set({ liveCount: sql`${chunks.liveCount} + 1` })
    .where(
      and(
        inScope(boardId, scope),
        eq(chunks.maxKey, sql`(select min(c.max_key) from ${chunks} c where c.board_id = ${boardId} and c.scope = ${scope} and c.max_key >= ${key})`),
      ),
    )
    .returning({ maxKey: chunks.maxKey, liveCount: chunks.liveCount });
  if (covered) {
    if (covered.liveCount > CHUNK_MAX) await split(tx, boardId, scope, covered.maxKey, covered.liveCount);
    return;
  }
  // Newer than every chunk: the newest chunk grows while it has room, else a new one opens.
  const [grown] = await tx
    .update(chunks)
    .set({ maxKey: key, liveCount: sql`${chunks.liveCount} + 1` })
    .where(
      and(
        inScope(boardId, scope),
        eq(chunks.maxKey, sql`(select max(c.max_key) from ${chunks} c where c.board_id = ${boardId} and c.scope = ${scope})`),
        sql`${chunks.liveCount} < ${CHUNK_SIZE}`,
      ),
    )
    .returning({ maxKey: chunks.maxKey });
  if (!grown) await tx.insert(chunks).values({ boardId, scope, maxKey: key, liveCount: 1 });
}

async function remove(tx: Tx, boardId: string, scope: string, key: number) {
  const [left] = await tx
    .update(chunks)
    .set({ liveCount: sql`${chunks.liveCount} - 1` })
    .where(
      and(
        inScope(boardId, scope),
        eq(chunks.maxKey, sql`(select min(c.max_key) from ${chunks} c where c.board_id = ${boardId} and c.scope = ${scope} and c.max_key >= ${key})`),
      ),
    )
    .returning({ maxKey: chunks.maxKey, liveCount: chunks.liveCount });
  // An empty chunk goes: its range joins the next newer chunk (or, the newest, the open end).
  if (left && left.liveCount <= 0) await tx.delete(chunks).where(and(inScope(boardId, scope), eq(chunks.maxKey, left.maxKey)));
}

/** Cuts an overgrown chunk: its newest CHUNK_SIZE posts keep the range's top, the rest go below. */
async function split(tx: Tx, boardId: string, scope: string, maxKey: number, liveCount: number) {
  const inList = scope === ALL ? eq(posts.boardId, boardId) : and(eq(posts.boardId, boardId), eq(posts.category, scope));
  const [edge] = await tx
    .select({ key: posts.key })
    .from(posts)
    .where(and(inList, sql`${posts.deletedAt} is null`, sql`${posts.key} <= ${maxKey}`))
    .orderBy(desc(posts.key))
    .limit(1)
    .offset(CHUNK_SIZE);
  if (!edge) return;
  await tx.insert(chunks).values({ boardId, scope, maxKey: edge.key, liveCount: liveCount - CHUNK_SIZE });
  await tx
    .update(chunks)
    .set({ liveCount: CHUNK_SIZE })
    .where(and(inScope(boardId, scope), eq(chunks.maxKey, maxKey)));
}

/**
 * Builds every board's chunks again from the posts (full chunks from the oldest post on, the
 * newest one partly filled): after a bulk load that bypassed the write path (the bench seed, a
 * move between databases). The same statement as migration 0007's backfill. With a board id,
 * only that board's (after an admin moved its posts between categories); call that one in the
 * moving transaction: it takes the board's lock like countPost.
 */
export async function rebuildPageChunks(db: Db | Tx, boardId?: string) {
  if (boardId !== undefined) await lockBoardWrites(db, boardId);
  await db.delete(chunks).where(boardId === undefined ? undefined : eq(chunks.boardId, boardId));
  const only = boardId === undefined ? sql`` : sql` and board_id = ${boardId}`;
  await db.execute(sql`
    insert into board_page_chunks (board_id, scope, max_key, live_count)
    select board_id, scope, max(key), count(*)::int
    from (
      select board_id, 'c0' as scope, key, (row_number() over (partition by board_id order by key) - 1) / ${CHUNK_SIZE}::int as n
      from posts where deleted_at is null${only}
      union all
      select board_id, category, key, (row_number() over (partition by board_id, category order by key) - 1) / ${CHUNK_SIZE}::int
      from posts where deleted_at is null${only}
    ) x
    group by board_id, scope, n`);
}

/** The chunks of one scope, oldest first (tests and checks). */
export function scopeChunks(db: Tx, boardId: string, scope: string) {
  return db.select({ maxKey: chunks.maxKey, liveCount: chunks.liveCount }).from(chunks).where(inScope(boardId, scope)).orderBy(asc(chunks.maxKey));
}
