// The guarded pool: a checked-out connection that the server drops neither reaches the process
// as an uncaught error nor keeps its place in the pool.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyPostgresDatabase } from '../test/harness.js';
import { tcpProxy } from '../test/tcp-proxy.js';
import { rowsOf } from './client.js';
import { createPool } from './pg-pool.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(inject('engine') === 'postgres')('guarded PostgreSQL pool', () => {
  let copy: Awaited<ReturnType<typeof copyPostgresDatabase>>;
  const lost: Error[] = [];
  let pool: pg.Pool;

  beforeAll(async () => {
    copy = await copyPostgresDatabase();
    // One connection: a client that kept its place would make every later checkout time out.
    pool = createPool({ url: copy.url, poolSize: 1, onConnectionLost: (err) => lost.push(err) });
  });
  afterAll(async () => {
    await pool?.end();
    await copy?.drop();
  });

  async function terminate(pid: number) {
    const admin = new pg.Client({ connectionString: copy.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
  }

  it('survives a checked-out idle client losing its connection, and frees its place', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const client = await pool.connect();
      const { rows } = await client.query('select pg_backend_pid() as pid');
      // Checked out and idle, as in a transaction between two statements; the holder never
      // gets to release it (as when BEGIN itself fails).
      await terminate(rows[0].pid);
      for (let i = 0; i < 50 && lost.length === 0; i++) await sleep(20);
      expect(lost).toHaveLength(1);
      expect(uncaught).toEqual([]);

      // The only place in the pool is free again: the next query runs.
      const next = await pool.query('select 1 as one');
      expect(next.rows[0].one).toBe(1);
      // A late release by the holder is harmless.
      expect(() => client.release()).not.toThrow();
      expect((await pool.query('select 2 as two')).rows[0].two).toBe(2);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('fails a statement on a dropped connection with an error, not a hang', async () => {
    const client = await pool.connect();
    const { rows } = await client.query('select pg_backend_pid() as pid');
    const running = client.query('select pg_sleep(5)').then(
      () => 'finished',
      (err: Error) => err.message,
    );
    await sleep(100);
    await terminate(rows[0].pid);
    expect(await running).toMatch(/terminating connection|Connection terminated/);
    client.release();
    expect((await pool.query('select 3 as three')).rows[0].three).toBe(3);
  });

  it('cancels a statement past its timeout and keeps the connection', async () => {
    const timed = createPool({ url: copy.url, poolSize: 1, statementTimeoutMs: 300 });
    try {
      const started = Date.now();
      const err = await timed.query('select pg_sleep(3)').then(() => null, (e: { code?: string }) => e);
      expect(err?.code).toBe('57014');
      expect(Date.now() - started).toBeLessThan(1500);
      expect((await timed.query('select 4 as four')).rows[0].four).toBe(4);
    } finally {
      await timed.end();
    }
  });

  it('gives up on a server that stops answering in the middle of a transaction, at once and for good', async () => {
    const direct = new URL(copy.url);
    const proxy = tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.open();
    const timed = createPool({ url: proxy.url(copy.url), poolSize: 1, statementTimeoutMs: 300, connectTimeoutMs: 500 });
    const db = drizzle(timed);
    try {
      await db.execute(sql`select 1`);
      const started = Date.now();
      const outcome = await db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          proxy.hang();
          await tx.execute(sql`select 2`);
        })
        .then(
          () => 'committed',
          (e: Error) => String(e.cause ?? e),
        );
      // The statement is given up a second past its timeout, and the ROLLBACK behind it does not
      // wait out a timeout of its own on the same silent connection.
      expect(outcome).toMatch(/Query read timeout|Connection terminated/);
      expect(Date.now() - started).toBeLessThan(2000);
      // The connection is not handed out again: the pool's one place is free.
      expect(timed.totalCount).toBe(0);
      proxy.resume();
      expect(rowsOf(await db.execute(sql`select 5 as five`))).toEqual([{ five: 5 }]);
    } finally {
      proxy.resume();
      await timed.end();
      await proxy.close();
    }
  });
});
