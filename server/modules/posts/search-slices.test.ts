// Board search in slices (docs/decisions/0020-search-slices.md): the results over every slice
// equal a plain substring scan (posts loaded in bulk, then saved and edited through the write path,
// which opens a new slice above a full one), a search storm leaves lists their connections, a search
// past its statement timeout answers a Korean 503 and frees its connection, and a search reads its
// slices' matches only.
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PostPage } from '../../../common/api/boards.js';
import { posts } from '../../db/schema/index.js';
import { SEARCH_BUSY } from '../../lib/read-gate.js';
import { createUser, login, post, testApp, type TestApp } from '../../test/harness.js';
import { rebuildPageChunks } from './page-chunks.js';
import { exactStatement, normaliseText, type SearchField, searchColumns, sliceStatement, type SliceInput } from './search.js';
import { coverage, rebuildSearchSlices, SLICE_SIZE } from './search-slices.js';
import { prng } from '../../test/prng.js';

const engine = inject('engine');


// Few syllables, so one- and two-character words, phrases and near misses all occur often.
const SYLLABLES = ['사', '진', '렌', '즈', '꽃', '빛', '하', '늘'];
const LATIN = ['Canon', 'NIKON', 'fuji', 'a7'];
const SPACES = [' ', ' ', ' ', '  ', '\n', '\t', '\u00a0'];

interface Seeded {
  key: number;
  boardId: string;
  category: string;
  deleted: boolean;
  subject: string;
  body: string;
  nickName: string;
}

/** Search slices of the posts loaded here (the write path's are SLICE_SIZE, far more than a test loads). */
const TEST_SLICE = 250;

/** Posts straight into the table, their search columns made as a save makes them, in slices of TEST_SLICE. */
async function seedPosts(t: TestApp, count: number, seed = 7): Promise<Seeded[]> {
  const rand = prng(seed);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const word = () =>
    rand() < 0.08 ? pick(LATIN) : Array.from({ length: 1 + Math.floor(rand() * 3) }, () => pick(SYLLABLES)).join('');
  const words = (min: number, max: number) => {
    const n = min + Math.floor(rand() * (max - min + 1));
    return Array.from({ length: n }, (_, i) => (i === 0 ? '' : pick(SPACES)) + word()).join('');
  };
  const authors = await Promise.all(['빛담', '사진하늘', '렌즈꽃'].map((nickName) => createUser(t, { nickName })));
  // The posts a new site starts with count too (their search text is already normalised).
  const existing = await t.database.db
    .select({ key: posts.key, boardId: posts.boardId, category: posts.category, deletedAt: posts.deletedAt, searchText: posts.searchText })
    .from(posts);
  const rows: Seeded[] = existing.map((p) => {
    const [subject = '', body = '', nickName = ''] = p.searchText.split('\n');
    return { key: p.key, boardId: p.boardId, category: p.category, deleted: p.deletedAt !== null, subject, body, nickName };
  });
  const first = rows.length;
  const values: Array<typeof posts.$inferInsert> = [];
  for (let i = 0; i < count; i++) {
    const author = authors[i % authors.length]!;
    const boardId = i % 17 === 5 ? 'notice' : 'free';
    const category = boardId === 'free' ? `c${1 + Math.floor(rand() * 4)}` : 'c1';
    const subject = words(1, 4);
    const body = words(3, 14);
    const deleted = rand() < 0.03;
    rows.push({ key: 0, boardId, category, deleted, subject, body, nickName: author.nickName });
    values.push({
      boardId,
      category,
      userNo: author.no,
      nickName: author.nickName,
      subject,
      content: `<p>${body}</p>`,
      deletedAt: deleted ? new Date() : null,
      ...searchColumns('', subject, body, author.nickName),
    });
  }
  for (let i = 0; i < values.length; i += 500) {
    const keys = await t.database.db.insert(posts).values(values.slice(i, i + 500)).returning({ key: posts.key });
    keys.forEach((k, j) => (rows[first + i + j]!.key = k.key));
  }
  // The board lists' page chunks, as the write path would have kept them, and the search slices.
  await rebuildPageChunks(t.database.db);
  await rebuildSearchSlices(t.database.db, { size: TEST_SLICE });
  await t.database.db.execute(sql`analyze posts`);
  return rows;
}

/**
 * Posts saved and edited through /api/board/save: new ones join the newest slice, and once it is
 * full (marked so here: SLICE_SIZE posts are too many for a test) the next one opens a new slice;
 * an edit keeps its post's slice. The rows follow them for the plain scan.
 */
