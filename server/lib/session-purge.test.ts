import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.js';
import { createUser, login, post, testApp, type TestApp } from '../test/harness.js';
import { everyHour } from './hourly-job.js';
import { purgeExpiredSessions } from './session.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

const count = async (userNo: number) => (await t.database.db.select().from(sessions).where(eq(sessions.userNo, userNo))).length;
const loggedIn = async (cookie: string) => ((await post(t, '/api/session/info', {}, cookie).then((r) => r.json())) as { logined: boolean }).logined;

it('the hourly clean-up removes sessions past their expiry and keeps the live ones', async () => {
  const u = await createUser(t);
  await login(t, u.userId, u.password);
  await login(t, u.userId, u.password);
  // Those two ran out a minute ago; the third is live.
  await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(sessions.userNo, u.no));
  const live = await login(t, u.userId, u.password);
  expect(await count(u.no)).toBe(3);

  const errors: unknown[] = [];
  const stop = everyHour('session clean-up', () => purgeExpiredSessions(t.database.db), { error: (obj) => errors.push(obj) });
  await expect.poll(() => count(u.no)).toBe(1);
  stop();
  expect(errors).toEqual([]);
  expect(await loggedIn(live)).toBe(true);
});

it('a failing job is logged and does not throw', async () => {
  const errors: Array<{ msg: string }> = [];
  const stop = everyHour('broken job', () => Promise.reject(new Error('no database')), { error: (_obj, msg) => errors.push({ msg }) });
  await expect.poll(() => errors.length).toBe(1);
  stop();
  expect(errors[0]!.msg).toBe('broken job failed');
});
