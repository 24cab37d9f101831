// levelKey comes from a per-node table of points and ranks (server/lib/activity-rank.ts): a member's own
// point changes show at once, other members' gains within the table's minute.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { users } from '../db/schema/index.js';
import { createUser, login, post, testApp, type TestApp } from '../test/harness.js';
import { activityRanks, rankRefresh } from './activity-rank.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const setPoints = (no: number, points: number) => t.database.db.update(users).set({ points }).where(eq(users.no, no));
const levelKey = async (cookie: string) => (await post(t, '/api/session/info', {}, cookie)).json().levelKey as number;

/** The faked clock only moves forward, also from one test to the next (the table keeps its time). */
let clock = 0;
function advance(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = Math.max(clock, Date.now()) + ms;
  vi.setSystemTime(clock);
}

/** Moves the clock past the table's minute (and the session cache's moment) and lets the table be read again. */
async function nextMinute() {
  advance(61_000);
  await activityRanks(t.database.db, []);
  await rankRefresh(t.database.db);
  advance(3_000);
}

it('recounts the rank as soon as the member’s own points change', async () => {
  const a = await createUser(t);
  const b = await createUser(t);
  await setPoints(a.no, 5_000_000);
  await setPoints(b.no, 4_000_000);
  await nextMinute();
  const cookie = await login(t, b.userId, b.password);
  expect(await levelKey(cookie)).toBe(2);
  await setPoints(b.no, 6_000_000);
  expect(await levelKey(cookie)).toBe(1);
  // Someone else overtaking is seen when the table is read again, not on this call.
  await setPoints(a.no, 7_000_000);
  expect(await levelKey(cookie)).toBe(1);
});

it('serves the table past its minute while one background pass reads it again (no request waits)', async () => {
  const a = await createUser(t);
  const b = await createUser(t);
  const c = await createUser(t);
  await setPoints(a.no, 9_000_000);
  await setPoints(b.no, 8_500_000);
  await nextMinute();
  const cookie = await login(t, b.userId, b.password);
  expect(await levelKey(cookie)).toBe(2);
  await setPoints(c.no, 8_800_000);
  // Past the minute (and the session cache's moment): the old table answers at once …
  advance(61_000);
  expect(await levelKey(cookie)).toBe(2);
  // … while the new one is read in the background; the next lookup has the new rank.
  await rankRefresh(t.database.db);
  advance(3_000);
  expect(await levelKey(cookie)).toBe(3);
});

it('ranks equal counting the active members with more points, ties sharing a rank', async () => {
  const made = [];
  // Ties, gaps, a withdrawn member (not counted) and values above everyone else's.
  for (const points of [9_100_000, 9_100_000, 9_050_000, 9_000_000, 9_000_000, 9_000_000, 8_990_000]) {
    const m = await createUser(t);
    await setPoints(m.no, points);
    made.push({ no: m.no, points });
  }
  await t.database.db.update(users).set({ status: 'withdrawn' }).where(eq(users.no, made[2]!.no));
  await nextMinute();
  // The members above, points no member holds, and the lowest and highest possible.
  const asked = [...made.filter((_, i) => i !== 2), { no: -1, points: 9_070_000 }, { no: -2, points: 0 }, { no: -3, points: 2_000_000_000 }];
  const ranks = await activityRanks(t.database.db, asked);
  const all = await t.database.db.select({ points: users.points, status: users.status }).from(users);
  for (const m of asked) {
    const more = all.filter((u) => u.status === 'active' && u.points > m.points).length;
    expect(ranks.get(m.no)).toBe(more + 1);
  }
  const r = asked.map((m) => ranks.get(m.no)!);
  expect([r[1]! - r[0]!, r[3]! - r[2]!, r[4]! - r[2]!]).toEqual([0, 0, 0]);
  expect(ranks.get(-3)).toBe(1);
});