async function saveThroughWritePath(t: TestApp, rows: Seeded[]) {
  const writer = await createUser(t, { nickName: '빛사진' });
  const cookie = await login(t, writer.userId, writer.password);
  const rand = prng(99);
  const text = () =>
    Array.from({ length: 2 + Math.floor(rand() * 4) }, () =>
      Array.from({ length: 1 + Math.floor(rand() * 3) }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join(''),
    ).join(' ');
  const save = async (key?: number) => {
    const subject = text();
    const body = text();
    const res = await post(t, '/api/board/save', { boardId: 'free', category: 'c2', subject, content: `<p>${body}</p>`, ...(key ? { key } : {}) }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const saved = key ?? (res.json().key as number);
    const at = rows.findIndex((r) => r.key === saved);
    // An edit keeps the post's nickname.
    const row = { key: saved, boardId: 'free', category: 'c2', deleted: false, subject, body, nickName: at >= 0 ? rows[at]!.nickName : writer.nickName };
    if (at >= 0) rows[at] = row;
    else rows.push(row);
    return saved;
  };
  const slicesOfFree = async () =>
    rowsOf<{ lo: string; posts: number }>(await t.database.db.execute(sql`select lo_key as lo, posts from board_search_slices where board_id = 'free' order by lo_key`));
  const before = await slicesOfFree();
  const first = await save();
  await save();
  expect(await slicesOfFree()).toHaveLength(before.length);
  await t.database.db.execute(sql`update board_search_slices set posts = ${SLICE_SIZE} where board_id = 'free' and lo_key = ${before.at(-1)!.lo}`);
  const opener = await save();
  await save();
  // Its true count again: searches count slices' posts to cover at least SLICE_POSTS.
  await t.database.db.execute(sql`update board_search_slices set posts = ${before.at(-1)!.posts + 2} where board_id = 'free' and lo_key = ${before.at(-1)!.lo}`);
  const after = await slicesOfFree();
  expect(after.map((s) => Number(s.lo))).toEqual([...before.map((s) => Number(s.lo)), opener]);
  expect(after.at(-1)!.posts).toBe(2);
  // Edited: the first post (in the older slice) and one of the bulk-loaded posts.
  await save(first);
  const loaded = rows.find((r) => r.boardId === 'free' && !r.deleted && r.nickName !== writer.nickName && r.key > 100)!;
  await t.database.db.execute(sql`update posts set user_no = ${writer.no} where key = ${loaded.key}`);
  await save(loaded.key);
}

/** What a plain scan finds: the live posts of the board whose field holds the phrase, newest first. */
function scan(rows: Seeded[], q: string, field: SearchField, category = 'c0'): number[] {
  const needle = normaliseText(q);
  const fields = (r: Seeded) =>
    field === 'all' ? [r.subject, r.body, r.nickName] : [field === 'subject' ? r.subject : field === 'content' ? r.body : r.nickName];
  return rows
    .filter((r) => r.boardId === 'free' && !r.deleted && (category === 'c0' || r.category === category))
    .filter((r) => fields(r).some((f) => normaliseText(f).includes(needle)))
    .map((r) => r.key)
    .sort((a, b) => b - a);
}

const list = async (t: TestApp, body: object) => {
  const res = await post(t, '/api/board/list', { boardId: 'free', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PostPage;
};

/** Every result of a search: each page of each slice, following "search further back". */
async function searchAll(t: TestApp, q: string, searchField: SearchField, category = 'c0', matchCap = Infinity) {
  const keys: number[] = [];
  let before: number | undefined;
  let slices = 0;
  for (;;) {
    slices++;
    let page = 1;
    let answer: PostPage;
    for (;;) {
      answer = await list(t, { search: q, searchField, category, page, ...(before ? { before } : {}) });
      expect(answer.search?.before ?? null).toBe(before ?? null);
      expect(answer.total).toBeLessThanOrEqual(matchCap);
      expect(answer.search?.capped).toBe(answer.total === matchCap);
      keys.push(...answer.items.map((i) => i.key));
      if (page * answer.pageSize >= answer.total) break;
      page++;
    }
    if (answer.search!.next === null) break;
    before = answer.search!.next;
  }
  return { keys, slices };
}

describe('search slices equal a plain substring scan', () => {
  let t: TestApp;
  let rows: Seeded[];
  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT: 'false', SEARCH_SLICE_POSTS: '700', SEARCH_MATCH_CAP: '250' });
    rows = await seedPosts(t, 3000);
    await saveThroughWritePath(t, rows);
  }, 120_000);
  afterAll(() => t.close());

  const cases: Array<[string, SearchField]> = [
    ['사', 'all'],
    ['사진', 'all'],
    ['렌즈', 'subject'],
    ['꽃', 'content'],
    ['하늘', 'nickName'],
    ['빛', 'nickName'],
    ['진렌', 'content'],
    ['사진 렌즈', 'all'],
    ['빛 하늘', 'content'],
    ['canon', 'all'],
    ['NIKON a7', 'content'],
    ['렌즈꽃', 'all'],
    ['늘빛사', 'subject'],
    ['없는말', 'all'],
  ];

  it.each(cases)('"%s" in %s', async (q, field) => {
    const expected = scan(rows, q, field);
    const { keys } = await searchAll(t, q, field, 'c0', 250);
    expect(keys).toEqual(expected);
  });

  it('covers the board in several slices, capped and not', async () => {
    // A word in most posts fills the 250-match cap in each search; a rarer one spans searches of
    // at least 700 posts, whole slices of 250 (deleted posts count: they were given a slice).
    const common = await searchAll(t, '사', 'all', 'c0', 250);
    expect(common.slices).toBeGreaterThan(4);
    const rare = await searchAll(t, '늘빛사', 'subject', 'c0', 250);
    const given = rows.filter((r) => r.boardId === 'free').length;
    expect(rare.slices).toBeLessThanOrEqual(Math.ceil(given / 700));
    expect(rare.slices).toBeGreaterThanOrEqual(Math.floor(given / (700 + TEST_SLICE)));
    const first = await list(t, { search: '사', searchField: 'all' });
    expect(first.total).toBe(250);
    expect(first.search).toMatchObject({ before: null, capped: true, slicePosts: 700 });
  });

  it('searches one category the same way', async () => {
    const { keys } = await searchAll(t, '렌즈', 'all', 'c3', 250);
    expect(keys).toEqual(scan(rows, '렌즈', 'all', 'c3'));
  });

  it("reads only its slices' matches, from the token index (EXPLAIN)", async () => {
    const input: SliceInput = {
      boardId: 'free',
      category: 'c0',
      field: 'all',
      query: '사',
      before: rows.filter((r) => r.boardId === 'free').at(-40)!.key,
      page: 1,
      pageSize: 20,
      slicePosts: 700,
      matchCap: 250,
    };
    const covered = await coverage(t.database.db, 'free', input.before, 700);
    expect(covered.prefixes.length).toBeGreaterThanOrEqual(2);
    // On 3,000 posts the planner rather reads the whole table, or a whole partial index of live
    // posts (cheap at this size). The plan with the token index alone, the one a large board gets
    // (docs/performance.md, EXPLAIN on 1,000,000 posts), is read with those taken away, in a
    // transaction that is rolled back.
    // Both statements: the one of any query (here given the slices) and the single short word's,
    // which runs prepared (executePrepared): its generic plan, the one kept for every value, too.
    const exact = new PgDialect().sqlToQuery(exactStatement(input)!);
    const explained = [
      sql`explain (analyze, format json) ${sliceStatement(input, covered.prefixes)!}`,
      sql`explain (analyze, format json) ${exactStatement(input)!}`,
      // EXECUTE takes its values written out (a bound value is not seen inside it).
      sql`explain (analyze, format json) execute probe(${sql.raw(exact.params.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)).join(', '))})`,
    ];
    const reads: Array<ReturnType<typeof readOf>> = [];
    for (const explain of explained) {
      let plan: Record<string, unknown> | undefined;
      await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
          await tx.execute(sql`drop index posts_all_idx, posts_board_list_idx, posts_board_category_idx`);
          // A prepared statement outlives the transaction: it is taken away before the rollback.
          await tx.execute(sql`prepare probe as ${sql.raw(exact.sql)}`);
          plan = rowsOf<Record<string, unknown>>(await tx.execute(explain))[0]!;
          await tx.execute(sql`deallocate probe`);
          tx.rollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof TransactionRollbackError)) throw e;
        });
      reads.push(readOf((plan!['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]!.Plan));
    }
    // At most the posts of the covered slices (about 700 and one partly filled slice), far from
    // the board's matches, which reading the word's postings in the whole board would visit; no
    // index of the posts is read but the token index.
    const inSlices = rows.filter((r) => r.boardId === 'free' && r.key >= covered.next!).length;
    const matches = scan(rows, '사', 'all').length;
    expect(matches).toBeGreaterThan(2000);
    expect(inSlices).toBeLessThan(1300);
    for (const { read, indexes } of reads) {
      expect(read).toBeGreaterThanOrEqual(250);
      expect(read).toBeLessThanOrEqual(inSlices);
      expect(indexes.filter((i) => !i.startsWith('board_search_slices'))).toEqual(['posts_search_idx']);
    }
  });
});

