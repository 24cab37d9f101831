// The embedded database checkpoints by itself once writes happened, so a crash restart replays at
// most one interval of WAL (PGlite's single-user backend never starts a checkpoint on its own).
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.js';

describe.runIf(inject('engine') === 'pglite')('periodic checkpoints of the embedded database', () => {
  const dir = mkdtempSync(join(inject('tempRoot'), 'checkpoint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('checkpoints after writes, leaving little WAL to replay after a crash', { timeout: 120_000 }, async () => {
    const database = await openDatabase({ dataDir: join(dir, 'pglite'), checkpointEveryMs: 200 });
    try {
      const number = async (query: ReturnType<typeof sql>) =>
        Number(((await database.db.execute(query)) as unknown as { rows: Array<{ n: string | number }> }).rows[0]!.n);
      // Bytes of WAL a crash restart would replay: written since the last checkpoint's redo point.
      const behind = () => number(sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::bigint as n from pg_control_checkpoint()`);
      await database.db.execute(sql`create table filler (body text)`);
      const start = await number(sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint as n`);
      await database.db.execute(sql`insert into filler select repeat(md5(i::text), 30) from generate_series(1, 20000) i`);
      const written = (await number(sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint as n`)) - start;
      expect(written).toBeGreaterThan(5_000_000);
      await expect.poll(behind, { timeout: 10_000, interval: 100 }).toBeLessThan(100_000);
    } finally {
      await database.close();
    }
  });
});
