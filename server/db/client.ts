// One database handle for both engines: PGlite in-process (default) or a PostgreSQL server.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  | { dataDir: string }
  | { pglite: PGlite };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if ('url' in opts) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its server must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate(folder) {
        // Nodes starting together take turns: one migrates, the others then find nothing to do.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(7261000)');
          await migratePg(drizzlePg(client), { migrationsFolder: folder });
        } finally {
          await client.query('select pg_advisory_unlock(7261000)').catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('pglite' in opts) {
    client = opts.pglite;
  } else {
    mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create(opts.dataDir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: (folder) => migratePglite(db as never, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}
