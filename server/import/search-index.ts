// A large import writes its posts without the search index and builds it once at the end: a GIN
// index kept up row by row costs more than the rest of the posts' writing together, one built
// from the loaded table a fraction (docs/performance.md, "Importing a Gnuboard5 site"). The site
// searches without the index (slowly, by scanning) between a stopped run and the next one's end.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, rowsOf } from '../db/client.js';
import type { ImportContext } from './context.js';

/** Posts a run must bring, at least, before it drops the index (and at least as many as the site holds). */
export const BULK_POSTS = 20_000;

const INDEX = 'posts_search_idx';

/** Before the posts: drops the search index when the run brings many posts compared to those the site has. */
export async function prepareSearchIndex(ctx: ImportContext, postsToRead: number) {
  if (ctx.dryRun || postsToRead < BULK_POSTS) return;
  const [row] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from posts`));
  if (postsToRead < Number(row?.n ?? 0)) return;
  await ctx.db.execute(sql.raw(`drop index if exists ${INDEX}`));
}

/** The index as migrations 0015 and 0016 define it, built when missing (a no-op otherwise). */
export async function restoreSearchIndex(db: Db) {
  const [row] = rowsOf<{ there: boolean }>(await db.execute(sql`select to_regclass(${INDEX}) is not null as there`));
  if (row?.there) return;
  // PostgreSQL builds a GIN index several times faster with room to sort its entries in memory;
  // PGlite keeps its default (its memory is the importer's own).
  const server = (db as { $client?: unknown }).$client instanceof pg.Pool;
  await db.transaction(async (tx) => {
    if (server) await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql.raw(`create index if not exists ${INDEX} on posts using gin (search_bigrams) with (gin_pending_list_limit = 256)`));
  });
}
