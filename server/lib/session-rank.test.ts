// levelKey comes from a short per-node rank cache (server/lib/session.ts): a member's own
// point changes show at once, other members' gains within the cache's minute.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { users } from '../db/schema/index.js';
import { createUser, login, post, testApp, type TestApp } from '../test/harness.js';
import { rankRefresh } from './session.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const setPoints = (no: number, points: number) => t.database.db.update(users).set({ points }).where(eq(users.no, no));
const levelKey = async (cookie: string) => (await post(t, '/api/session/info', {}, cookie)).json().levelKey as number;

it('recounts the rank as soon as the member’s own points change', async () => {
  const a = await createUser(t);
  const b = await createUser(t);
  await setPoints(a.no, 5_000_000);
  await setPoints(b.no, 4_000_000);
  const cookie = await login(t, b.userId, b.password);
  expect(await levelKey(cookie)).toBe(2);
  await setPoints(b.no, 6_000_000);
  expect(await levelKey(cookie)).toBe(1);
  // Someone else overtaking is seen when the cached rank expires, not on this call.
  await setPoints(a.no, 7_000_000);
  expect(await levelKey(cookie)).toBe(1);
});

it('serves a rank past its minute while one background count refreshes it (no request waits)', async () => {
  const a = await createUser(t);
  const b = await createUser(t);
  const c = await createUser(t);
  await setPoints(a.no, 9_000_000);
  await setPoints(b.no, 8_500_000);
  const cookie = await login(t, b.userId, b.password);
  expect(await levelKey(cookie)).toBe(2);
  await setPoints(c.no, 8_800_000);
  // Past the minute (and the session cache's moment): the stale rank answers at once …
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 61_000);
  expect(await levelKey(cookie)).toBe(2);
  // … while the recount runs in the background; the next lookup has the new rank.
  await rankRefresh(t.database.db);
  vi.setSystemTime(Date.now() + 3_000);
  expect(await levelKey(cookie)).toBe(3);
});
