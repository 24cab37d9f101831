// levelKey comes from a short per-node rank cache (server/lib/session.ts): a member's own
// point changes show at once, other members' gains within the cache's minute.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { createUser, login, post, testApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

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