/** Rows taken from the posts table (a scan's rows plus the ones its filter dropped), and the indexes read. */
function readOf(root: PlanNode) {
  let read = 0;
  const indexes = new Set<string>();
  const walk = (n: PlanNode) => {
    if (/Scan$/.test(n['Node Type']) && n['Relation Name'] === 'posts') read += n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0);
    if (n['Index Name']) indexes.add(n['Index Name']);
    n.Plans?.forEach(walk);
  };
  walk(root);
  return { read, indexes: [...indexes] };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

describe('a search storm leaves lists their connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The harness gives a PostgreSQL copy 4 connections: searches may use one of them.
    t = await testApp({ RATE_LIMIT: 'false', DATABASE_POOL_SIZE: '4' });
    await seedPosts(t, 3000, 11);
  }, 120_000);
  afterAll(() => t.close());

  it('answers 32 concurrent common-word searches and the lists meanwhile, without a 5xx', async () => {
    // On PostgreSQL, watch how many search statements run at once from another connection.
    let peak = 0;
    let watching = engine === 'postgres';
    // Only this app's database: other test files may search their own copies meanwhile.
    const [own] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`));
    const watcher = watching ? watchSearches(own!.name, (n) => (peak = Math.max(peak, n)), () => watching) : Promise.resolve();

    // One list and one search first (the first call of each kind prepares its statements).
    expect((await post(t, '/api/board/list', { boardId: 'free', page: 40 })).statusCode).toBe(200);
    expect((await post(t, '/api/board/list', { boardId: 'free', search: '렌즈', page: 1 })).statusCode).toBe(200);
    let searchesDone = 0;
    const searches = Array.from({ length: 32 }, (_, i) =>
      post(t, '/api/board/list', { boardId: 'free', search: i % 2 ? '사' : '사진', page: 1 + (i % 3) }).then((r) => {
        searchesDone++;
        return r;
      }),
    );
    const listsDuringStorm: number[] = [];
    const lists = (async () => {
      const answers = [];
      for (let i = 0; i < 24; i++) {
        // A different page each time: no answer kept in memory can stand in for the database.
        const r = await post(t, '/api/board/list', { boardId: 'free', page: 1 + i });
        if (searchesDone < 32) listsDuringStorm.push(r.statusCode);
        answers.push(r);
      }
      return answers;
    })();
    const [searchAnswers, listAnswers] = await Promise.all([Promise.all(searches), lists]);
    watching = false;
    await watcher;

    expect(searchAnswers.map((r) => r.statusCode)).toEqual(Array(32).fill(200));
    expect(listAnswers.map((r) => r.statusCode)).toEqual(Array(24).fill(200));
    // Lists kept answering while searches were still waiting or running.
    expect(listsDuringStorm.length).toBeGreaterThan(0);
    if (engine === 'postgres') expect(peak).toBeLessThanOrEqual(1);
  });
});

/** Samples pg_stat_activity of one database until told to stop (PostgreSQL). */
async function watchSearches(database: string, onCount: (n: number) => void, keepGoing: () => boolean) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    while (keepGoing()) {
      const { rows } = await client.query(
        `select count(*)::int as n from pg_stat_activity
          where pid <> pg_backend_pid() and datname = $1 and state = 'active' and (query like '%"search_bigrams" @>%' or query like '%"search_bigrams" &&%')`,
        [database],
      );
      onCount(rows[0].n);
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    await client.end();
  }
}

describe.runIf(engine === 'postgres')('a search past its statement timeout (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT: 'false', DATABASE_POOL_SIZE: '4', SEARCH_TIMEOUT_MS: '1' });
    await seedPosts(t, 3000, 13);
  }, 120_000);
  afterAll(() => t.close());

  it('answers the Korean 503 and gives its connection back', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await post(t, '/api/board/list', { boardId: 'free', search: '사', searchField: 'all' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: SEARCH_BUSY });
    }
    // No connection is left inside the cancelled transaction...
    const [open] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      ),
    );
    expect(open!.n).toBe(0);
    // ...and all four are there for the lists: eight at once answer.
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post(t, '/api/board/list', { boardId: 'free', page: 1 + i })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
  });
});
