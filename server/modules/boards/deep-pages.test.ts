// Deep pages stay fast: on a table of 200,000 posts (rows of a realistic width), page 2,000 reads its keys from the partial
// (board, key) index with an index-only scan and joins the 20 rows by primary key — the plan
// never scans the posts table. Asserted on the plan, not on a timing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { boardPageQuery } from './service.js';

let t: TestApp;
const POSTS = 200_000;

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
  // Statistics and the visibility map, as autovacuum would leave them on a live server.
  await db.execute(sql`vacuum analyze posts`);
}, 180_000);
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function planOf(query: { getSQL(): ReturnType<typeof sql> }): Promise<PlanNode[]> {
  const result = (await t.database.db.execute(sql`explain (format json) ${query.getSQL()}`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const cell = Object.values(result.rows[0]!)[0];
  const json = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
  return nodes(json[0]!.Plan);
}

describe('board list on a large table', () => {
  it('reads page 2,000 of a board through the (board, key) index, never a sequential scan', async () => {
    const plan = await planOf(boardPageQuery(t.database.db, 'free', 'c0', 1_999 * 20));
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'posts')).toEqual([]);
    expect(plan).toContainEqual(expect.objectContaining({ 'Node Type': 'Index Only Scan', 'Index Name': 'posts_board_list_idx' }));
  });

  it('reads page 2,000 of a category through the (board, category, key) index', async () => {
    const plan = await planOf(boardPageQuery(t.database.db, 'free', 'c2', 1_999 * 20));
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'posts')).toEqual([]);
    expect(plan).toContainEqual(expect.objectContaining({ 'Node Type': 'Index Only Scan', 'Index Name': 'posts_board_category_idx' }));
  });

  it('answers page 2,000 with the right 20 posts', async () => {
    const res = await post(t, '/api/board/list', { boardId: 'free', page: 2_000 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // 180,000 generated posts in free, plus the default welcome post.
    expect(body.total).toBe(180_001);
    expect(body.items).toHaveLength(20);
    const keys = body.items.map((i: { key: number }) => i.key);
    expect(keys).toEqual([...keys].sort((a, b) => b - a));
    // Newest first: page 2,000 starts after 39,980 newer posts of the board.
    const [first] = await t.database.db.execute(sql`
      select key from posts where board_id = 'free' and deleted_at is null order by key desc offset 39980 limit 1`).then(
      (r) => (r as unknown as { rows: Array<{ key: number }> }).rows,
    );
    expect(keys[0]).toBe(Number(first!.key));
  });
});
