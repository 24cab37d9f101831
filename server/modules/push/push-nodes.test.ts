// Two app nodes on one PostgreSQL database, both running the `push` worker: every queued push
// reaches the push service once, whichever node takes it.
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PushMessage } from '../../../common/api/notify.js';
import { jobs } from '../../db/schema/index.js';
import { member } from '../../test/boards.js';
import { nodesOnCopy, post, type TestApp } from '../../test/harness.js';
import { startPushService, type PushService } from '../../test/push-service.js';
import { PUSH_QUEUE, queuePushes } from './queue.js';
import { pushWorker } from './worker.js';

describe.runIf(inject('engine') === 'postgres')('push on two nodes', () => {
  const keys = webpush.generateVAPIDKeys();
  let site: Awaited<ReturnType<typeof nodesOnCopy>>;
  let a: TestApp;
  let b: TestApp;
  let service: PushService;

  beforeAll(async () => {
    pushWorker.everyMs = 20;
    // Every node signs with the same pair, given by environment as in production.
    site = await nodesOnCopy({ RATE_LIMIT: 'false', PUSH_ALLOW_HTTP_LOOPBACK: 'true', VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    a = await site.node();
    b = await site.node();
    service = await startPushService(keys.publicKey);
  });
  afterAll(async () => {
    await site?.close();
    await service?.close();
  });

  it('each of 40 pushes is sent once while both nodes run the worker', async () => {
    const m = await member(a);
    const subs = [service.subscription(), service.subscription(), service.subscription(), service.subscription()];
    for (const [i, s] of subs.entries()) {
      const res = await post(i % 2 ? b : a, '/api/push/subscribe', { endpoint: s.endpoint, keys: s.keys }, m.cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await post(b, '/api/push/key', {}, m.cookie)).json().publicKey).toBe(keys.publicKey);
    const messages: PushMessage[] = Array.from({ length: 10 }, (_, n) => ({ title: `알림 ${n}`, body: '내용', url: `/board/free/view/${n}`, tag: `t${n}` }));
    for (const [n, msg] of messages.entries()) {
      await (n % 2 ? a : b).database.db.transaction((tx) => queuePushes(tx, m.no, msg, undefined, `event:${n}`));
    }
    await service.waitFor(40, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    const seen = service.received.map((r) => `${r.id} ${JSON.parse(r.body).title}`);
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
    expect(service.refused).toEqual([]);
    const done = await a.database.db.select().from(jobs).where(eq(jobs.queue, PUSH_QUEUE));
    expect(done.every((j) => j.doneAt && j.attempts === 1)).toBe(true);
  });
});
