// Two app nodes on one PostgreSQL database, both running the `notify` and `push` workers: each
// letter, sent through either node, reaches each of the receiver's browsers once.
import { and, eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PushMessage } from '../../../common/api/notify.js';
import { jobs, notifySettings } from '../../db/schema/index.js';
import { member } from '../../test/boards.js';
import { nodesOnCopy, post, type TestApp } from '../../test/harness.js';
import { startPushService, type PushService } from '../../test/push-service.js';
import { pushWorker } from '../push/worker.js';
import { NOTIFY_QUEUE } from './hook.js';

describe.runIf(inject('engine') === 'postgres')('notifications on two nodes', () => {
  const keys = webpush.generateVAPIDKeys();
  let site: Awaited<ReturnType<typeof nodesOnCopy>>;
  let a: TestApp;
  let b: TestApp;
  let service: PushService;
  const everyMs = pushWorker.everyMs;

  beforeAll(async () => {
    pushWorker.everyMs = 20;
    site = await nodesOnCopy({ RATE_LIMIT: 'false', PUSH_ALLOW_HTTP_LOOPBACK: 'true', VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    a = await site.node();
    b = await site.node();
    service = await startPushService(keys.publicKey);
  });
  afterAll(async () => {
    pushWorker.everyMs = everyMs;
    await site?.close();
    await service?.close();
  });

  it('12 letters through either node: each of the receiver’s two browsers gets each letter once', async () => {
    const sender = await member(a);
    const receiver = await member(b);
    const subs = [service.subscription(), service.subscription()];
    for (const [i, s] of subs.entries()) {
      const res = await post(i ? b : a, '/api/push/subscribe', { endpoint: s.endpoint, keys: s.keys }, receiver.cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Whatever the hour the test runs at: no quiet hours.
    await a.database.db.insert(notifySettings).values({ userNo: receiver.no, quietHours: false });
    for (let n = 0; n < 12; n++) {
      const res = await post(n % 2 ? a : b, '/api/letter/send/save', { receiver: receiver.userId, subject: `편지 ${n}`, content: '내용' }, sender.cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    await service.waitFor(24, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    const seen = service.received.map((r) => `${r.id} ${(JSON.parse(r.body) as PushMessage).body}`);
    expect(seen).toHaveLength(24);
    expect(new Set(seen).size).toBe(24);
    expect(service.refused).toEqual([]);
    const notifyJobs = await a.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, NOTIFY_QUEUE), sql`(${jobs.payload}->>'userNo')::int = ${receiver.no}`));
    expect(notifyJobs).toHaveLength(12);
    expect(notifyJobs.every((j) => j.doneAt && j.attempts === 1)).toBe(true);
  });
});
