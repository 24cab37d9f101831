// levelKey comes from a short per-node rank cache (server/lib/session.ts): a member's own
// point changes show at once, other members' gains within the cache's minute.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { users } from '../db/schema/index.js';
import { createUser, login, post, testApp, type TestApp } from '../test/harness.js';
import { activityRanks, rankRefresh } from './session.js';

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

it('counts many ranks in one pass, equal to counting the members with more points one by one', async () => {
  const made = [];
  // Ties, gaps, a withdrawn member (not counted) and values above everyone else's.
  for (const points of [9_100_000, 9_100_000, 9_050_000, 9_000_000, 9_000_000, 9_000_000, 8_990_000]) {
    const m = await createUser(t);
    await setPoints(m.no, points);
    made.push({ no: m.no, points });
  }
  await t.database.db.update(users).set({ status: 'withdrawn' }).where(eq(users.no, made[2]!.no));
  const asked = made.filter((_, i) => i !== 2);
  const ranks = await activityRanks(t.database.db, asked);
  const all = await t.database.db.select({ points: users.points, status: users.status }).from(users);
  for (const m of asked) {
    const more = all.filter((u) => u.status === 'active' && u.points > m.points).length;
    expect(ranks.get(m.no)).toBe(more + 1);
  }
  // Members who tie share a rank; the next one down counts them all.
  const r = asked.map((m) => ranks.get(m.no)!);
  expect([r[1]! - r[0]!, r[3]! - r[2]!, r[4]! - r[2]!]).toEqual([0, 0, 0]);
  expect(r[5]!).toBeGreaterThanOrEqual(r[2]! + 3);
});
