// /api/menu/topMenu (docs/product/site.md#top-menu, docs/api.md#session-and-menu).
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuEntry } from '../../../common/api/menu.js';
import { menus } from '../../db/schema/index.js';
import { createUser, login, post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

describe('/api/menu/topMenu', () => {
  it('lists groups first, each followed by its items, with Korean labels', async () => {
    const res = await post(t, '/api/menu/topMenu');
    expect(res.statusCode).toBe(200);
    const entries = res.json() as MenuEntry[];
    for (const e of entries) expect(MenuEntry.strict().parse(e)).toEqual(e);
    expect(entries[0]!.groupYn).toBe('Y');
    const groups = entries.filter((e) => e.groupYn === 'Y').map((e) => e.programName);
    expect(groups).toEqual(['커뮤니티', '장터', '사진', '제품 정보', '정보']);
    // Every group has at least one item right after it.
    entries.forEach((e, i) => {
      if (e.groupYn === 'Y') expect(entries[i + 1]?.groupYn).toBe('N');
    });
    for (const e of entries) expect(e.programName).toMatch(/[가-힣]/);
  });

  it('gives items a url, a shortKey and an icon; groups have no url', async () => {
    const entries = (await post(t, '/api/menu/topMenu')).json() as MenuEntry[];
    const items = entries.filter((e) => e.groupYn === 'N');
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const item of items) {
      expect(item.url).toMatch(/^\//);
      expect(item.programId).not.toBe('');
      expect(item.shortKey).toMatch(/^[A-Z]$/);
      expect(item.icon).toMatch(/^pi pi-/);
    }
    for (const group of entries.filter((e) => e.groupYn === 'Y')) {
      expect(group.url).toBe('');
      expect(group.shortKey).toBe('');
    }
    // Shortcut keys are unique, and H stays free for "home" (docs/product/site.md#navigation-and-keyboard).
    const keys = items.map((i) => i.shortKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('H');
  });

  it('contains the default pages with their labels and urls', async () => {
    const entries = (await post(t, '/api/menu/topMenu')).json() as MenuEntry[];
    expect(entries).toContainEqual(
      expect.objectContaining({ groupYn: 'N', programName: '자유게시판', url: '/board/free/c0/list', shortKey: 'F' }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ programName: '중고장터', url: '/market/c0/list', shortKey: 'M' }));
    expect(entries).toContainEqual(expect.objectContaining({ programName: '도움말', url: '/board/manual/c0/list' }));
  });

  it('is the same for visitors and members', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    const anon = (await post(t, '/api/menu/topMenu')).json();
    const member = (await post(t, '/api/menu/topMenu', {}, cookie)).json();
    expect(member).toEqual(anon);
  });

  it('accepts a call with no body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/menu/topMenu' });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('hides entries marked invisible', async () => {
    const fresh = await testApp({ RATE_LIMIT: 'false' });
    try {
      await fresh.database.db.update(menus).set({ visible: false }).where(eq(menus.shortKey, 'F'));
      const entries = (await post(fresh, '/api/menu/topMenu')).json() as MenuEntry[];
      expect(entries.map((e) => e.shortKey)).not.toContain('F');
      expect(entries.length).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });

  it('sends the same menu gzip-compressed when the browser accepts it, plain when it refuses', async () => {
    const plain = await post(t, '/api/menu/topMenu');
    const zipped = await post(t, '/api/menu/topMenu', {}, undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    const refused = await post(t, '/api/menu/topMenu', {}, undefined, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it('refuses a cross-site call', async () => {
    const res = await post(t, '/api/menu/topMenu', {}, undefined, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: '허용되지 않은 출처의 요청입니다.' });
  });
});
