// Page chunks and totals stay exact through every write: saves, deletes, category moves, many saves
// at once, and chunks that overgrow and are cut. After each step every chunk's count equals the
// live posts in its key range, each list's total equals a count(*), and every page of the board
// and of each category holds the same keys as the plain OFFSET query on the same data.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostPage } from '../../../common/api/boards.js';
import { answersChanged, boardPostTags } from '../../lib/answer-cache.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { boardPageQuery } from '../boards/lists.js';
import { CHUNK_SIZE, countPost, rebuildPageChunks, scopeChunks } from './page-chunks.js';
import { adminCookie, createPost, member } from '../../test/boards.js';

let t: TestApp;
const SCOPES = ['c0', 'c1', 'c2', 'c3', 'c4'];
/** Posts loaded in bulk: a few thousand, every 37th deleted, every 500th a notice. */
const BULK = 3_000;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  await t.database.db.execute(sql`
    insert into posts (board_id, category, user_no, nick_name, subject, content, notice, deleted_at)
    select 'free', 'c' || (1 + (i * 7) % 4), 1, '운영자', '글 ' || i, '<p>' || i || '</p>', i % 500 = 0,
           case when i % 37 = 0 then now() end
    from generate_series(1, ${BULK}) as s(i)`);
  await rebuildPageChunks(t.database.db);
}, 60_000);
afterAll(() => t.close());

