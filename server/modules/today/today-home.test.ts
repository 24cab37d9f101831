// Today's photo (admin picks, audited, points and an alarm) and the home page in one request.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, alarms, files, posts, todayPhotos, users } from '../../db/schema/index.js';
import { answersChanged } from '../../lib/answer-cache.js';
import { createStorage } from '../../lib/storage.js';
import { cleanupUnattached } from '../files/service.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { adminCookie, createPost, member, setBoard } from '../../test/boards.js';
import { createItem, seller } from '../../test/market.js';
import { createGallery, gpsJpeg, upload } from '../../test/gallery.js';
import { kstToday, TODAY_POINTS } from './service.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
});
afterAll(() => t.close());

const pointsOf = async (no: number) => (await t.database.db.select({ p: users.points }).from(users).where(eq(users.no, no)))[0]!.p;
const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("/api/admin/today/* and /api/today/list", () => {
  it('refuses visitors (401) and members (403) before reading the body', async () => {
    const m = await member(t);
    for (const url of ['/api/admin/today/list', '/api/admin/today/save', '/api/admin/today/delete']) {
      expect((await post(t, url, {})).statusCode).toBe(401);
      const res = await post(t, url, {}, m.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('관리자만 사용할 수 있습니다.');
    }
  });

  it("picks today's photo: audited, the photographer gets points and an alarm; home and the list show it", async () => {
    const photographer = await member(t);
    const shot = await upload(t, photographer.cookie, await gpsJpeg(900, 600));
    const key = await createGallery(t, photographer.cookie, { title: '노을', photos: [{ fileKey: shot, caption: '한강' }] });
    const before = await pointsOf(photographer.no);
    const today = kstToday();
    const res = await post(t, '/api/admin/today/save', { date: today, galleryKey: key, note: '빛이 좋습니다' }, admin);
    expect(res.statusCode).toBe(200);
    expect(await pointsOf(photographer.no)).toBe(before + TODAY_POINTS);
    const [alarm] = await t.database.db.select().from(alarms).where(and(eq(alarms.userNo, photographer.no), eq(alarms.kind, 'today')));
    expect(alarm).toMatchObject({ articleKey: key, boardId: 'gallery', subject: '노을' });
    const [record] = await t.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'today.save'), eq(adminAudit.targetKey, today)));
    expect(record!.after).toMatchObject({ postKey: key, note: '빛이 좋습니다' });

    // Saving the same pick again (a new note) is no second award.
    await post(t, '/api/admin/today/save', { date: today, galleryKey: key, note: '빛과 구름' }, admin);
    expect(await pointsOf(photographer.no)).toBe(before + TODAY_POINTS);

    const home = await post(t, '/api/home', {});
    expect(home.statusCode).toBe(200);
    expect(home.json().today).toMatchObject({ date: today, galleryKey: key, note: '빛과 구름', title: '노을', author: { userId: photographer.userId }, photo: { fileKey: shot, caption: '한강', exif: { camera: 'Canon EOS 5D Mark IV' } } });
    expect(home.body).not.toMatch(/gps|latitude/i);
    const list = (await post(t, '/api/today/list', { page: 1 })).json();
    expect(list.items[0]).toMatchObject({ date: today, galleryKey: key });
    expect((await post(t, '/api/gallery/view', { galleryKey: key }, photographer.cookie)).json().todayDates).toEqual([today]);
  });

  it('keeps a later date out of the public list until its day; the admin list has it', async () => {
    const m = await member(t);
    const key = await createGallery(t, m.cookie);
    const tomorrow = shiftDay(kstToday(), 1);
    expect((await post(t, '/api/admin/today/save', { date: tomorrow, galleryKey: key }, admin)).statusCode).toBe(200);
    expect((await post(t, '/api/today/list', { page: 1 })).json().items.map((i: { date: string }) => i.date)).not.toContain(tomorrow);
    const adminList = (await post(t, '/api/admin/today/list', { page: 1 }, admin)).json();
    expect(adminList.items[0]).toMatchObject({ date: tomorrow, galleryKey: key });
    expect(adminList.pageSize).toBe(50);
  });

  it('refuses bad input with Korean messages and changes nothing', async () => {
    const m = await member(t);
    const key = await createGallery(t, m.cookie);
    const otherItem = await createGallery(t, m.cookie);
    const otherPhoto = (await post(t, '/api/gallery/view', { galleryKey: otherItem })).json().photos[0].fileKey;
    const notGallery = await createPost(t, m.cookie);
    const day = '2021-03-04';
    const cases: Array<[object, string]> = [
      [{ date: '2021-3-4', galleryKey: key }, '날짜를 골라 주세요.'],
      [{ date: '2021-02-30', galleryKey: key }, '날짜를 골라 주세요.'],
      [{ date: day, galleryKey: notGallery }, '사진을 찾을 수 없습니다.'],
      [{ date: day, galleryKey: key, fileKey: otherPhoto }, '그 작품의 사진을 골라 주세요.'],
      [{ date: day, galleryKey: key, note: '가'.repeat(201) }, '한마디는 200자까지 입력할 수 있습니다.'],
    ];
    for (const [body, message] of cases) {
      const res = await post(t, '/api/admin/today/save', body, admin);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.database.db.select().from(todayPhotos).where(eq(todayPhotos.day, day))).toEqual([]);
    const missing = await post(t, '/api/admin/today/delete', { date: day }, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('그 날짜의 오늘의 사진이 없습니다.');
  });

  it('removes a pick: audited, the points go back, the item may then be deleted', async () => {
    const m = await member(t);
    const key = await createGallery(t, m.cookie);
    const day = '2022-05-06';
    await post(t, '/api/admin/today/save', { date: day, galleryKey: key }, admin);
    const picked = await pointsOf(m.no);
    expect((await post(t, '/api/admin/today/delete', { date: day }, admin)).statusCode).toBe(200);
    expect(await pointsOf(m.no)).toBe(picked - TODAY_POINTS);
    const [record] = await t.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'today.delete'), eq(adminAudit.targetKey, day)));
    expect(record!.before).toMatchObject({ postKey: key });
    expect((await post(t, '/api/gallery/delete', { galleryKey: key }, m.cookie)).statusCode).toBe(200);
  });

  it('passes over an item hidden after a report, and refuses to pick one', async () => {
    const m = await member(t);
    const key = await createGallery(t, m.cookie, { title: '가려질 사진' });
    const day = shiftDay(kstToday(), -400);
    expect((await post(t, '/api/admin/today/save', { date: day, galleryKey: key }, admin)).statusCode).toBe(200);
    const dates = async () => (await post(t, '/api/today/list', { page: 1 })).json().items.map((i: { galleryKey: number }) => i.galleryKey);
    expect(await dates()).toContain(key);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, key));
    answersChanged(t.database.db, ['board:gallery']);
    expect(await dates()).not.toContain(key);
    expect((await post(t, '/api/admin/today/list', { page: 1 }, admin)).json().items.map((i: { galleryKey: number }) => i.galleryKey)).toContain(key);
    const again = await post(t, '/api/admin/today/save', { date: shiftDay(day, 1), galleryKey: key }, admin);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('신고로 가려진 작품은 오늘의 사진으로 고를 수 없습니다.');
  });

  it('a chosen photo the owner removes from the item: the pick shows the first photo, and the upload cleanup still runs', async () => {
    const m = await member(t);
    const [first, chosen] = [await upload(t, m.cookie, await gpsJpeg(800, 500)), await upload(t, m.cookie, await gpsJpeg(800, 500))];
    const key = await createGallery(t, m.cookie, { title: '두 장', photos: [{ fileKey: first }, { fileKey: chosen }] });
    const day = shiftDay(kstToday(), -401);
    expect((await post(t, '/api/admin/today/save', { date: day, galleryKey: key, fileKey: chosen }, admin)).statusCode).toBe(200);
    // The owner keeps only the first photo; the chosen one is now an unattached upload.
    expect((await post(t, '/api/gallery/save', { galleryKey: key, title: '두 장', photos: [{ fileKey: first }] }, m.cookie)).statusCode).toBe(200);
    const pick = async () => ((await post(t, '/api/admin/today/list', { page: 1 }, admin)).json().items as Array<{ date: string; photo: { fileKey: string } }>).find((i) => i.date === day)!;
    expect((await pick()).photo.fileKey).toBe(first);
    expect(await cleanupUnattached(t.database.db, createStorage(t.app.ctx.config), 0)).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(files).where(eq(files.key, chosen))).toEqual([]);
    const [row] = await t.database.db.select().from(todayPhotos).where(eq(todayPhotos.day, day));
    expect(row!.fileKey).toBeNull();
    expect((await pick()).photo.fileKey).toBe(first);
  });

  it("follows the gallery's read level: museums and today's photos are refused below it", async () => {
    const m = await member(t);
    const key = await createGallery(t, m.cookie);
    await post(t, '/api/museum/save', { exhibits: [{ galleryKey: key, note: '' }] }, m.cookie);
    await setBoard(t, 'gallery', { readLevel: 3 });
    try {
      for (const [url, body] of [['/api/today/list', { page: 1 }], ['/api/museum/list', { userId: m.userId, page: 1 }], ['/api/museum/show', { userId: m.userId }]] as const) {
        expect((await post(t, url, body)).statusCode).toBe(403);
        expect((await post(t, url, body, m.cookie)).statusCode).toBe(403);
        expect((await post(t, url, body, admin)).statusCode).toBe(200);
      }
      expect((await post(t, '/api/space/info', { userId: m.userId })).json().counts).toMatchObject({ gallery: 0, museum: 0 });
      expect((await post(t, '/api/gallery/photos', { productKey: 'any-product', page: 1 }, m.cookie)).statusCode).toBe(403);
    } finally {
      await setBoard(t, 'gallery', { readLevel: 0 });
    }
    expect((await post(t, '/api/museum/list', { userId: m.userId, page: 1 })).statusCode).toBe(200);
  });
});

describe('/api/home', () => {
  it('answers every box in one request, refreshed by writes', async () => {
    const s = await seller(t);
    const first = await post(t, '/api/home', {});
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json()).sort()).toEqual(['gallery', 'market', 'posts', 'today']);
    const postKey = await createPost(t, s.cookie, { subject: '홈에 보일 글' });
    const galleryKey = await createGallery(t, s.cookie, { title: '홈에 보일 사진' });
    const itemKey = await createItem(t, s, { subject: '홈에 보일 매물' });
    const home = (await post(t, '/api/home', {})).json();
    expect(home.posts[0]).toMatchObject({ key: postKey, subject: '홈에 보일 글' });
    expect(home.gallery[0]).toMatchObject({ galleryKey, title: '홈에 보일 사진' });
    expect(home.market.map((i: { key: number }) => i.key)).toContain(itemKey);
    // Hidden boards' posts (market, gallery) are not among the newest posts.
    expect(home.posts.map((p: { boardId: string }) => p.boardId)).not.toContain('gallery');
    const etag = (await post(t, '/api/home', {})).headers.etag as string;
    expect((await post(t, '/api/home', {}, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
  });
});
