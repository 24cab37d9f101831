// Search slices of the posts a batch brings (decision 20), given as the write path gives them one
// post at a time (postSlice in server/modules/posts/search-slices.ts), in a few statements for
// the batch: so the posts' tokens carry their slice when written and the finish need not rewrite
// every imported post's tokens again.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { lockBoardWrites } from '../modules/posts/page-chunks.js';
import { postSlice, SLICE_SIZE, slicePrefix } from '../modules/posts/search-slices.js';
import { rowsIn } from './bulk.js';

interface Slice {
  lo: number;
  posts: number;
  max: number;
  stored: boolean;
  changed: boolean;
}

/** The slice prefix of each new key (ascending, from the posts' sequence) of one board. */
export async function slicesFor(tx: Tx, boardId: string, keys: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (keys.length === 0) return out;
  await lockBoardWrites(tx, boardId);
  const [newest] = await rowsIn<{ lo: string | number; posts: number; max: string | number }>(
    tx,
    sql`select lo_key as lo, posts, max_key as max from board_search_slices where board_id = ${boardId} order by lo_key desc limit 1`,
  );
  let cur: Slice | null = newest ? { lo: Number(newest.lo), posts: Number(newest.posts), max: Number(newest.max), stored: true, changed: false } : null;
  const all: Slice[] = cur ? [cur] : [];
  for (const key of [...keys].sort((a, b) => a - b)) {
    if (!cur || (key > cur.max && cur.posts >= SLICE_SIZE)) {
      // The newest slice is full (or the board has none): this key opens the next one.
      cur = { lo: cur ? key : 0, posts: 1, max: key, stored: false, changed: true };
      all.push(cur);
    } else if (key >= cur.lo) {
      cur.posts++;
      cur.max = Math.max(cur.max, key);
      cur.changed = true;
    } else {
      // Below the newest slice (a post saved meanwhile took a higher key): the write path's own way.
      out.set(key, await postSlice(tx, boardId, key, true));
      continue;
    }
    out.set(key, slicePrefix(boardId, cur.lo));
  }
  for (const s of all) {
    if (!s.changed) continue;
    if (s.stored) await tx.execute(sql`update board_search_slices set posts = ${s.posts}, max_key = ${s.max} where board_id = ${boardId} and lo_key = ${s.lo}`);
    else await tx.execute(sql`insert into board_search_slices (board_id, lo_key, posts, max_key) values (${boardId}, ${s.lo}, ${s.posts}, ${s.max})`);
  }
  return out;
}
