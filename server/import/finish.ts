// After the rows: what the one write path would have kept current, built once for everything
// imported — comment counts, page chunks, ranks, the search index when a large load went in
// without it — so the site is at full speed at once. (Search slices are given as posts are
// written: slices.ts.)
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { answersChanged } from '../lib/answer-cache.js';
import { forgetRanks } from '../lib/activity-rank.js';
import { forgetBoards } from '../modules/posts/board-rules.js';
import { rebuildPageChunks } from '../modules/posts/page-chunks.js';
import { restoreSearchIndex } from './search-index.js';

/** Whether rows came in since the last finish (a run stopped before its finish leaves it to the next). */
export async function needsFinish(db: Db, source: string): Promise<boolean> {
  const rows = await db.execute(sql`
    select exists (
      select 1 from import_map where source = ${source} and kind <> 'finish'
        and imported_at > coalesce((select imported_at from import_map where source = ${source} and kind = 'finish' and old_id = 'last'), '-infinity')
    ) as due`);
  return rowsOf<{ due: boolean }>(rows)[0]?.due === true;
}

export async function finishImport(db: Db, source: string) {
  // Fresh statistics for the planner first: a large load leaves them as they were before it.
  await db.execute(sql`analyze posts, comments, users, import_map`);
  // Only the imported posts' comments are counted, and only a count that differs rewrites its post.
  await db.execute(sql`
    update posts p set comment_count = c.n
    from (
      select post_key, count(*)::int as n from comments
      where deleted_at is null and post_key in (select new_key from import_map where source = ${source} and kind = 'post')
      group by post_key
    ) c
    where c.post_key = p.key and p.comment_count <> c.n`);
  await rebuildPageChunks(db);
  await restoreSearchIndex(db);
  forgetBoards(db);
  forgetRanks(db);
  // This process's cached answers (tests; a server running elsewhere is restarted after an import).
  const boards = await db.execute(sql`select distinct new_id as id from import_map where source = ${source} and kind = 'board'`);
  const ids = rowsOf<{ id: string }>(boards).map((r) => r.id);
  answersChanged(db, ['all', ...ids.flatMap((id) => [`board:${id}`, `nav:${id}`])]);
  await db.execute(sql`
    insert into import_map (source, kind, old_id, imported_at) values (${source}, 'finish', 'last', clock_timestamp())
    on conflict (source, kind, old_id) do update set imported_at = excluded.imported_at`);
}
