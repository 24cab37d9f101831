import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('/api/session/info', () => {
  it('is logged out without a cookie', async () => {
    const res = await post(t, '/api/session/info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ logined: false, userId: '', nickName: '', levelKey: null, admin: false, real: false });
  });
  it('shows the admin after login', async () => {
    const cookie = await login(t, TEST_ADMIN.userId, TEST_ADMIN.password);
    const res = await post(t, '/api/session/info', {}, cookie);
    expect(res.json()).toMatchObject({ logined: true, userId: 'admin', nickName: '운영자', admin: true, real: false });
    expect(res.json().levelKey).toBeGreaterThanOrEqual(1);
  });
});

describe('/api/login/do', () => {
  it('refuses a wrong password with a Korean message', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/do',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `userId=${u.userId}&password=wrong-password`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('아이디 또는 암호가 올바르지 않습니다.');
    expect(res.cookies).toHaveLength(0);
  });
  it('refuses a cross-site POST', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/do',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: `userId=${u.userId}&password=${u.password}`,
    });
    expect(res.statusCode).toBe(403);
  });
});
