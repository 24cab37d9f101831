// From events to notify jobs (one per recipient, in the event's transaction) and from a notify job
// to the channels by the member's settings: quiet hours across midnight with the test clock,
// kinds turned off, mail, suspended and withdrawn members, administrators only for reports.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotifyKind, PushMessage } from '../../../common/api/notify.js';
import type { Tx } from '../../db/client.js';
import { jobs, notifySettings, pushSubscriptions, users } from '../../db/schema/index.js';
import { enqueue } from '../../lib/job-queue.js';
import { resetClock, setClock } from '../../test/clock.js';
import { adminCookie, createPost, member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { type PushService, startPushService } from '../../test/push-service.js';
import { PUSH_QUEUE } from '../push/queue.js';
import { loadVapid } from '../push/vapid.js';
import { deliveryChannels } from './channels.js';
import { type Channels, fanOut, koreanMinutes, purgeOldNotifyJobs, quietUntil } from './fan-out.js';
import { alarmMessage, NOTIFY_QUEUE } from './hook.js';

let t: TestApp;
let service: PushService;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false', PUSH_ALLOW_HTTP_LOOPBACK: 'true' });
  service = await startPushService(loadVapid(t.app.ctx.config).publicKey);
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});
afterEach(() => resetClock());

const db = () => t.database.db;
interface NotifyPayload {
  userNo: number;
  kind: NotifyKind;
  message: PushMessage;
}
const notifyJobsFor = async (userNo: number) =>
  (await db()
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.queue, NOTIFY_QUEUE), sql`(${jobs.payload}->>'userNo')::int = ${userNo}`))
    .orderBy(jobs.id)).map((r) => r.payload as unknown as NotifyPayload);

