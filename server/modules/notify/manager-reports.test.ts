// A new report reaches the managers of the reported thing's board (decision 48) as it reaches the
// administrators: one notify job each (once for someone who is both), never the reporter, never a
// manager of another board, never for a letter; the fan-out sends a manager's, the settings show
// managers the report kind, and a member who manages nothing still gets none.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_KINDS, type NotifyKind, type PushMessage } from '../../../common/api/notify.js';
import { boardManagers, jobs, users } from '../../db/schema/index.js';
import { adminCookie, createPost, member } from '../../test/boards.js';
import { createGallery } from '../../test/gallery.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { createBoard, makeManager } from '../../test/managers.js';
import { type Channels, fanOut } from './fan-out.js';
import { NOTIFY_QUEUE } from './hook.js';

let t: TestApp;
let admin: string;
type M = Awaited<ReturnType<typeof member>>;
let freeManager: M;
let lensManager: M;
let galleryManager: M;
let writer: M;
let reporter: M;
let adminNos: number[];

const db = () => t.database.db;
const QUEUE_URL = '/system/report/list';

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  [freeManager, lensManager, galleryManager, writer, reporter] = [await member(t), await member(t), await member(t), await member(t), await member(t)];
  await createBoard(t, admin, 'lens', '렌즈 게시판', [lensManager.userId]);
  await makeManager(t, 'free', freeManager.no);
  await makeManager(t, 'gallery', galleryManager.no);
  adminNos = (await db().select({ no: users.no }).from(users).where(and(eq(users.admin, true), eq(users.status, 'active')))).map((a) => a.no);
  expect(adminNos.length).toBeGreaterThan(0);
  // An administrator who also manages the free board is told once.
  await makeManager(t, 'free', adminNos[0]!);
});
afterAll(async () => {
  await t?.close();
});

/** The report notifications queued for the member, oldest first. */
const reportJobs = async (userNo: number) =>
  (await db()
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.queue, NOTIFY_QUEUE), sql`(${jobs.payload}->>'userNo')::int = ${userNo}`, sql`${jobs.payload}->>'kind' = 'report'`))
    .orderBy(jobs.id)).map((r) => r.payload as unknown as { userNo: number; kind: NotifyKind; message: PushMessage });

/** How many report notifications each member has now. */
const counts = async (list: number[]) => Promise.all(list.map(async (no) => (await reportJobs(no)).length));

async function report(body: object, cookie = reporter.cookie) {
  const res = await post(t, '/api/report/save', { reason: '광고 글입니다', ...body }, cookie);
  expect(res.statusCode, res.body).toBe(200);
}

