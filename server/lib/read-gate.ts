// Long reads (board searches) take turns for a bounded share of the database connections, and on
// PostgreSQL each runs under a statement timeout, so a storm of them never leaves lists, views and
// writes without a connection (docs/decisions/0020-search-slices.md).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database, Db, Tx } from '../db/client.js';
import { createPool } from '../db/pg-pool.js';
import * as schema from '../db/schema/index.js';
import { HttpError } from './errors.js';

export const SEARCH_BUSY = '검색이 지연되고 있습니다. 잠시 후 다시 시도해 주세요.';
const busy = () => new HttpError(503, 'search_busy', SEARCH_BUSY);

/** A counting semaphore with a bounded queue: callers past the queue, or waiting too long, are refused. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<{ start(): void; timer: NodeJS.Timeout }> = [];

  constructor(
    readonly limit: number,
    readonly queueMax: number,
    readonly waitMs: number,
  ) {}

  /** Runs fn when a place is free; refuses with a 503 when the queue is full or the wait too long. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await this.enter();
    else this.active++;
    try {
      return await fn();
    } finally {
      this.leave();
    }
  }

  private enter(): Promise<void> {
    if (this.waiting.length >= this.queueMax) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const entry = {
        // leave() hands its place straight to the first waiter (active stays the same).
        start: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(entry);
          if (at < 0) return; // already handed a place, starting on the next turn
          this.waiting.splice(at, 1);
          reject(busy());
        }, this.waitMs),
      };
      this.waiting.push(entry);
    });
  }

  /** The next waiter starts on the next turn of the event loop (see createReadGate on PGlite). */
  private leave() {
    const next = this.waiting.shift();
    if (next) setImmediate(next.start);
    else this.active--;
  }

  get running() {
    return this.active;
  }
  get queued() {
    return this.waiting.length;
  }
}

export interface ReadGateOptions {
  /** The connections the node has (DATABASE_POOL_SIZE); PGlite counts as one. */
  poolSize: number;
  /** Statement timeout of each gated read on PostgreSQL, in ms. */
  timeoutMs: number;
  /** PostgreSQL: how long a gated read waits for a connection (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
}

export interface ReadGate {
  /** Runs the read when the gate lets it in: read-only, sequential scans off, under the statement timeout. */
  run<T>(read: (tx: Tx) => Promise<T>): Promise<T>;
  /** From now on every read still waiting, or arriving, is refused (503); the gate's connections close. */
  close(): Promise<void>;
  readonly semaphore: Semaphore;
}

/** PostgreSQL's "canceling statement due to statement timeout" (query_canceled), possibly wrapped. */
function isStatementTimeout(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const err = e as { code?: unknown; cause?: unknown };
    if (err.code === '57014') return true;
    e = err.cause;
  }
  return false;
}

/** Gated reads are token-index searches: a sequential scan of the posts never serves them better. */
const TOKEN_READS = { enable_seqscan: 'off', default_transaction_read_only: 'on' };

/**
 * At most a third of the pool (at least one) runs gated reads at once; up to 64 more wait, each
 * for at most twice the timeout. On PostgreSQL the gated reads have connections of their own, as
 * many as may run at once, whose sessions carry the statement timeout and TOKEN_READS: a read's
 * statements each take one round trip, with no transaction around them (BEGIN, SET LOCAL and
 * COMMIT took three of a search's five, and under load each round trip waits for a core). On
 * PGlite one read runs at a time in a read-only transaction with the same settings, and no
 * timeout applies (statement_timeout needs the timer signals the embedded engine does not have).
 */
export function createReadGate(database: Database, opts: ReadGateOptions): ReadGate {
  const postgres = database.kind === 'postgres';
  const limit = postgres ? Math.max(1, Math.floor(opts.poolSize / 3)) : 1;
  const semaphore = new Semaphore(limit, 64, Math.max(1000, opts.timeoutMs * 2));
  const pool = postgres
    ? createPool({ url: database.url!, poolSize: limit, statementTimeoutMs: opts.timeoutMs, connectTimeoutMs: opts.connectTimeoutMs, session: TOKEN_READS })
    : null;
  const reader = pool ? (drizzle(pool, { schema }) as unknown as Db) : null;
  const embedded = sql.raw(`set local enable_seqscan = ${TOKEN_READS.enable_seqscan}`);
  let closed = false;
  let ended: Promise<void> | null = null;
  return {
    semaphore,
    close: () => {
      closed = true;
      // Reads running now finish first: the pool ends its connections as they come back.
      ended ??= pool ? pool.end() : Promise.resolve();
      return ended;
    },
    run: async (read) => {
      // PGlite runs each statement synchronously and resolves a promise: a request that reached
      // the database runs to its answer in one chain of microtasks, and the requests behind it
      // (reading a request body is a macrotask) wait. A search first lets them in, so lists and
      // views queued behind a storm of searches go between them instead of after all of them.
      if (!reader) await new Promise((resolve) => setImmediate(resolve));
      return semaphore.run(async () => {
        // A read queued behind others when the node began to stop would find its pool closed.
        if (closed) throw busy();
        if (!reader) {
          return database.db.transaction(async (tx) => {
            await tx.execute(embedded);
            return read(tx);
          }, { accessMode: 'read only' });
        }
        try {
          return await read(reader);
        } catch (e) {
          if (isStatementTimeout(e)) throw busy();
          throw e;
        }
      });
    },
  };
}
