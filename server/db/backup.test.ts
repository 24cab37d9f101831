// npm run backup / restore round trip (scripts/backup-archive.ts) on this run's engine: a seeded
// demo site with uploads goes into one archive and comes back into an empty database and folder
// with every table's rows and every file's bytes equal; damaged archives, archives of another
// version and non-empty targets are refused, and so is a backup of a folder holding no database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createBackup, restoreBackup, RestoreRefused } from '../../scripts/backup-archive.js';
import { tablesInOrder } from '../../scripts/db-move.js';
import { seedDemo } from '../../scripts/seed-demo.js';
import { ROOT } from '../config.js';
import { createSealer } from '../lib/secret.js';
import { testConfig } from '../test/config.js';
import { withDatabase } from '../test/global-setup.js';
import { copyDatabase } from '../test/harness.js';
import { type Database, openDatabase } from './client.js';

const dir = mkdtempSync(join(tmpdir(), 'chalkak-backup-test-'));
const config = testConfig({ DATA_DIR: join(dir, 'site') });
const FILES = {
  '2025/06/01/AbCdEfGhIjKlMnOpQrStUv.webp': randomBytes(50_000),
  '2025/06/01/AbCdEfGhIjKlMnOpQrStUv.thumb.webp': randomBytes(3_000),
  '2025/06/02/XyZ-_0123456789abcdefgh.pdf': Buffer.from('%PDF-1.4 안녕'),
};
const archive = join(dir, 'out', 'site.tar.gz');
let source: Database;
const cleanups: Array<() => Promise<void>> = [];

