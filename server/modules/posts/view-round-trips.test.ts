// A post view costs a few round trips, not one query per piece: the post, its author, files and
// neighbours come in one statement (kept per kind of reader), the member's own recommendation, scrap
// and unread alarms in one small one; the view is counted later with others (view-counter.ts), a
// member's unread alarms about the post (if any) are marked read in one more statement; the
// member's level comes with the session.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { createPost, member, uploadedFile } from '../../test/boards.js';
import { and, isNull, lte, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema/index.js';
import { flushViews } from './view-counter.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

/** The database calls one request makes (every statement of both drivers goes through query()). */
async function roundTrips<T>(fn: () => Promise<T>): Promise<{ result: T; calls: number }> {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    const result = await fn();
    return { result, calls: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

/**
 * Waits until no job is due: a comment's alarm becomes a notify job that this node's worker handles
 * on its own timer, with statements of its own that must not land inside a measured window.
 */
async function jobsSettled() {
  for (let i = 0; i < 400; i++) {
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, new Date())));
    if (row!.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the job queues did not settle');
}

it('answers a view in one read (members: the session besides, and their alarms about it when there are some)', async () => {
  const writer = await member(t);
  const reader = await member(t);
  const other = await member(t);
  const first = await createPost(t, writer.cookie, { subject: '첫 글' });
  const file = await uploadedFile(t, writer.no);
  const key = await createPost(t, writer.cookie, { subject: '둘째 글', content: '<p>사진 {file0}</p>', files: [file] });
  const later = await createPost(t, writer.cookie, { subject: '셋째 글' });
  // Boards, settings and the author's rank are kept per node: the first view reads them.
  await post(t, '/api/board/view', { boardId: 'free', key: first }, reader.cookie);

  // Views noted so far are written now, so the counter's timer cannot land inside a measured call.
  await flushViews(t.database.db);
  await jobsSettled();
  const asMember = await roundTrips(() => post(t, '/api/board/view', { boardId: 'free', key }, reader.cookie));
  const view = asMember.result.json();
  expect(view).toMatchObject({ key, subject: '둘째 글', views: 1, recommended: false, scrapped: false, prev: { key: first }, next: { key: later } });
  expect(view.files).toHaveLength(1);
  // The session (with the member's level), the view with all it shows and the member's marks: no
  // alarm about it to mark.
  expect(asMember.calls).toBeLessThanOrEqual(3);
  // Another member of the same level: the shared part comes from memory.
  const hits = t.app.ctx.answers.stats.hits;
  const asOther = await roundTrips(() => post(t, '/api/board/view', { boardId: 'free', key }, other.cookie));
  expect(asOther.result.json()).toMatchObject({ key, views: 2, recommended: false, prev: { key: first } });
  expect(t.app.ctx.answers.stats.hits).toBe(hits + 1);
  // The session and the marks.
  expect(asOther.calls).toBeLessThanOrEqual(2);

  // A comment alarms the writer: the writer's view marks it read, one statement more.
  await post(t, '/api/comment/save', { boardId: 'free', key, content: '좋은 사진입니다' }, reader.cookie);
  expect((await post(t, '/api/letter/alarm', {}, writer.cookie)).json()).toBe(1);
  // The comment dropped the shared part; the reader's view makes it again.
  await post(t, '/api/board/view', { boardId: 'free', key }, reader.cookie);
  await flushViews(t.database.db);
  await jobsSettled();
  const asWriter = await roundTrips(() => post(t, '/api/board/view', { boardId: 'free', key }, writer.cookie));
  expect(asWriter.result.statusCode).toBe(200);
  expect(asWriter.calls).toBeLessThanOrEqual(3);
  expect(asWriter.result.json()).toMatchObject({ views: 3, abilities: { canEdit: true, canRecommend: false } });
  expect((await post(t, '/api/letter/alarm', {}, writer.cookie)).json()).toBe(0);

  // As it happens: a comment drops the shared part and the author opens the post from its alarm.
  await post(t, '/api/comment/save', { boardId: 'free', key, content: '한 장 더 보고 싶어요' }, reader.cookie);
  await flushViews(t.database.db);
  await jobsSettled();
  const fromAlarm = await roundTrips(() => post(t, '/api/board/view', { boardId: 'free', key }, writer.cookie));
  expect(fromAlarm.result.statusCode).toBe(200);
  // The shared part, the marks and the alarms marked read.
  expect(fromAlarm.calls).toBeLessThanOrEqual(4);
  expect((await post(t, '/api/letter/alarm', {}, writer.cookie)).json()).toBe(0);

  await flushViews(t.database.db);
  await jobsSettled();
  const asVisitor = await roundTrips(() => post(t, '/api/board/view', { boardId: 'free', key: later }));
  expect(asVisitor.result.json()).toMatchObject({ key: later, views: 1, prev: { key } });
  expect(asVisitor.calls).toBeLessThanOrEqual(1);
});
