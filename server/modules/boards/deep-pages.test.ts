// Deep pages stay fast: on a table of 200,000 posts (rows of a realistic width), page 2,000 and the
// last page of a board start their index read at the chunk that holds them (page-chunks.ts), so
// the index-only scan of the partial (board, key) index returns at most a chunk and a page of
// entries and touches a handful of index pages; the plan never scans the posts table. Asserted on
// the plan's actual rows, loops and buffers (EXPLAIN ANALYZE), not on a timing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { boardPageQuery } from './lists.js';
import { CHUNK_SIZE, rebuildPageChunks } from '../posts/page-chunks.js';

let t: TestApp;
const POSTS = 200_000;
/** Live posts of free: 180,000 generated ones and the default welcome post. */
const FREE = 180_001;
/** A chunk grows to at most twice its size before it is cut, and a page is 20 more. */
const MOST_ENTRIES = 2 * CHUNK_SIZE + 20;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  const db = t.database.db;
  await db.execute(sql`
    insert into posts (board_id, category, user_no, nick_name, subject, content, search_text, created_at, updated_at)
    select case when i % 10 = 0 then 'notice' else 'free' end,
           'c' || (1 + i % 4),
           1, '운영자', '글 ' || i,
           '<p>' || repeat('렌즈와 사진 이야기 ', 20) || i || '</p>',
           '글 ' || i || E'\n' || repeat('렌즈와 사진 이야기 ', 20) || E'\n운영자',
           now() - make_interval(secs => ${POSTS} - i), now()
    from generate_series(1, ${POSTS}) as s(i)`);
  // A bulk load bypasses the write path: the page chunks are built once afterwards.
  await rebuildPageChunks(db);
  // Statistics and the visibility map, as autovacuum would leave them on a live server.
  await db.execute(sql`vacuum analyze posts`);
  await db.execute(sql`vacuum analyze board_page_chunks`);
}, 180_000);
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function planOf(query: { getSQL(): ReturnType<typeof sql> }): Promise<PlanNode[]> {
  const result = (await t.database.db.execute(sql`explain (analyze, buffers, format json) ${query.getSQL()}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const cell = Object.values(result.rows[0]!)[0];
  const json = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
  return nodes(json[0]!.Plan);
}

/** The scan of the posts index, checked to be short: entries returned and index pages touched. */
async function expectShortRead(boardId: string, category: string, page: number, index: string) {
  const plan = await planOf(boardPageQuery(t.database.db, boardId, category, (page - 1) * 20));
  expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'posts')).toEqual([]);
  const scans = plan.filter((n) => n['Index Name'] === index);
  expect(scans).toHaveLength(1);
  const scan = scans[0]!;
  expect(scan['Node Type']).toBe('Index Only Scan');
  expect(scan['Actual Rows'] * scan['Actual Loops']).toBeLessThanOrEqual(MOST_ENTRIES);
  // Before the chunks, page 2,000 read about 130 leaf pages of this index; now the read starts
  // at the chunk's upper key: the descent and a few leaves.
  expect(scan['Shared Hit Blocks'] + scan['Shared Read Blocks']).toBeLessThanOrEqual(20);
  return scan;
}

describe('board list on a large table', () => {
  it('reads page 2,000 of a board through a few hundred entries of the (board, key) index', async () => {
    const scan = await expectShortRead('free', 'c0', 2_000, 'posts_board_list_idx');
    expect(scan['Actual Rows']).toBeGreaterThanOrEqual(20);
  });

  it('finds page 1 from the newest chunk alone', async () => {
    const plan = await planOf(boardPageQuery(t.database.db, 'free', 'c0', 0));
    const chunks = plan.filter((n) => n['Relation Name'] === 'board_page_chunks');
    expect(chunks.map((n) => n['Actual Rows'] * n['Actual Loops'])).toEqual([1]);
  });

  it('reads the last page of a board the same way', async () => {
    const last = Math.ceil(FREE / 20);
    await expectShortRead('free', 'c0', last, 'posts_board_list_idx');
  });

  it('reads page 2,000 of a category through the (board, category, key) index', async () => {
    await expectShortRead('free', 'c2', 2_000, 'posts_board_category_idx');
  });

  it('answers page 2,000 with the right 20 posts and the exact total', async () => {
    const res = await post(t, '/api/board/list', { boardId: 'free', page: 2_000 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(FREE);
    expect(body.items).toHaveLength(20);
    const keys = body.items.map((i: { key: number }) => i.key);
    // Newest first: page 2,000 holds the 39,981st to 40,000th newest posts of the board.
    const { rows } = (await t.database.db.execute(sql`
      select key from posts where board_id = 'free' and deleted_at is null order by key desc offset 39980 limit 20`)) as unknown as {
      rows: Array<{ key: number }>;
    };
    expect(keys).toEqual(rows.map((r) => Number(r.key)));
  });
});