/** An empty, unmigrated database of this run's engine. */
async function emptyDatabase(): Promise<Database> {
  if (inject('engine') === 'pglite') return openDatabase({ pglite: await PGlite.create() });
  const url = process.env.TEST_DATABASE_URL!;
  const name = `chalkak_r_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** Every table's rows as sorted JSON text: equal sets of rows, whatever their order. */
async function contents(database: Database) {
  const out: Record<string, string[]> = {};
  for (const table of tablesInOrder()) {
    const { name } = getTableConfig(table);
    const r = await database.db.execute(sql`select row_to_json(x)::text as row from ${sql.identifier(name)} x`);
    out[name] = (r as unknown as { rows: Array<{ row: string }> }).rows.map((x) => x.row).sort();
  }
  return out;
}

beforeAll(async () => {
  source = await copyDatabase();
  cleanups.push(() => source.close());
  expect(await seedDemo(source.db, createSealer(Buffer.from(config.appSecret!, 'hex')))).toBe(true);
  for (const [key, data] of Object.entries(FILES)) {
    mkdirSync(join(config.storage.dir, key, '..'), { recursive: true });
    writeFileSync(join(config.storage.dir, key), data);
  }
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', { timeout: 180_000 }, () => {
  it('writes one archive with a manifest of counts and checksums', async () => {
    const m = await createBackup({ db: source.db, engine: source.kind, storage: config.storage, out: archive });
    expect(m.format).toBe('chalkak-backup/1');
    expect(m.migrations).toBeGreaterThan(10);
    expect(m.tables.users!.rows).toBeGreaterThan(20);
    expect(m.tables.posts!.rows).toBeGreaterThan(100);
    expect(m.storage).toMatchObject({ kind: 'local', count: 3 });
    const names: string[] = [];
    await tar.t({ file: archive, onReadEntry: (e) => names.push(e.path) });
    expect(names).toContain('manifest.json');
    expect(names).toContain('db/posts.jsonl');
    expect(names).toContain('files/2025/06/01/AbCdEfGhIjKlMnOpQrStUv.webp');
  });

  it('restores every row of every table and every file byte for byte into an empty site', async () => {
    const target = await emptyDatabase();
    cleanups.push(() => target.close());
    const to = testConfig({ DATA_DIR: join(dir, 'restored') });
    await restoreBackup({ archive, db: target.db, migrationsDir: to.migrationsDir, migrate: () => target.migrate(to.migrationsDir), storage: to.storage });
    const [a, b] = [await contents(source), await contents(target)];
    expect(Object.keys(b)).toEqual(Object.keys(a));
    for (const name of Object.keys(a)) expect(b[name], name).toEqual(a[name]);
    for (const [key, data] of Object.entries(FILES)) expect(readFileSync(join(to.storage.dir, key)).equals(data), key).toBe(true);
    // The counters continue past the restored keys: a new post gets a new key.
    const r = await target.db.execute(sql`insert into posts (board_id, user_no, nick_name, subject, content) select board_id, user_no, nick_name, 'new', '<p>x</p>' from posts limit 1 returning key`);
    const max = await target.db.execute(sql`select max(key)::int as m from posts where subject <> 'new'`);
    expect(Number((r as unknown as { rows: Array<{ key: number }> }).rows[0]!.key)).toBeGreaterThan(
      Number((max as unknown as { rows: Array<{ m: number }> }).rows[0]!.m),
    );

    // Again into the same database or folder: refused, nothing changed.
    const again = restoreBackup({ archive, db: target.db, migrationsDir: to.migrationsDir, migrate: async () => {}, storage: testConfig({ DATA_DIR: join(dir, 'other') }).storage });
    await expect(again).rejects.toThrow(/already has members/);
    const empty = await emptyDatabase();
    cleanups.push(() => empty.close());
    await expect(restoreBackup({ archive, db: empty.db, migrationsDir: to.migrationsDir, migrate: () => empty.migrate(to.migrationsDir), storage: to.storage })).rejects.toThrow(/not empty/);
    const [users] = (await empty.db.execute(sql`select count(*)::int as n from users`) as unknown as { rows: Array<{ n: number }> }).rows;
    expect(users!.n).toBe(0);
  });

  it('refuses a damaged archive before touching the database', async () => {
    const work = join(dir, 'damaged');
    mkdirSync(work, { recursive: true });
    await tar.x({ file: archive, cwd: work });
    writeFileSync(join(work, 'db', 'posts.jsonl'), readFileSync(join(work, 'db', 'posts.jsonl'), 'utf8').replace('"subject":"', '"subject":"X'));
    const bad = join(dir, 'bad.tar.gz');
    await tar.c({ gzip: true, file: bad, cwd: work }, ['manifest.json', 'db', 'files']);
    const target = await emptyDatabase();
    cleanups.push(() => target.close());
    const to = testConfig({ DATA_DIR: join(dir, 'restored-bad') });
    const err = await restoreBackup({ archive: bad, db: target.db, migrationsDir: to.migrationsDir, migrate: () => target.migrate(to.migrationsDir), storage: to.storage }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreRefused);
    expect(String(err)).toMatch(/posts: checksum differs/);
    const tables = await target.db.execute(sql`select count(*)::int as n from information_schema.tables where table_name = 'users'`);
    expect((tables as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('refuses a backup made by another version (another number of migrations) before touching the database', async () => {
    const work = join(dir, 'versions');
    mkdirSync(work, { recursive: true });
    await tar.x({ file: archive, cwd: work });
    const manifest = JSON.parse(readFileSync(join(work, 'manifest.json'), 'utf8')) as { migrations: number };
    const to = testConfig({ DATA_DIR: join(dir, 'restored-versions') });
    const target = await emptyDatabase();
    cleanups.push(() => target.close());
    for (const [migrations, advice] of [
      [manifest.migrations - 1, /with \d+ migrations, this one has \d+: restore it with the version that made it, then upgrade/],
      [manifest.migrations + 1, /restore it with the version that made it \(update the code first\)/],
    ] as const) {
      writeFileSync(join(work, 'manifest.json'), JSON.stringify({ ...manifest, migrations }));
      const other = join(dir, `other-${migrations}.tar.gz`);
      await tar.c({ gzip: true, file: other, cwd: work }, ['manifest.json', 'db', 'files']);
      const err = await restoreBackup({ archive: other, db: target.db, migrationsDir: to.migrationsDir, migrate: () => target.migrate(to.migrationsDir), storage: to.storage }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(RestoreRefused);
      expect(String(err)).toMatch(advice);
    }
    // Not even migrated: the right version's restore can still use this database.
    const tables = await target.db.execute(sql`select count(*)::int as n from information_schema.tables where table_name = 'users'`);
    expect((tables as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    expect(existsSync(join(to.storage.dir, '2025'))).toBe(false);
  });
});

describe('npm run backup without the site\'s settings', { timeout: 60_000 }, () => {
  it('refuses to back up a folder that holds no embedded database, and creates nothing', async () => {
    const nowhere = join(dir, 'no-site');
    const out = join(dir, 'out', 'empty.tar.gz');
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', out], {
      cwd: ROOT,
      // As a cron line that did not load the site's environment file: no DATABASE_URL.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', DATA_DIR: nowhere },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const [code] = await once(child, 'exit');
    expect(code, output).toBe(1);
    expect(output).toContain(`${join(nowhere, 'pglite')}에 내장 데이터베이스가 없습니다.`);
    expect(output).toContain('No embedded database in');
    expect(existsSync(nowhere)).toBe(false);
    expect(existsSync(out)).toBe(false);
  });
});
