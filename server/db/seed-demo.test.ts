// The demo seed fills an installed community once and leaves it alone the second time.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSealer } from '../lib/secret.js';
import { login, post, testApp, type TestApp } from '../test/harness.js';
import { seedDemo } from './seed-demo.js';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './seed-demo-data.js';
import { posts } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

it('adds members and free-board posts once, and members can log in', async () => {
  const sealer = createSealer(Buffer.alloc(32, 7));
  const count = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(posts).where(eq(posts.boardId, 'free')))[0]!.n;
  const before = await count();
  expect(await seedDemo(t.database.db, sealer)).toBe(true);
  expect((await count()) - before).toBe(200);
  expect(await seedDemo(t.database.db, sealer)).toBe(false);
  expect((await count()) - before).toBe(200);

  const cookie = await login(t, DEMO_MEMBERS[0]![0], DEMO_PASSWORD);
  const info = (await post(t, '/api/session/info', {}, cookie)).json();
  expect(info).toMatchObject({ logined: true, userId: DEMO_MEMBERS[0]![0], nickName: DEMO_MEMBERS[0]![1] });
});