describe('who hears of a new report', () => {
  it("a post of a managed board: its manager and the administrators, once each, with the queue's page", async () => {
    const everyone = [freeManager.no, lensManager.no, galleryManager.no, writer.no, reporter.no, ...adminNos];
    const before = await counts(everyone);
    await report({ kind: 'post', key: await createPost(t, writer.cookie, { subject: '자유게시판 광고' }) });
    const after = await counts(everyone);
    const added = Object.fromEntries(everyone.map((no, i) => [no, after[i]! - before[i]!]));
    expect(added[freeManager.no]).toBe(1);
    for (const no of adminNos) expect(added[no], `admin ${no}`).toBe(1);
    // Another board's manager, the author and the reporter: nothing.
    expect([added[lensManager.no], added[galleryManager.no], added[writer.no], added[reporter.no]]).toEqual([0, 0, 0, 0]);
    const [last] = (await reportJobs(freeManager.no)).slice(-1);
    expect(last).toEqual({ userNo: freeManager.no, kind: 'report', message: { title: '새 신고: 글', body: '광고 글입니다', url: QUEUE_URL, tag: 'report' } });
  });

  it("a comment on the board's post, and a gallery item, reach that board's managers", async () => {
    const comment = await post(t, '/api/comment/save', { boardId: 'free', key: await createPost(t, writer.cookie), content: '광고 댓글입니다' }, writer.cookie);
    expect(comment.statusCode, comment.body).toBe(200);
    const [freeBefore, galleryBefore] = await counts([freeManager.no, galleryManager.no]);
    await report({ kind: 'comment', key: comment.json().commentKey });
    expect(await counts([freeManager.no, galleryManager.no])).toEqual([freeBefore! + 1, galleryBefore]);
    expect((await reportJobs(freeManager.no)).at(-1)!.message.title).toBe('새 신고: 댓글');

    await report({ kind: 'gallery', key: await createGallery(t, writer.cookie) });
    expect(await counts([freeManager.no, galleryManager.no])).toEqual([freeBefore! + 1, galleryBefore! + 1]);
    expect((await reportJobs(galleryManager.no)).at(-1)!.message).toMatchObject({ title: '새 신고: 사진', url: QUEUE_URL });
  });

  it('a manager who reports a post of their own board is not told of it; the administrators are', async () => {
    const key = await createPost(t, writer.cookie, { boardId: 'lens', category: 'c1', subject: '렌즈 게시판 광고' });
    const [mine, ...admins] = await counts([lensManager.no, ...adminNos]);
    await report({ kind: 'post', key }, lensManager.cookie);
    expect(await counts([lensManager.no, ...adminNos])).toEqual([mine, ...admins.map((n) => n + 1)]);
  });

  it("a letter's report reaches the administrators only", async () => {
    const letter = await post(t, '/api/letter/send/save', { receiver: reporter.userId, subject: '쪽지 광고', content: '광고 쪽지입니다' }, writer.cookie);
    expect(letter.statusCode, letter.body).toBe(200);
    const managers = [freeManager.no, lensManager.no, galleryManager.no];
    const [beforeManagers, beforeAdmins] = [await counts(managers), await counts(adminNos)];
    await report({ kind: 'letter', key: letter.json().letterKey });
    expect(await counts(managers)).toEqual(beforeManagers);
    expect(await counts(adminNos)).toEqual(beforeAdmins.map((n) => n + 1));
  });
});

describe("a manager's report notifications", () => {
  const sent: number[] = [];
  const channels: Channels = {
    async push(_tx, userNo) {
      sent.push(userNo);
      return 1;
    },
    async mail() {
      return false;
    },
  };
  const message: PushMessage = { title: '새 신고: 글', body: '광고 글입니다', url: QUEUE_URL, tag: 'report' };
  /** Sends a report job for the member the way the worker would (its own queue, held by this test). */
  async function send(userNo: number) {
    sent.length = 0;
    const [j] = await db()
      .insert(jobs)
      .values({ queue: 'notify-test', payload: { userNo, kind: 'report', message }, lockedBy: 'test-node', lockedUntil: new Date(Date.now() + 60_000) })
      .returning();
    return { result: await fanOut(db(), channels, j!.payload, j!), sent: [...sent] };
  }

  it('are sent to a manager; a member who manages no board, or no longer does, gets none', async () => {
    expect((await send(freeManager.no)).sent).toEqual([freeManager.no]);
    expect((await send(writer.no)).result.skipped).toBe('not-admin');
    const former = await member(t);
    await makeManager(t, 'free', former.no);
    await db().delete(boardManagers).where(eq(boardManagers.userNo, former.no));
    const gone = await send(former.no);
    expect(gone.result.skipped).toBe('not-admin');
    expect(gone.sent).toEqual([]);
  });

  it('the settings show a manager the report kind, and a manager may turn it off', async () => {
    const res = await post(t, '/api/notify/settings', {}, lensManager.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { kinds: Array<{ kind: string }> }).kinds.map((k) => k.kind)).toEqual([...NOTIFY_KINDS]);
    const kinds = NOTIFY_KINDS.map((kind) => ({ kind, push: kind !== 'report', email: false }));
    const saved = await post(t, '/api/notify/settings/save', { kinds, quietHours: true, quietStart: '23:00', quietEnd: '07:00', digest: false }, lensManager.cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await send(lensManager.no)).sent).toEqual([]);
    // A member who manages nothing may not ask for it.
    const refused = await post(t, '/api/notify/settings/save', { kinds, quietHours: true, quietStart: '23:00', quietEnd: '07:00', digest: false }, writer.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('신고 알림은 관리자와 게시판 매니저만 받을 수 있습니다.');
  });
});
