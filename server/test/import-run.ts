// The importer's tests (server/import/**/*.test.ts): an old site — its database in MariaDB and its
// files folder — made before a file's tests and dropped after them, runs of the import into a
// test site, what came across, looked up by old id, and the checks both engines' tests make
// (a dry run, a run over an import already done).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { comments, importMap, letters, posts, users } from '../db/schema/index.js';
import { createStorage } from '../lib/storage.js';
import type { ImportReport } from '../import/report.js';
import { defaultPrefix, type Engine, runImport, type RunOptions } from '../import/run.js';
import type { TestApp } from './harness.js';
import type { OldSiteDb } from './mysql.js';

export interface OldSite<D extends OldSiteDb> {
  /** The old database (set once the file's first hook has run). */
  readonly db: D;
  /** The old site's files folder (--files). */
  readonly filesDir: string;
  /** One import run into the test site; `over` changes its options (dry run, batch size, a stop). */
  run(t: TestApp, over?: Partial<RunOptions>): Promise<ImportReport>;
}

/**
 * An old site of the engine for the tests of one file: made and filled (`fill` writes its rows
 * and files) before them, dropped after them.
 */
export function oldSite<D extends OldSiteDb>(engine: Engine, create: () => Promise<D>, fill: (db: D, filesDir: string) => Promise<void>): OldSite<D> {
  let db: D | undefined;
  let filesDir: string | undefined;
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), `${engine}-files-`));
    db = await create();
    await fill(db, filesDir);
  });
  afterAll(async () => {
    await db?.drop();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });
  const site: OldSite<D> = {
    get db() {
      if (!db) throw new Error('the old site is made in beforeAll');
      return db;
    },
    get filesDir() {
      if (!filesDir) throw new Error('the old site is made in beforeAll');
      return filesDir;
    },
    run: (t, over = {}) =>
      runImport(t.database.db, createStorage(t.app.ctx.config), {
        engine,
        sourceUrl: site.db.url,
        prefix: defaultPrefix(engine),
        filesDir: site.filesDir,
        dryRun: false,
        merge: false,
        batchSize: 500,
        maxPixels: t.app.ctx.config.uploads.maxPixels,
        reportPath: null,
        ...over,
      }),
  };
  return site;
}

/** The new key of an imported row (a post's, a comment's …) by its old id. */
export async function importedKey(t: TestApp, source: Engine, oldId: string | number, kind = 'post'): Promise<number> {
  const [row] = await t.database.db
    .select({ newKey: importMap.newKey })
    .from(importMap)
    .where(and(eq(importMap.source, source), eq(importMap.kind, kind), eq(importMap.oldId, String(oldId))));
  if (!row?.newKey) throw new Error(`${source} ${kind} ${oldId} was not imported`);
  return row.newKey;
}

export const rowsIn = async (t: TestApp, table: typeof posts | typeof comments | typeof users | typeof letters | typeof importMap) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

/** The site's posts, comments, members and letters: what a run that brings nothing leaves as it was. */
export const siteCounts = async (t: TestApp) => ({ posts: await rowsIn(t, posts), comments: await rowsIn(t, comments), users: await rowsIn(t, users), letters: await rowsIn(t, letters) });

/** The report's reasons for an outcome of a kind, each with its examples, one a line. */
export const reasons = (report: ImportReport, kind: string, outcome: 'changed' | 'skipped') =>
  report
    .reasons(kind, outcome)
    .map((r) => `${r.reason} ${r.examples.join(',')}`)
    .join('\n');

/** How many rows of a kind the report says came across, as they were or changed. */
export const brought = (report: ImportReport, kind: string) => report.count(kind, 'imported') + report.count(kind, 'changed');

type Run = (t: TestApp, over?: Partial<RunOptions>) => Promise<ImportReport>;

/** A dry run into `t` counts the members and posts that would come and writes nothing; its report. */
export async function expectDryRun(t: TestApp, run: Run, expected: { members: number; posts: number }): Promise<ImportReport> {
  const usersBefore = await rowsIn(t, users);
  const postsBefore = await rowsIn(t, posts);
  const report = await run(t, { dryRun: true });
  expect(brought(report, '회원')).toBe(expected.members);
  expect(brought(report, '글')).toBe(expected.posts);
  expect(await rowsIn(t, users)).toBe(usersBefore);
  expect(await rowsIn(t, posts)).toBe(postsBefore);
  expect(await rowsIn(t, importMap)).toBe(0);
  return report;
}

/**
 * Run again over a site already imported into `t`: it brings nothing twice; after `addPost`
 * writes one new post in the old site, the next run brings that post alone. `addPost` answers
 * how to take the post out again.
 */
export async function expectRerunBringsOnlyNew(t: TestApp, run: Run, addPost: () => Promise<() => Promise<unknown>>) {
  const before = await siteCounts(t);
  const again = await run(t);
  expect(brought(again, '글')).toBe(0);
  expect(await siteCounts(t)).toEqual(before);
  const removePost = await addPost();
  const third = await run(t);
  expect(third.count('글', 'imported')).toBe(1);
  expect(await rowsIn(t, posts)).toBe(before.posts + 1);
  await removePost();
}
