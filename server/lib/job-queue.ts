// Durable jobs in the database (the `jobs` table; docs/architecture.md): pushes and mails survive a
// restart and several nodes send each once. A node takes due jobs with FOR UPDATE SKIP LOCKED and
// a lease; a job it finishes is marked done, a failure waits longer before each new attempt, and a
// lease that runs out (the node died) frees the job for any node. pg-boss and graphile-worker were
// not taken for the reason decision 26 gives: they do not run on the embedded database.
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { now as clockNow } from './clock.js';
import { isDatabaseUnavailable } from './errors.js';
import { registerJobQueue } from './metrics.js';

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  /** A job with the same key in the same queue is added once (a retried request adds nothing). */
  dedupeKey?: string;
  /** Not before then (quiet hours, a digest's hour). */
  runAt?: Date;
}

/** Adds a job, in the caller's transaction when given one; false when its dedupe key was taken. */
export async function enqueue(db: Tx, queue: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({ queue, payload, dedupeKey: opts.dedupeKey ?? null, runAt: opts.runAt ?? clockNow() })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return rows.length > 0;
}

const due = (queue: string, at: Date) =>
  and(eq(jobs.queue, queue), isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, at), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, at)));

/** Takes up to `limit` due jobs for `node` for `leaseMs`; another node skips them meanwhile. */
export async function claim(db: Db, queue: string, node: string, limit: number, leaseMs: number, at: Date = clockNow()): Promise<JobRow[]> {
  return db.transaction(async (tx) => {
    const ids = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(due(queue, at))
      .orderBy(jobs.runAt, jobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (ids.length === 0) return [];
    return tx
      .update(jobs)
      .set({ lockedBy: node, lockedUntil: new Date(at.getTime() + leaseMs), attempts: sql`${jobs.attempts} + 1` })
      .where(
        inArray(
          jobs.id,
          ids.map((r) => r.id),
        ),
      )
      .returning();
  });
}

/** Marks a job done, if `node` still holds it; false when its lease ran out and another took it. */
export async function complete(db: Db, job: JobRow, node: string, at: Date = clockNow()): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ doneAt: at, lockedUntil: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, node), isNull(jobs.doneAt)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** 30 s, 2 min, 8 min, 32 min, … capped at 6 hours. */
export const backoffMs = (attempt: number) => Math.min(30_000 * 4 ** Math.max(0, attempt - 1), 6 * 3600_000);

/** After a failed attempt: try again later, or give up after `maxAttempts`. */
export async function fail(db: Db, job: JobRow, node: string, error: string, maxAttempts: number, at: Date = clockNow()): Promise<void> {
  const giveUp = job.attempts >= maxAttempts;
  await db
    .update(jobs)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 500),
      ...(giveUp ? { failedAt: at } : { runAt: new Date(at.getTime() + backoffMs(job.attempts)) }),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, node), isNull(jobs.doneAt)));
}

/** Jobs of a queue that are due and not held (shown in the metrics). */
export async function countDue(db: Db, queue: string, at: Date = clockNow()): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(due(queue, at));
  return Number(row?.n ?? 0);
}

export interface WorkerOptions {
  db: Db;
  queue: string;
  /** This node's name in `locked_by` (unique per process). */
  node: string;
  /** Sends one job; a throw is a failed attempt (retried later). */
  handle: (payload: Record<string, unknown>, job: JobRow) => Promise<void>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  everyMs?: number;
  batch?: number;
  leaseMs?: number;
  maxAttempts?: number;
}

export interface Worker {
  /** Looks for due jobs now (after an enqueue on this node) rather than at the next tick. */
  wake(): void;
  /** Stops taking jobs and waits for the running pass. */
  stop(): Promise<void>;
}

/**
 * Runs a queue on this node: a pass at once and then every `everyMs`, one pass at a time; the
 * timer never keeps the process alive. A pass takes jobs in batches until none is due.
 */
export function startWorker(opts: WorkerOptions): Worker {
  const { db, queue, node, handle, log } = opts;
  const everyMs = opts.everyMs ?? 2_000;
  const batch = opts.batch ?? 10;
  const leaseMs = opts.leaseMs ?? 60_000;
  const maxAttempts = opts.maxAttempts ?? 8;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const pass = async () => {
    try {
      for (;;) {
        const taken = await claim(db, queue, node, batch, leaseMs);
        for (const job of taken) {
          if (stopped) return;
          try {
            await handle(job.payload, job);
            await complete(db, job, node);
          } catch (err) {
            if (isDatabaseUnavailable(err)) throw err;
            log.warn({ err, queue, job: job.id, attempt: job.attempts }, 'job failed');
            await fail(db, job, node, err instanceof Error ? err.message : String(err), maxAttempts);
          }
        }
        if (taken.length < batch || stopped) return;
      }
    } catch (err) {
      // A database that is away is logged once by the outage log (server/lib/db-outage.ts), not
      // by every queue at every pass.
      if (!stopped && !isDatabaseUnavailable(err)) log.error({ err, queue }, 'job pass failed');
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = null;
      if (again) {
        again = false;
        schedule(0);
      } else schedule(everyMs);
    });
  };
  schedule(0);
  const unregister = registerJobQueue(queue, () => countDue(db, queue));
  return {
    wake() {
      if (!stopped) schedule(0);
    },
    async stop() {
      stopped = true;
      unregister();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
