// /api/session/logo (docs/product/site.md#logos).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logos } from '../../db/schema/index.js';
import { post, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

describe('/api/session/logo', () => {
  it('returns the active second logo', async () => {
    const res = await post(t, '/api/session/logo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      image: '/images/anniversary.svg',
      imageUrl: '/board/site/view/9',
      name: '찰칵 개설 26주년',
      year: '2026',
      main: null,
    });
  });

  it('returns the newest active logo and ignores inactive ones', async () => {
    await t.database.db.insert(logos).values({ image: '/images/new.svg', name: '새 로고', year: '2027', active: true });
    await t.database.db.insert(logos).values({ image: '/images/off.svg', name: '꺼진 로고', year: '2028', active: false });
    const res = await post(t, '/api/session/logo');
    expect(res.json()).toEqual({ image: '/images/new.svg', imageUrl: '', name: '새 로고', year: '2027', main: null });
  });

  it('returns empty fields when no logo is active', async () => {
    await t.database.db.update(logos).set({ active: false }).where(eq(logos.active, true));
    const res = await post(t, '/api/session/logo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ image: '', imageUrl: '', name: '', year: '', main: null });
  });

  it('accepts a call with no body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/logo' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a cross-site call', async () => {
    const res = await post(t, '/api/session/logo', {}, undefined, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: '허용되지 않은 출처의 요청입니다.' });
  });
});