async function liveCount(scope: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::int as n from posts
      where board_id = 'free' and deleted_at is null and (${scope} = 'c0' or category = ${scope})`),
  );
  return Number(row!.n);
}

async function plainPage(scope: string, page: number): Promise<number[]> {
  return rowsOf<{ key: number }>(
    await t.database.db.execute(sql`select key from posts
      where board_id = 'free' and deleted_at is null and (${scope} = 'c0' or category = ${scope})
      order by key desc offset ${(page - 1) * 20} limit 20`),
  ).map((r) => Number(r.key));
}

/** Every chunk counts exactly the live posts of its range, none is empty or overgrown, none is missing at the top. */
async function expectExactChunks() {
  for (const scope of SCOPES) {
    const chunks = await scopeChunks(t.database.db, 'free', scope);
    const [top] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from posts
        where board_id = 'free' and deleted_at is null and (${scope} = 'c0' or category = ${scope})
          and key > ${chunks.at(-1)?.maxKey ?? 0}`),
    );
    expect(Number(top!.n), `${scope}: posts above the newest chunk`).toBe(0);
    let below = 0;
    for (const c of chunks) {
      const [row] = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from posts
          where board_id = 'free' and deleted_at is null and (${scope} = 'c0' or category = ${scope})
            and key > ${below} and key <= ${c.maxKey}`),
      );
      expect(c.liveCount, `${scope}: chunk up to ${c.maxKey}`).toBe(Number(row!.n));
      expect(c.liveCount).toBeGreaterThan(0);
      expect(c.liveCount).toBeLessThanOrEqual(2 * CHUNK_SIZE);
      below = c.maxKey;
    }
  }
}

/** Every page of the board and of each category against OFFSET, and the totals the list call answers. */
async function expectSamePages() {
  for (const scope of SCOPES) {
    const total = await liveCount(scope);
    const res = PostPage.parse((await post(t, '/api/board/list', { boardId: 'free', category: scope, page: 2 })).json());
    expect(res.total, `${scope}: total`).toBe(total);
    for (let page = 1; page <= Math.ceil(total / 20) + 1; page++) {
      const keys = (await boardPageQuery(t.database.db, 'free', scope, (page - 1) * 20)).map((r) => r.key);
      expect(keys, `${scope} page ${page}`).toEqual(await plainPage(scope, page));
    }
  }
}

describe('page chunks', () => {
  it('are built from the posts by the rebuild (the migration backfill)', async () => {
    await expectExactChunks();
    await expectSamePages();
    // Full chunks from the oldest post on: page 2 of the board starts in the newest chunk.
    const chunks = await scopeChunks(t.database.db, 'free', 'c0');
    expect(chunks.slice(0, -1).every((c) => c.liveCount === CHUNK_SIZE)).toBe(true);
  }, 120_000);

  it('follow saves, deletes and category moves through the calls', async () => {
    const a = await member(t);
    const admin = await adminCookie(t);
    const made: number[] = [];
    for (let i = 0; i < 12; i++) made.push(await createPost(t, a.cookie, { category: `c${1 + (i % 4)}` }));
    made.push(await createPost(t, admin, { category: 'c2', notice: true }));
    // Deletes: new posts, and old ones deep in the board (the chunks they sit in are old).
    const old = rowsOf<{ key: number }>(
      await t.database.db.execute(sql`select key from posts where board_id = 'free' and deleted_at is null order by key limit 5 offset 100`),
    ).map((r) => Number(r.key));
    for (const key of [made[0]!, made[5]!, ...old]) {
      expect((await post(t, '/api/board/delete', { boardId: 'free', key }, admin)).statusCode).toBe(200);
    }
    // Moves: a new post and an old one to another category; an edit in the same category.
    const move = async (key: number, category: string) => {
      const res = await post(t, '/api/board/save', { boardId: 'free', key, category, subject: '옮김', content: '<p>옮김</p>' }, admin);
      expect(res.statusCode).toBe(200);
    };
    await move(made[1]!, 'c4');
    const [oldC1] = rowsOf<{ key: number }>(
      await t.database.db.execute(sql`select key from posts where board_id = 'free' and category = 'c1' and deleted_at is null order by key limit 1 offset 50`),
    );
    await move(Number(oldC1!.key), 'c3');
    await move(made[2]!, 'c3');
    await move(made[2]!, 'c3');
    await expectExactChunks();
    await expectSamePages();
  }, 120_000);

  it('stay exact with thirty saves and ten deletes at once', async () => {
    const writers = await Promise.all([member(t), member(t), member(t)]);
    const admin = await adminCookie(t);
    const victims = rowsOf<{ key: number }>(
      await t.database.db.execute(sql`select key from posts where board_id = 'free' and deleted_at is null order by key desc limit 10 offset 30`),
    ).map((r) => Number(r.key));
    const before = await liveCount('c0');
    const results = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        post(t, '/api/board/save', { boardId: 'free', category: `c${1 + (i % 4)}`, subject: `동시 ${i}`, content: '<p>동시</p>' }, writers[i % 3]!.cookie),
      ),
      ...victims.map((key) => post(t, '/api/board/delete', { boardId: 'free', key }, admin)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    expect(await liveCount('c0')).toBe(before + 30 - 10);
    await expectExactChunks();
    await expectSamePages();
  }, 120_000);

  it('cut a chunk that overgrows when many posts move into its range', async () => {
    // Every c1 and c3 post of an old stretch of keys moves to c2: the c2 chunk of that stretch
    // gets far more than twice its size and is cut.
    const [first] = await scopeChunks(t.database.db, 'free', 'c2');
    const moving = rowsOf<{ key: number; category: string }>(
      await t.database.db.execute(sql`select key, category from posts
        where board_id = 'free' and category in ('c1', 'c3') and deleted_at is null and key <= ${first!.maxKey} order by key`),
    );
    expect(first!.liveCount + moving.length).toBeGreaterThan(2 * CHUNK_SIZE);
    // Each move as the save does it: the post's row, then its count, in one transaction, and
    // the cached answers of the board dropped afterwards.
    await t.database.db.transaction(async (tx) => {
      for (const m of moving) {
        await tx.execute(sql`update posts set category = 'c2' where key = ${m.key}`);
        await countPost(tx, 'free', Number(m.key), { from: m.category, to: 'c2' });
      }
    });
    answersChanged(t.database.db, boardPostTags('free', Number(moving[0]!.key)));
    const after = await scopeChunks(t.database.db, 'free', 'c2');
    expect(after.length).toBeGreaterThan(1);
    await expectExactChunks();
    await expectSamePages();
  }, 120_000);
});
