// The durable job queue on the real database: a dedupe key adds a job once, two nodes never take
// the same job, a lease that runs out frees a job for another node (and the first can no longer
// finish it), failures wait longer each time and end in failed, and two workers send each job once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { copyDatabase } from '../test/harness.js';
import { backoffMs, claim, complete, countDue, enqueue, fail, startWorker } from './job-queue.js';

let database: Database;
beforeAll(async () => {
  database = await copyDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
});

const log = { warn() {}, error() {} };
const at = (ms: number) => new Date(Date.UTC(2026, 10, 28, 0, 0, 0) + ms);

describe('job queue', () => {
  it('adds a job with a dedupe key once per queue', async () => {
    const { db } = database;
    expect(await enqueue(db, 'mail', { to: 'a' }, { dedupeKey: 'digest:1:2026-11-28' })).toBe(true);
    expect(await enqueue(db, 'mail', { to: 'b' }, { dedupeKey: 'digest:1:2026-11-28' })).toBe(false);
    expect(await enqueue(db, 'push', { to: 'c' }, { dedupeKey: 'digest:1:2026-11-28' })).toBe(true);
    expect(await enqueue(db, 'mail', { to: 'd' })).toBe(true);
    expect(await enqueue(db, 'mail', { to: 'e' })).toBe(true);
    expect(await countDue(db, 'mail')).toBe(3);
  });

  it('gives a due job to one node; a job not yet due waits', async () => {
    const { db } = database;
    await enqueue(db, 'mail', { n: 1 }, { runAt: at(0) });
    await enqueue(db, 'mail', { n: 2 }, { runAt: at(60_000) });
    const first = await claim(db, 'mail', 'node-a', 10, 120_000, at(1000));
    expect(first.map((j) => j.payload)).toEqual([{ n: 1 }]);
    expect(first[0]!.attempts).toBe(1);
    expect(await claim(db, 'mail', 'node-b', 10, 30_000, at(2000))).toEqual([]);
    const later = await claim(db, 'mail', 'node-b', 10, 30_000, at(61_000));
    expect(later.map((j) => j.payload)).toEqual([{ n: 2 }]);
  });

  it('frees the job of a node whose lease ran out; that node can no longer mark it done', async () => {
    const { db } = database;
    await enqueue(db, 'mail', { n: 1 }, { runAt: at(0) });
    const [held] = await claim(db, 'mail', 'node-a', 1, 30_000, at(0));
    expect(await claim(db, 'mail', 'node-b', 1, 30_000, at(29_000))).toEqual([]);
    const [taken] = await claim(db, 'mail', 'node-b', 1, 30_000, at(31_000));
    expect(taken!.id).toBe(held!.id);
    expect(taken!.attempts).toBe(2);
    expect(await complete(db, held!, 'node-a', at(32_000))).toBe(false);
    expect(await complete(db, taken!, 'node-b', at(32_000))).toBe(true);
    expect(await complete(db, taken!, 'node-b', at(33_000))).toBe(false);
    expect(await claim(db, 'mail', 'node-c', 1, 30_000, at(120_000))).toEqual([]);
  });

  it('waits longer after each failure and gives up after the last attempt', async () => {
    const { db } = database;
    await enqueue(db, 'mail', { n: 1 }, { runAt: at(0) });
    let t = 0;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [job] = await claim(db, 'mail', 'node-a', 1, 30_000, at(t));
      expect(job!.attempts).toBe(attempt);
      await fail(db, job!, 'node-a', `smtp 451 (${attempt})`, 3, at(t));
      const [row] = await db.select().from(jobs).where(eq(jobs.id, job!.id));
      if (attempt < 3) {
        expect(row!.runAt.getTime()).toBe(at(t + backoffMs(attempt)).getTime());
        expect(row!.failedAt).toBeNull();
        expect(await claim(db, 'mail', 'node-a', 1, 30_000, at(t + backoffMs(attempt) - 1))).toEqual([]);
        t += backoffMs(attempt);
      } else {
        expect(row!.failedAt).not.toBeNull();
        expect(row!.lastError).toBe('smtp 451 (3)');
      }
    }
    expect(backoffMs(1)).toBeLessThan(backoffMs(2));
    expect(await claim(db, 'mail', 'node-a', 1, 30_000, at(t + 24 * 3600_000))).toEqual([]);
  });

  it('two workers on one database handle each of 40 jobs once', async () => {
    const { db } = database;
    for (let n = 0; n < 40; n++) await enqueue(db, 'push', { n });
    const handled: number[] = [];
    const worker = (node: string) =>
      startWorker({
        db,
        queue: 'push',
        node,
        log,
        everyMs: 10,
        batch: 3,
        handle: async (payload) => {
          handled.push(payload.n as number);
          await new Promise((r) => setTimeout(r, 1));
        },
      });
    const a = worker('node-a');
    const b = worker('node-b');
    for (const started = Date.now(); handled.length < 40 && Date.now() - started < 20_000; ) await new Promise((r) => setTimeout(r, 20));
    await Promise.all([a.stop(), b.stop()]);
    expect(handled.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(await countDue(db, 'push')).toBe(0);
  });

  it('a failing job is retried by the worker later, not at once', async () => {
    const { db } = database;
    await enqueue(db, 'push', { n: 1 });
    let calls = 0;
    const w = startWorker({
      db,
      queue: 'push',
      node: 'node-a',
      log,
      everyMs: 10,
      handle: async () => {
        calls++;
        throw new Error('push service 500');
      },
    });
    await new Promise((r) => setTimeout(r, 200));
    await w.stop();
    expect(calls).toBe(1);
    const [row] = await db.select().from(jobs);
    expect(row!.lastError).toBe('push service 500');
    expect(row!.doneAt).toBeNull();
  });
});
