// How posts are stored for the searches' sake (migration 0016): a counter changing on a post keeps
// its row on its page (no index entry is added, the token index's above all), and the token
// index's pending list, which every search reads whole, stays short.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';
import { copyDatabase } from '../../test/harness.js';
import { searchColumns } from './search.js';

describe('posts storage', () => {
  let database: Database;
  beforeAll(async () => {
    database = await copyDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps a fifth of every page of posts free, and a short pending list on the token index', async () => {
    const options = rowsOf<{ relname: string; reloptions: string[] | string | null }>(
      await database.db.execute(sql`select relname, reloptions from pg_class where relname in ('posts', 'posts_search_idx') order by relname`),
    );
    const text = (o: string[] | string | null) => String(o ?? '');
    expect(options.map((o) => [o.relname, text(o.reloptions)])).toEqual([
      ['posts', expect.stringContaining('fillfactor=80')],
      ['posts_search_idx', expect.stringContaining('gin_pending_list_limit=256')],
    ]);
  });

  it('counts a view without moving the post off its page', async () => {
    // Short posts: a page holds a few dozen, and its free fifth a few new versions.
    const values = Array.from({ length: 240 }, (_, i) => {
      const subject = `짧은 글 ${i}`;
      return { boardId: 'free', category: 'c1', nickName: '빛담', subject, content: `<p>${subject}</p>`, ...searchColumns('free@0', subject, subject, '빛담') };
    });
    const keys = (await database.db.insert(posts).values(values).returning({ key: posts.key })).map((r) => r.key);
    // One post in six: a few on each page, as a flush of the view counter changes them.
    const counted = keys.filter((_, i) => i % 6 === 0);
    const updates = await database.db.transaction(async (tx) => {
      await tx.execute(sql`update posts set views = views + 1 where key = any(${`{${counted.join(',')}}`}::bigint[])`);
      return rowsOf<{ all: string | number; hot: string | number }>(
        await tx.execute(sql`select pg_stat_get_xact_tuples_updated('posts'::regclass) as all, pg_stat_get_xact_tuples_hot_updated('posts'::regclass) as hot`),
      )[0]!;
    });
    expect(Number(updates.all)).toBe(counted.length);
    expect(Number(updates.hot)).toBe(counted.length);
  });
});
