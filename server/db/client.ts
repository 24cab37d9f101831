// One database handle for both engines: PGlite in-process (default) or a PostgreSQL server.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createPool, type PoolOptions } from './pg-pool.js';
import { scheduleCheckpoints } from './checkpoints.js';
import { lockDataDir } from './data-lock.js';
import { guardEmbedded } from './pglite-guard.js';
import type { DiskWatch } from '../lib/disk-space.js';
import { createDataDirInChild, PGLITE_OPTIONS } from './pglite-options.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either. */
/** The rows of db.execute on either driver (node-postgres answers { rows }, PGlite too). */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** One of something per database handle, made on first use (a prepared statement, a loader). */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let made = byDb.get(db);
    if (!made) byDb.set(db, (made = build(db)));
    return made;
  };
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the server's URL (the signals listen on a connection of their own). */
  url?: string;
  /** PGlite: the instance (the signals hear its notifications). */
  pglite?: PGlite;
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
  /** Pool use for the metrics (server/lib/metrics.ts). */
  stats?(): DatabaseStats;
}

export type DatabaseStats =
  | { kind: 'postgres'; total: number; idle: number; waiting: number }
  /** PGlite runs one statement at a time: how many are running or waiting. */
  | { kind: 'pglite'; inFlight: number };

export type DatabaseOptions =
  | PoolOptions
  /**
   * checkpointEveryMs: how often PGlite checkpoints after writes (default: a minute; see checkpoints.ts).
   * disk: DATA_DIR's free space (writes refused and checkpoints held while it is low);
   * onFailed: PGlite reported a PANIC and takes no more calls (pglite-guard.ts).
   */
  | { dataDir: string; checkpointEveryMs?: number; disk?: DiskWatch; onFailed?: (error: Error) => void }
  | { pglite: PGlite };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if ('url' in opts) {
    const pool = createPool(opts);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      async migrate(folder) {
        // A connection of its own, without the pool's statement timeout: a migration may run long.
        const client = new pg.Client({ connectionString: opts.url, connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000 });
        // A connection lost fails the running statement; it must not also reach the process.
        client.on('error', () => {});
        await client.connect();
        try {
          // Nodes starting together take turns: one migrates, the others then find nothing to do.
          await client.query('select pg_advisory_lock(7261000)');
          await migratePg(drizzlePg(client), { migrationsFolder: folder });
        } finally {
          await client.query('select pg_advisory_unlock(7261000)').catch(() => {});
          await client.end().catch(() => {});
        }
      },
      close: () => pool.end(),
      stats: () => ({ kind: 'postgres', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let client: PGlite;
  let lock: { release(): void } | null = null;
  if ('pglite' in opts) {
    client = opts.pglite;
  } else {
    // One process per folder (a second one silently loses or corrupts data): the lock comes first.
    mkdirSync(opts.dataDir, { recursive: true });
    lock = await lockDataDir(opts.dataDir);
    try {
      await createDataDirInChild(opts.dataDir);
      client = await PGlite.create(opts.dataDir, PGLITE_OPTIONS);
    } catch (e) {
      lock.release();
      throw e;
    }
  }
  const onDisk = 'dataDir' in opts ? opts : undefined;
  const guard = guardEmbedded(client, onDisk?.disk, onDisk?.onFailed ?? (() => {}));
  const stopCheckpoints =
    'dataDir' in opts
      ? scheduleCheckpoints(client, opts.checkpointEveryMs, (e) => console.error('PGlite checkpoint failed:', e), guard.mayCheckpoint)
      : async () => {};
  const inFlight = countInFlight(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    stats: () => ({ kind: 'pglite', inFlight: inFlight.count }),
    migrate: (folder) => migratePglite(db as never, { migrationsFolder: folder }),
    async close() {
      try {
        await stopCheckpoints();
        // A dead instance or a full disk gets no shutdown checkpoint (it would spin or PANIC):
        // the next start replays the WAL, which holds every acknowledged write.
        if (await guard.mayCheckpoint()) await client.close();
        else console.error('the embedded database was not closed cleanly (full disk or stopped): the next start replays its WAL');
      } finally {
        lock?.release();
      }
    },
  };
}

/** Counts the statements and transactions running or queued on a PGlite instance (for metrics). */
function countInFlight(client: PGlite): { count: number } {
  const counter = { count: 0 };
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      counter.count++;
      try {
        return await original(...args);
      } finally {
        counter.count--;
      }
    };
  }
  return counter;
}
