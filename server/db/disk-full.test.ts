// The embedded database on a small disk of its own (tmpfs): no checkpoint while the disk is below
// the reserve, a write that runs out of space answered with the Korean 507 (and the disk taken as
// full at once), members' reads and views going on with writes refused, and a PANIC that leaves
// calls refused at once and the close quick instead of a process spinning forever.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { DISK_FULL, type DiskWatch, watchDisk } from '../lib/disk-space.js';
import type { App } from '../lib/context.js';
import { testConfig } from '../test/config.js';
import { login, TEST_ADMIN, type TestApp } from '../test/harness.js';
import { run } from '../test/process.js';
import { mountSmallDisk, type SmallDisk } from '../test/small-disk.js';
import { scheduleCheckpoints } from './checkpoints.js';
import { type Database, openDatabase, rowsOf } from './client.js';
import { PGLITE_OPTIONS } from './pglite-options.js';
import { guardEmbedded } from './pglite-guard.js';

const MB = 1024 * 1024;
const RESERVE = 24 * MB;
const silent = { warn() {}, info() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(inject('engine') === 'pglite')('the embedded database on a full disk', () => {
  let disk: SmallDisk;
  let dataDir = '';
  beforeAll(async () => {
    disk = await mountSmallDisk(inject('tempRoot'), 100);
    dataDir = join(disk.here, 'pglite');
    // The run's migrated template, written into the small disk's folder.
    const seed = await PGlite.create(dataDir, { ...PGLITE_OPTIONS, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    await seed.close();
  }, 60_000);
  afterAll(() => disk?.unmount());

  it('holds the checkpoint while the disk is below the reserve and takes it once space is back', async () => {
    const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
    const watch = await watchDisk(disk.here, { reserveBytes: RESERVE, checkEveryMs: 600_000, log: silent });
    try {
      const behind = async () =>
        Number((await client.query<{ n: string }>('select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::bigint as n from pg_control_checkpoint()')).rows[0]!.n);
      await client.exec(`create table filler (body text); insert into filler select repeat(md5(i::text), 30) from generate_series(1, 3000) i`);
      expect(await behind()).toBeGreaterThan(1_000_000);
      // Below the reserve, with room left for the checkpoint itself: it must still wait.
      disk.fill(RESERVE - 8 * MB);
      const guard = guardEmbedded(client, watch, () => {});
      const stop = scheduleCheckpoints(client, 100, (e) => expect.fail(String(e)), guard.mayCheckpoint);
      try {
        await sleep(800);
        expect(await behind()).toBeGreaterThan(1_000_000);
        expect(watch.low()).toBe(true);
        disk.free();
        await expect.poll(behind, { timeout: 10_000, interval: 100 }).toBeLessThan(100_000);
        expect(watch.low()).toBe(false);
      } finally {
        await stop();
      }
      await client.exec('drop table filler');
    } finally {
      watch.stop();
      disk.free();
      await client.close();
    }
  });

  describe('a site on it', () => {
    let watch: DiskWatch;
    let database: Database;
    let app: App;
    const failures: Error[] = [];
    let savedKey = 0;
    const call = (url: string, body: object, cookie?: string) =>
      app.inject({ method: 'POST', url, payload: body, headers: cookie ? { cookie } : {} });
    beforeAll(async () => {
      watch = await watchDisk(disk.here, { reserveBytes: RESERVE, checkEveryMs: 600_000, log: silent });
      database = await openDatabase({ dataDir, disk: watch, onFailed: (e) => failures.push(e) });
      app = await buildApp(testConfig({ DATA_DIR: disk.here, RATE_LIMIT: 'false' }), { database, disk: watch, logger: false });
      await app.ready();
    });
    afterAll(async () => {
      watch.stop();
      await app.close();
      await database.close();
    });
    const t = () => ({ app, database }) as TestApp;

    it('answers a write that runs out of space with 507, takes the disk as full at once, and writes again once freed', async () => {
      const cookie = await login(t(), TEST_ADMIN.userId, TEST_ADMIN.password);
      // A new WAL segment while there is room: the post's WAL fits in it, its table pages do not.
      await database.db.execute(sql`select pg_switch_wal()`);
      await database.db.execute(sql`create table wal_step (n int)`);
      await database.db.execute(sql`select pg_switch_wal()`);
      disk.fill(200 * 1024);
      expect(watch.low()).toBe(false);
      const big = `<p>${randomBytes(600_000).toString('base64')}</p>`;
      const res = await call('/api/board/save', { boardId: 'free', category: 'c1', subject: '공간이 모자란 글', content: big }, cookie);
      expect(res.statusCode, res.body).toBe(507);
      expect(res.json()).toEqual({ message: DISK_FULL });
      expect(watch.low()).toBe(true);
      // The database is whole: reads answer, and the next write is refused before it is tried.
      expect((await call('/api/board/list', { boardId: 'free', category: 'c0', page: 1 }, cookie)).statusCode).toBe(200);
      const small = await call('/api/board/save', { boardId: 'free', category: 'c1', subject: '작은 글', content: '<p>본문</p>' }, cookie);
      expect(small.statusCode).toBe(507);
      disk.free();
      await watch.check();
      await expect
        .poll(async () => {
          const saved = await call('/api/board/save', { boardId: 'free', category: 'c1', subject: '비운 뒤의 글', content: '<p>본문</p>' }, cookie);
          if (saved.statusCode === 200) savedKey = saved.json().key;
          return saved.statusCode;
        })
        .toBe(200);
      expect(failures).toEqual([]);
    });

    it('serves members whose session is due to be touched while writes are refused, and keeps the views counted meanwhile', async () => {
      const cookie = await login(t(), TEST_ADMIN.userId, TEST_ADMIN.password);
      await database.db.execute(sql`update sessions set last_seen_at = now() - interval '10 minutes'`);
      disk.fill(RESERVE - 8 * MB);
      await watch.check();
      // The switch to read-only is the database's next statement.
      await expect.poll(async () => (await call('/api/board/save', { boardId: 'free', category: 'c1', subject: '쓰기', content: '<p>본문</p>' }, cookie)).statusCode).toBe(507);
      const info = await call('/api/board/list', { boardId: 'free', category: 'c0', page: 1 }, cookie);
      expect(info.statusCode, info.body).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('disk_full');
      // A visitor's view, held while the database takes no writes (longer than a refused batch's tries).
      const views = async () => rowsOf<{ views: number }>(await database.db.execute(sql`select views from posts where key = ${savedKey}`))[0]!.views;
      const before = await views();
      expect((await call('/api/board/view', { boardId: 'free', key: savedKey })).statusCode).toBe(200);
      await sleep(4500);
      disk.free();
      await watch.check();
      await expect.poll(views, { timeout: 5000 }).toBe(before + 1);
    });
  });

  it('after a PANIC refuses every call at once and closes without hanging', { timeout: 90_000 }, async () => {
    // In a process of its own: should the guard fail, PGlite spins there, not in this test's worker.
    const child = run('server/test/disk-full-panic.ts', {}, disk.wrap, [disk.dir]);
    const code = await Promise.race([child.exited, sleep(60_000).then(() => 'still running')]);
    if (code === 'still running') child.child.kill('SIGKILL');
    expect(code, child.output()).toBe(0);
    const seen = JSON.parse(child.output().split('\n').find((l) => l.startsWith('{"panic"'))!);
    // The checkpoint PANICked (disk_full); the next call was refused at once (crash_shutdown).
    expect(seen).toMatchObject({ panic: '53100', next: '57P02' });
    expect(seen.failures).toHaveLength(1);
    expect(seen.nextMs).toBeLessThan(1000);
    expect(seen.closeMs).toBeLessThan(5000);
    disk.free();
    // The folder opens again with everything acknowledged before the PANIC.
    const reopened = await openDatabase({ dataDir });
    try {
      const rows = rowsOf<{ n: number }>(await reopened.db.execute(sql`select count(*)::int as n from posts where subject = '비운 뒤의 글'`));
      expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
    } finally {
      await reopened.close();
    }
  });
});
