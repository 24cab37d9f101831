// The demo galleries: real uploads with EXIF matched to catalogue products, museums and today's
// photos, added once.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_MEMBERS } from '../../scripts/seed-demo-data.js';
import { seedDemoGallery } from '../../scripts/seed-demo-gallery.js';
import { createUser, post, testApp, type TestApp } from '../test/harness.js';
import { files, posts } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  for (const [userId, nickName] of DEMO_MEMBERS.slice(0, 3)) await createUser(t, { userId, nickName });
});
afterAll(() => t.close());

it('adds gallery items with matched gear, a museum and today’s photo once', { timeout: 120_000 }, async () => {
  expect(await seedDemoGallery(t.database.db, t.app.ctx.config, Date.now(), 4)).toBe(4);
  expect(await seedDemoGallery(t.database.db, t.app.ctx.config, Date.now(), 4)).toBe(0);
  const items = await t.database.db.select({ key: posts.key }).from(posts).where(eq(posts.boardId, 'gallery'));
  expect(items).toHaveLength(4);
  const photos = await t.database.db.select().from(files).where(inArray(files.postKey, items.map((i) => i.key)));
  expect(photos.length).toBe(1 + 2 + 3 + 4);
  expect(photos.every((f) => f.mediumPath !== null)).toBe(true);
  expect(photos.filter((f) => f.cameraProductId !== null).length).toBeGreaterThan(0);
  const home = (await post(t, '/api/home', {})).json();
  expect(home.today).not.toBeNull();
  expect(home.gallery).toHaveLength(4);
  const museum = (await post(t, '/api/museum/list', { userId: DEMO_MEMBERS[0]![0], page: 1 })).json();
  expect(museum.total).toBeGreaterThan(0);
});
