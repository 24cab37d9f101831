// The embedded site stays small in memory: a new data folder is created outside the server's
// process, and PGlite starts with a small buffer pool (docs/performance.md).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort, killAll, run, type Running, stop, waitReady } from '../test/process.js';
import { DataDirLockedError, lockDataDir } from './data-lock.js';
import { openDatabase } from './client.js';
import { createDataDirInChild } from './pglite-options.js';

/** Resident memory of a process in MB (ps works on Linux and macOS). */
const rssMb = (pid: number) => Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)]).toString().trim()) / 1024;

describe.runIf(inject('engine') === 'pglite')('embedded database memory', () => {
  const dirs: string[] = [];
  const running: Running[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'chalkak-pglite-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    killAll(running);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('a new embedded site is well under 600 MB once it listens', { timeout: 200_000 }, async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const site = run('server/main.ts', { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    running.push(site);
    await waitReady(`http://127.0.0.1:${port}`, site, 180_000);
    // Before, the creation of the folder stayed in the server's memory: about 830 MB.
    expect(rssMb(site.child.pid!)).toBeLessThan(600);
    expect(await stop(site)).toEqual({ code: 0, signal: null });
  });

  it('creates a new folder once, and PGlite then starts on it with a 32 MB buffer pool', { timeout: 120_000 }, async () => {
    const dataDir = join(tempDir(), 'pglite');
    const database = await openDatabase({ dataDir });
    try {
      const { rows } = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
      expect(rows[0]!.shared_buffers).toBe('32MB');
    } finally {
      await database.close();
    }
    // Created once: the next open finds the database in place.
    expect(await createDataDirInChild(dataDir)).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('leaves a new folder alone while another process holds it', async () => {
    const dataDir = join(tempDir(), 'pglite');
    mkdirSync(dataDir, { recursive: true });
    const lock = await lockDataDir(dataDir);
    try {
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
    } finally {
      lock.release();
    }
  });
});
