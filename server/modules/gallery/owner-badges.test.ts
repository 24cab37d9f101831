// /api/gallery/list for the owner's manager (/gallery/my/list): the owner's own list carries the
// badges (in the museum, dates it was today's photo); nobody else's answer does, and the owner's
// personal answer never reaches the shared cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, member } from '../../test/boards.js';
import { createGallery } from '../../test/gallery.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { kstToday } from '../today/service.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

describe('/api/gallery/list: the owner badges', () => {
  it('marks the owner’s items in the museum and picked as today’s photo, for the owner only', async () => {
    const owner = await member(t);
    const other = await member(t);
    const admin = await adminCookie(t);
    const shown = await createGallery(t, owner.cookie, { title: '전시작' });
    const picked = await createGallery(t, owner.cookie, { title: '오늘의 작품' });
    const plain = await createGallery(t, owner.cookie, { title: '그냥' });
    expect((await post(t, '/api/museum/save', { exhibits: [{ galleryKey: shown }] }, owner.cookie)).statusCode).toBe(200);
    const today = kstToday();
    expect((await post(t, '/api/admin/today/save', { date: today, galleryKey: picked }, admin)).statusCode).toBe(200);

    // Visitors and other members first, so a shared cached answer exists before the owner asks.
    const visitor = (await post(t, '/api/gallery/list', { userId: owner.userId, page: 1 })).json();
    const others = (await post(t, '/api/gallery/list', { userId: owner.userId, page: 1 }, other.cookie)).json();
    const mine = (await post(t, '/api/gallery/list', { userId: owner.userId, page: 1 }, owner.cookie)).json();
    const byKey = (page: { items: Array<{ galleryKey: number }> }) => new Map(page.items.map((i) => [i.galleryKey, i]));

    expect(byKey(mine).get(shown)).toMatchObject({ inMuseum: true, todayDates: [] });
    expect(byKey(mine).get(picked)).toMatchObject({ inMuseum: false, todayDates: [today] });
    expect(byKey(mine).get(plain)).toMatchObject({ inMuseum: false, todayDates: [] });
    for (const page of [visitor, others]) {
      expect(page.items).toHaveLength(3);
      for (const item of page.items) {
        expect(item).not.toHaveProperty('inMuseum');
        expect(item).not.toHaveProperty('todayDates');
      }
    }
    // And after the owner's call, a visitor's answer is still without them.
    const again = (await post(t, '/api/gallery/list', { userId: owner.userId, page: 1 })).json();
    expect(JSON.stringify(again)).not.toMatch(/inMuseum|todayDates/);
  });

  it('gives no badges on another member’s list or the whole gallery, even to a logged-in member', async () => {
    const owner = await member(t);
    const other = await member(t);
    await createGallery(t, owner.cookie, { title: '남의 것' });
    const theirs = (await post(t, '/api/gallery/list', { userId: owner.userId, page: 1 }, other.cookie)).json();
    expect(theirs.items.length).toBe(1);
    expect(JSON.stringify(theirs)).not.toMatch(/inMuseum|todayDates/);
    const all = (await post(t, '/api/gallery/list', { page: 1 }, owner.cookie)).json();
    expect(JSON.stringify(all)).not.toMatch(/inMuseum|todayDates/);
  });

  it('refuses a bad page with a Korean message', async () => {
    const owner = await member(t);
    const res = await post(t, '/api/gallery/list', { userId: owner.userId, page: 0 }, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('페이지 번호를 확인해 주세요.');
  });
});
