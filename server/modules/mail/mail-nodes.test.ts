// Mail on two nodes of one PostgreSQL database: a mail job held by a node that died before sending
// is sent once by the other after the lease; mails queued while both nodes run go out once each.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jobs, users } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { claim, complete } from '../../lib/job-queue.js';
import { advanceClock, resetClock, setClock } from '../../test/clock.js';
import { createUser, nodesOnCopy, type TestApp } from '../../test/harness.js';
import { startSmtp, type TestSmtp } from '../../test/smtp-server.js';
import { MAIL_QUEUE, mailRuntime, queueMail } from './mailer.js';
import { notificationMail } from './compose.js';
import { queueNotificationMail } from './notification-mail.js';
import { mailWorkerTiming } from './worker.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(inject('engine') === 'postgres')('mail on two nodes', () => {
  let site: Awaited<ReturnType<typeof nodesOnCopy>>;
  let a: TestApp;
  let b: TestApp;
  let smtp: TestSmtp;
  const everyMs = mailWorkerTiming.everyMs;
  const LEASE = mailWorkerTiming.leaseMs;

  beforeAll(async () => {
    mailWorkerTiming.everyMs = 30;
    setClock(new Date());
    smtp = await startSmtp();
    site = await nodesOnCopy({ RATE_LIMIT: 'false', SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@chalkak.test', PUBLIC_ORIGIN: 'https://chalkak.test' });
    a = await site.node();
    b = await site.node();
  });
  afterAll(async () => {
    mailWorkerTiming.everyMs = everyMs;
    resetClock();
    await site?.close();
    await smtp?.close();
  });

  it('a job claimed by a node that stopped before sending is sent once by the other after the lease', async () => {
    const u = await createUser(b);
    const { db } = b.database;
    // A notification mail goes only to a verified address.
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.no, u.no));
    const rt = mailRuntime()!;
    const content = notificationMail('찰칵', '새 쪽지', '', 'https://chalkak.test/letter/receive', { unsubscribeUrl: 'https://chalkak.test/x', settingsUrl: 'https://chalkak.test/' });
    const runAt = new Date(now().getTime() + 1000);
    expect(await queueMail(db, rt.sealer, { to: u.email, userNo: u.no, kind: 'letter', content }, { runAt })).toBe(true);
    // The node that took it dies holding it: its lease runs, nothing is sent.
    const [held] = await claim(db, MAIL_QUEUE, 'node-that-died', 1, LEASE, runAt);
    expect(held).toBeDefined();
    await a.app.close();
    advanceClock(2000);
    rt.wake();
    await sleep(400);
    expect(smtp.mails).toEqual([]);
    // After the lease the living node takes it and sends it, once.
    advanceClock(LEASE);
    rt.wake();
    await smtp.waitFor(1);
    await sleep(400);
    expect(smtp.mails.map((m) => m.to)).toEqual([u.email]);
    const [row] = await db.select().from(jobs).where(eq(jobs.id, held!.id));
    expect(row!.doneAt).not.toBeNull();
    expect(row!.attempts).toBe(2);
    expect(row!.lockedBy).not.toBe('node-that-died');
    // The dead node, were it to wake, can no longer mark it done.
    expect(await complete(db, held!, 'node-that-died')).toBe(false);
  });

  it('mails queued while both nodes run go out once each', async () => {
    smtp.mails.length = 0;
    const c = await site.node();
    const { db } = b.database;
    const members = await Promise.all(Array.from({ length: 12 }, () => createUser(b)));
    await db.update(users).set({ emailVerifiedAt: new Date() });
    for (const m of members) {
      expect(await queueNotificationMail(db, m.no, 'letter', { title: '새 쪽지', body: '', url: '/letter/receive', tag: 'letter' })).toBe(true);
    }
    mailRuntime()!.wake();
    await smtp.waitFor(12);
    await sleep(500);
    expect(smtp.mails.map((m) => m.to).sort()).toEqual(members.map((m) => m.email).sort());
    expect(new Set(smtp.mails.map((m) => m.parsed.messageId)).size).toBe(12);
    expect(c).toBeDefined();
  });
});