describe('the hook: one notify job per recipient, in the event’s transaction', () => {
  it('a comment by B on A’s post makes one job for A (comment, the post’s page) and none for B', async () => {
    const a = await member(t);
    const b = await member(t);
    const key = await createPost(t, a.cookie, { subject: '수국 출사 후기' });
    const res = await post(t, '/api/comment/save', { boardId: 'free', key, content: '사진이 좋네요' }, b.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const forA = await notifyJobsFor(a.no);
    expect(forA).toHaveLength(1);
    expect(forA[0]).toMatchObject({ userNo: a.no, kind: 'comment', message: { title: '내 글에 새 댓글', url: `/board/free/view/${key}`, tag: `free-${key}` } });
    expect(forA[0]!.message.body).toContain('사진이 좋네요');
    expect(forA[0]!.message.body).toContain('수국 출사 후기');
    expect(await notifyJobsFor(b.no)).toEqual([]);
  });

  it('a letter makes one letter job for the receiver; a refused letter makes none', async () => {
    const a = await member(t);
    const b = await member(t);
    const res = await post(t, '/api/letter/send/save', { receiver: b.userId, subject: '토요일 출사', content: '같이 가요' }, a.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await notifyJobsFor(b.no)).toEqual([
      { userNo: b.no, kind: 'letter', message: { title: '새 쪽지', body: `${a.nickName}: 토요일 출사`, url: '/letter/receive', tag: 'letter' } },
    ]);
    expect(await notifyJobsFor(a.no)).toEqual([]);
    // To oneself: refused, nothing queued.
    expect((await post(t, '/api/letter/send/save', { receiver: a.userId, subject: '나에게', content: '메모' }, a.cookie)).statusCode).toBe(400);
    expect(await notifyJobsFor(a.no)).toEqual([]);
  });

  it('a new report makes one report job per active administrator, none for the reporter', async () => {
    const writer = await member(t);
    const reporter = await member(t);
    const admins = await db().select({ no: users.no }).from(users).where(and(eq(users.admin, true), eq(users.status, 'active')));
    expect(admins.length).toBeGreaterThan(0);
    const key = await createPost(t, writer.cookie);
    const res = await post(t, '/api/report/save', { kind: 'post', key, reason: '광고 글입니다' }, reporter.cookie);
    expect(res.statusCode, res.body).toBe(200);
    for (const admin of admins) {
      const list = (await notifyJobsFor(admin.no)).filter((j) => j.kind === 'report');
      expect(list).toEqual([{ userNo: admin.no, kind: 'report', message: { title: '새 신고: 글', body: '광고 글입니다', url: '/system/report/list', tag: 'report' } }]);
    }
    expect(await notifyJobsFor(reporter.no)).toEqual([]);
    // The same report again is refused (409) and notifies nobody again.
    const before = (await notifyJobsFor(admins[0]!.no)).length;
    expect((await post(t, '/api/report/save', { kind: 'post', key, reason: '광고 글입니다' }, reporter.cookie)).statusCode).toBe(409);
    expect((await notifyJobsFor(admins[0]!.no)).length).toBe(before);
  });

  it('maps market alarms to their pages', () => {
    const base = { userNo: 1, boardName: '장터', subject: '라이카 M6', content: '더 높은 입찰이 들어왔습니다. 현재가 1,200,000원' };
    expect(alarmMessage({ ...base, kind: 'outbid', boardId: 'market', articleKey: 7 })).toEqual({
      title: '더 높은 입찰이 들어왔습니다',
      body: '라이카 M6 · 더 높은 입찰이 들어왔습니다. 현재가 1,200,000원',
      url: '/market/view/7',
      tag: 'market-7',
    });
    expect(alarmMessage({ ...base, kind: 'today', boardId: 'gallery', articleKey: 9 }).url).toBe('/gallery/view/9');
  });
});

describe('quiet hours (Korean time)', () => {
  const prefs = { quietHours: true, quietStart: 23 * 60, quietEnd: 7 * 60 };
  // 23:30 KST is 14:30 UTC; 07:00 KST the next day is 22:00 UTC the same day.
  it('across midnight: 23:30 and 02:00 wait until 07:00; 07:00 and 12:00 go now', () => {
    expect(koreanMinutes(new Date('2026-06-01T14:30:00Z'))).toBe(23 * 60 + 30);
    expect(quietUntil(prefs, new Date('2026-06-01T14:30:00Z'))).toEqual(new Date('2026-06-01T22:00:00Z'));
    expect(quietUntil(prefs, new Date('2026-06-01T17:00:00Z'))).toEqual(new Date('2026-06-01T22:00:00Z'));
    expect(quietUntil(prefs, new Date('2026-06-01T22:00:00Z'))).toBeNull();
    expect(quietUntil(prefs, new Date('2026-06-01T03:00:00Z'))).toBeNull();
    expect(quietUntil(prefs, new Date('2026-06-01T13:59:00Z'))).toBeNull();
    expect(quietUntil({ ...prefs, quietHours: false }, new Date('2026-06-01T14:30:00Z'))).toBeNull();
  });

  it('within a day: 13:00–14:00 holds 13:30 until 14:00', () => {
    const day = { quietHours: true, quietStart: 13 * 60, quietEnd: 14 * 60 };
    expect(quietUntil(day, new Date('2026-06-01T04:30:00Z'))).toEqual(new Date('2026-06-01T05:00:00Z'));
    expect(quietUntil(day, new Date('2026-06-01T05:00:00Z'))).toBeNull();
  });
});

describe('the fan-out', () => {
  // Records what the fan-out queues, in the fan-out's transaction, as the push and mail queues would.
  const sent: { channel: 'push' | 'mail'; userNo: number; runAt?: Date | undefined; kind?: NotifyKind }[] = [];
  const channels: Channels = {
    async push(tx: Tx, userNo, message, runAt) {
      await enqueue(tx, 'push-test', { userNo, message }, { runAt });
      sent.push({ channel: 'push', userNo, runAt });
      return 1;
    },
    async mail(_tx, userNo, kind) {
      sent.push({ channel: 'mail', userNo, kind });
      return true;
    },
  };
  const message: PushMessage = { title: '새 쪽지', body: '보낸 이: 제목', url: '/letter/receive', tag: 'letter' };
  /** A notify job no worker takes (its own queue), held by this test as a worker would hold it. */
  async function job(userNo: number, kind: NotifyKind = 'letter') {
    const [row] = await db()
      .insert(jobs)
      .values({ queue: 'notify-test', payload: { userNo, kind, message }, lockedBy: 'test-node', lockedUntil: new Date(Date.now() + 60_000) })
      .returning();
    return row!;
  }
  const run = async (userNo: number, kind: NotifyKind = 'letter') => {
    sent.length = 0;
    const j = await job(userNo, kind);
    const result = await fanOut(db(), channels, j.payload, j);
    const [after] = await db().select().from(jobs).where(eq(jobs.id, j.id));
    return { result, done: after!.doneAt !== null, sent: [...sent] };
  };

  it('defaults at noon: a push now, no mail; the job is done', async () => {
    const m = await member(t);
    setClock(new Date('2026-06-01T03:00:00Z'));
    const r = await run(m.no);
    expect(r.sent).toEqual([{ channel: 'push', userNo: m.no, runAt: undefined }]);
    expect(r.done).toBe(true);
  });

  it('at 23:30 Korean time the push waits until 07:00, across midnight', async () => {
    const m = await member(t);
    setClock(new Date('2026-06-01T14:30:00Z'));
    const r = await run(m.no);
    expect(r.sent).toEqual([{ channel: 'push', userNo: m.no, runAt: new Date('2026-06-01T22:00:00Z') }]);
    expect(r.result.pushAt).toEqual(new Date('2026-06-01T22:00:00Z'));
  });

  it('quiet hours off: the push goes now at 02:00; a kind turned off sends nothing; mail on sends mail', async () => {
    const m = await member(t);
    await db()
      .insert(notifySettings)
      .values({ userNo: m.no, quietHours: false, channels: { letter: ['push', 'email'], outbid: [] } });
    setClock(new Date('2026-06-01T17:00:00Z'));
    expect((await run(m.no, 'letter')).sent).toEqual([
      { channel: 'push', userNo: m.no, runAt: undefined },
      { channel: 'mail', userNo: m.no, kind: 'letter' },
    ]);
    const off = await run(m.no, 'outbid');
    expect(off.sent).toEqual([]);
    expect(off.done).toBe(true);
  });

  it('suspended and withdrawn members get nothing', async () => {
    for (const status of ['suspended', 'withdrawn'] as const) {
      const m = await member(t);
      await db().update(users).set({ status }).where(eq(users.no, m.no));
      const r = await run(m.no);
      expect(r.sent).toEqual([]);
      expect(r.result.skipped).toBe('inactive');
      expect(r.done).toBe(true);
    }
  });

  it('a report reaches an administrator, not a member who has since lost the role', async () => {
    const m = await member(t);
    expect((await run(m.no, 'report')).result.skipped).toBe('not-admin');
    const [admin] = await db().select({ no: users.no }).from(users).where(eq(users.admin, true)).limit(1);
    await adminCookie(t);
    expect((await run(admin!.no, 'report')).sent.map((s) => s.channel)).toEqual(['push']);
  });

  it('a job another node took over is not sent again', async () => {
    const m = await member(t);
    sent.length = 0;
    const j = await job(m.no);
    await db().update(jobs).set({ lockedBy: 'other-node' }).where(eq(jobs.id, j.id));
    const r = await fanOut(db(), channels, j.payload, j);
    expect(r.skipped).toBe('taken');
    expect(sent).toEqual([]);
  });

  it('a channel that fails leaves the job to be tried again, with nothing queued', async () => {
    const m = await member(t);
    const j = await job(m.no);
    const failing: Channels = {
      async push(tx, userNo, msg) {
        await enqueue(tx, 'push-test', { userNo, msg, failing: true });
        throw new Error('push queue unavailable');
      },
      mail: channels.mail,
    };
    await expect(fanOut(db(), failing, j.payload, j)).rejects.toThrow('push queue unavailable');
    const [after] = await db().select().from(jobs).where(eq(jobs.id, j.id));
    expect(after!.doneAt).toBeNull();
    const left = await db().select().from(jobs).where(and(eq(jobs.queue, 'push-test'), sql`${jobs.payload}->>'failing' = 'true'`));
    expect(left).toEqual([]);
  });
});

describe('the worker', () => {
  it('deletes notify jobs done or given up more than a day ago; keeps newer and pending ones', async () => {
    const old = new Date(Date.now() - 2 * 86_400_000);
    const rows = await db()
      .insert(jobs)
      .values([
        { queue: NOTIFY_QUEUE, payload: { purge: 'old-done' }, createdAt: old, doneAt: old, runAt: old },
        { queue: NOTIFY_QUEUE, payload: { purge: 'old-failed' }, createdAt: old, failedAt: old, runAt: old },
        { queue: NOTIFY_QUEUE, payload: { purge: 'new-done' }, doneAt: new Date() },
        { queue: 'notify-test', payload: { purge: 'other-queue' }, createdAt: old, doneAt: old, runAt: old },
      ])
      .returning({ id: jobs.id });
    expect(await purgeOldNotifyJobs(db())).toBe(2);
    const left = await db().select({ id: jobs.id }).from(jobs).where(sql`${jobs.payload}->>'purge' is not null`);
    expect(left.map((r) => r.id).sort()).toEqual([rows[2]!.id, rows[3]!.id].sort());
  });


  it('runs notify jobs on its own: a letter’s job is done within seconds', async () => {
    const a = await member(t);
    const b = await member(t);
    expect((await post(t, '/api/letter/send/save', { receiver: b.userId, subject: '워커', content: '확인' }, a.cookie)).statusCode).toBe(200);
    const done = async () =>
      (await db()
        .select({ doneAt: jobs.doneAt })
        .from(jobs)
        .where(and(eq(jobs.queue, NOTIFY_QUEUE), sql`(${jobs.payload}->>'userNo')::int = ${b.no}`)))[0]?.doneAt;
    for (let i = 0; i < 50 && !(await done()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await done()).toBeInstanceOf(Date);
  });
});

describe('through the push queue to a browser', () => {
  const subscribe = async (cookie: string) => {
    const sub = service.subscription();
    const res = await post(t, '/api/push/subscribe', { endpoint: sub.endpoint, keys: sub.keys }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return sub;
  };

  it('a comment on A’s post reaches A’s browser as a push carrying only the message', async () => {
    const a = await member(t);
    const b = await member(t);
    const sub = await subscribe(a.cookie);
    // Whatever the hour the test runs at: no quiet hours for A.
    await db().insert(notifySettings).values({ userNo: a.no, quietHours: false });
    const key = await createPost(t, a.cookie, { subject: '한강 야경' });
    const before = service.received.length;
    expect((await post(t, '/api/comment/save', { boardId: 'free', key, content: '멋진 야경이네요' }, b.cookie)).statusCode).toBe(200);
    const got = (await service.waitFor(before + 1, 15_000)).slice(before).filter((r) => r.id === sub.id);
    expect(got).toHaveLength(1);
    const shown = JSON.parse(got[0]!.body) as PushMessage;
    expect(Object.keys(shown).sort()).toEqual(['body', 'tag', 'title', 'url']);
    expect(shown).toMatchObject({ title: '내 글에 새 댓글', url: `/board/free/view/${key}`, tag: `free-${key}` });
    expect(shown.body).toContain('멋진 야경이네요');
  });

  it('at 23:30 Korean time the push job waits until 07:00; running the notify job again queues nothing more', async () => {
    const m = await member(t);
    const sub = await subscribe(m.cookie);
    const [row] = await db().select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    setClock(new Date('2026-06-01T14:30:00Z'));
    const [j] = await db()
      .insert(jobs)
      .values({ queue: 'notify-test', payload: { userNo: m.no, kind: 'letter', message: { title: '새 쪽지', body: '제목', url: '/letter/receive', tag: 'letter' } }, lockedBy: 'test-node' })
      .returning();
    const r = await fanOut(db(), deliveryChannels(), j!.payload, j!);
    expect(r).toMatchObject({ pushes: 1, pushAt: new Date('2026-06-01T22:00:00Z') });
    const pushes = await db().select().from(jobs).where(and(eq(jobs.queue, PUSH_QUEUE), sql`(${jobs.payload}->>'subscriptionId')::int = ${row!.id}`));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.runAt).toEqual(new Date('2026-06-01T22:00:00Z'));
    // The same notify job once more (as if its node died after queuing): nothing new.
    await db().update(jobs).set({ doneAt: null }).where(eq(jobs.id, j!.id));
    expect((await fanOut(db(), deliveryChannels(), j!.payload, j!)).pushes).toBe(0);
    expect(await db().select().from(jobs).where(and(eq(jobs.queue, PUSH_QUEUE), sql`(${jobs.payload}->>'subscriptionId')::int = ${row!.id}`))).toHaveLength(1);
  });
});
