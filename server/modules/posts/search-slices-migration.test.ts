// Migration 0015 on a site that has posts: every board's posts are cut into slices of SLICE_SIZE,
// every post's tokens get its slice's prefix, and the search and the write path then work on them.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase, rowsOf, type Database } from '../../db/client.js';
import { searchColumns, searchSlice } from './search.js';
import { coverage, postSlice, SLICE_SIZE } from './search-slices.js';

const MIGRATIONS = loadConfig({}).migrationsDir;

// The migration's statements are the same on both engines: they run once, on PGlite.
describe.runIf(inject('engine') === 'pglite')('migration 0015 (search slices)', () => {
  let folder: string;
  let database: Database;
  const before = SLICE_SIZE + 3;

  beforeAll(async () => {
    // The migrations up to 0014, as a site that has not taken 0015 yet has them.
    folder = mkdtempSync(join(tmpdir(), 'chalkak-migrations-'));
    cpSync(MIGRATIONS, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
    const later = journal.entries.filter((e) => e.idx >= 15);
    for (const e of later) rmSync(join(folder, `${e.tag}.sql`));
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < 15) }));
    database = await openDatabase({ pglite: new PGlite() });
    await database.migrate(folder);

    // Raw SQL: the schema's boards table has columns that later migrations add.
    await database.db.execute(sql`insert into boards (id, name) values ('free', '자유게시판'), ('notice', '공지사항')`);
    // Tokens as the app wrote them before 0015: "<field>:<gram>", without a prefix.
    const old = (subject: string) => searchColumns('', subject, '', '').searchBigrams.map((t) => t.slice(1)).join(',');
    await database.db.execute(sql`insert into posts (board_id, nick_name, subject, content, search_text, search_bigrams)
      select 'free', '회원', '수국 ' || i, '', '수국 ' || i, string_to_array(${old('수국')}, ',') from generate_series(1, ${before}::int) as i`);
    await database.db.execute(sql`insert into posts (board_id, nick_name, subject, content, search_text, search_bigrams)
      values ('notice', '운영자', '수국 공지', '', '수국 공지', string_to_array(${old('수국 공지')}, ','))`);
    await database.migrate(MIGRATIONS);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('cuts each board into slices and prefixes every token with its post slice', async () => {
    const slices = rowsOf<{ board_id: string; lo_key: string | number; posts: number; max_key: string | number }>(
      await database.db.execute(sql`select board_id, lo_key, posts, max_key from board_search_slices order by board_id, lo_key`),
    ).map((s) => ({ board: s.board_id, lo: Number(s.lo_key), posts: s.posts, max: Number(s.max_key) }));
    expect(slices).toEqual([
      { board: 'free', lo: 0, posts: SLICE_SIZE, max: SLICE_SIZE },
      { board: 'free', lo: SLICE_SIZE + 1, posts: 3, max: before },
      { board: 'notice', lo: 0, posts: 1, max: before + 1 },
    ]);
    const tokens = rowsOf<{ key: string | number; search_bigrams: string[] }>(
      await database.db.execute(sql`select key, search_bigrams from posts where key in (1, ${before}, ${before + 1}) order by key`),
    );
    expect(tokens.map((t) => [...t.search_bigrams].sort())).toEqual([
      ['free@0:s:국', 'free@0:s:수', 'free@0:s:수국'],
      [`free@${SLICE_SIZE + 1}:s:국`, `free@${SLICE_SIZE + 1}:s:수`, `free@${SLICE_SIZE + 1}:s:수국`],
      ['notice@0:s:공', 'notice@0:s:공지', 'notice@0:s:국', 'notice@0:s:수', 'notice@0:s:수국', 'notice@0:s:지'],
    ]);
  });

  it('is searched slice by slice, and the next post joins the newest slice', async () => {
    const input = { boardId: 'free', category: 'c0', field: 'all' as const, query: '수국', page: 1, pageSize: 20, slicePosts: 10, matchCap: 1000 };
    const newest = await searchSlice(database.db, { ...input, before: undefined });
    // The newest slice holds 3 posts, fewer than slicePosts: the search covers the older one too.
    expect(newest).toMatchObject({ total: 1000, capped: true });
    expect(newest.keys[0]).toBe(before);
    const covered = await coverage(database.db, 'free', undefined, 10);
    expect(covered).toEqual({ prefixes: [`free@${SLICE_SIZE + 1}`, 'free@0'], posts: SLICE_SIZE + 3, next: null });
    const next = await database.db.transaction((tx) => postSlice(tx, 'free', before + 2, true));
    expect(next).toBe(`free@${SLICE_SIZE + 1}`);
  });
});
