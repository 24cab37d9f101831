// The read gate's semaphore: a bounded number run, a bounded queue waits, the rest and those that
// wait too long are refused with the Korean 503 (docs/decisions/0020-search-slices.md), and so are
// the waiting ones of a node that stops.
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { SEARCH_BUSY, Semaphore } from './read-gate.js';
import { testApp } from '../test/harness.js';

const later = () => {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  return { gate, open };
};

describe('read gate semaphore', () => {
  it('runs at most its limit at once and hands each place on in order', async () => {
    const s = new Semaphore(2, 10, 5_000);
    const started: number[] = [];
    const holds = [later(), later(), later(), later()];
    const runs = holds.map((h, i) =>
      s.run(async () => {
        started.push(i);
        await h.gate;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    expect([s.running, s.queued]).toEqual([2, 2]);
    holds[1]!.open();
    await runs[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    holds.forEach((h) => h.open());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([s.running, s.queued]).toEqual([0, 0]);
  });

  it('refuses with a 503 when the queue is full', async () => {
    const s = new Semaphore(1, 1, 5_000);
    const hold = later();
    const first = s.run(() => hold.gate);
    const second = s.run(async () => 'second');
    const third = s.run(async () => 'third');
    await expect(third).rejects.toMatchObject({ status: 503, message: SEARCH_BUSY });
    hold.open();
    await first;
    expect(await second).toBe('second');
  });

  it('refuses a caller that waited too long, and its place is not lost', async () => {
    const s = new Semaphore(1, 5, 30);
    const hold = later();
    const first = s.run(() => hold.gate);
    const waiting = s.run(async () => 'never');
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    hold.open();
    await first;
    expect([s.running, s.queued]).toEqual([0, 0]);
    expect(await s.run(async () => 'next')).toBe('next');
  });
});

describe('read gate of a stopping node', () => {
  it('refuses the reads still waiting when the node stops, so none reaches a closed pool', async () => {
    const t = await testApp();
    try {
      const gate = t.app.ctx.searchGate;
      const hold = later();
      const reached: number[] = [];
      const reads = Array.from({ length: gate.semaphore.limit + 2 }, (_, i) =>
        gate.run(async () => {
          reached.push(i);
          await hold.gate;
          return i;
        }),
      );
      while (gate.semaphore.running < gate.semaphore.limit) await new Promise((r) => setImmediate(r));
      gate.close();
      hold.open();
      const settled = await Promise.allSettled(reads);
      // The ones running finish; the waiting ones get the Korean 503 without touching the database.
      expect(reached).toHaveLength(gate.semaphore.limit);
      for (const r of settled.slice(gate.semaphore.limit)) {
        expect(r.status).toBe('rejected');
        expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 503, message: SEARCH_BUSY });
      }
    } finally {
      await t.close();
    }
  });
});
