// Session calls (docs/api.md#session-and-menu): /api/session/info, /api/login/do, /api/logout.
// Rate limits are off here; server/lib/rate-limit.test.ts covers them with the limiter on.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { createUser, login, post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';
import { forgetRanks } from '../../lib/activity-rank.js';

const WRONG_LOGIN = '아이디 또는 암호가 올바르지 않습니다.';
const FOREIGN = '허용되지 않은 출처의 요청입니다.';
const LOGGED_OUT = { logined: false, userId: '', nickName: '', levelKey: null, admin: false, real: false };

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

/** POST /api/login/do form-encoded, the way the web app sends it. */
function loginRaw(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login/do',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

interface Cookie {
  name: string;
  value: string;
  path?: string;
  expires?: Date;
  maxAge?: number;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: string;
}
const sid = (res: { cookies: Cookie[] }) => res.cookies.find((c) => c.name === 'chalkak_sid');

const setStatus = (no: number, status: 'active' | 'suspended' | 'withdrawn') =>
  t.database.db.update(users).set({ status }).where(eq(users.no, no));

describe('/api/session/info', () => {
  it('is logged out without a cookie', async () => {
    const res = await post(t, '/api/session/info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(LOGGED_OUT);
  });

  it('accepts a call with no body at all', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/info' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(LOGGED_OUT);
  });

  it('shows the admin after login', async () => {
    const cookie = await login(t, TEST_ADMIN.userId, TEST_ADMIN.password);
    const res = await post(t, '/api/session/info', {}, cookie);
    expect(res.json()).toMatchObject({ logined: true, userId: 'admin', nickName: '운영자', admin: true, real: false });
    expect(res.json().levelKey).toBeGreaterThanOrEqual(1);
  });

  it('shows an ordinary member with admin false and exactly the session fields', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    const body = (await post(t, '/api/session/info', {}, cookie)).json();
    expect(Object.keys(body).sort()).toEqual(['admin', 'levelKey', 'logined', 'nickName', 'real', 'userId']);
    expect(body).toMatchObject({ logined: true, userId: u.userId, nickName: u.nickName, admin: false, real: false });
  });

  it('gives levelKey as the activity rank: the member with the most points is 1', async () => {
    const top = await createUser(t);
    const second = await createUser(t);
    await t.database.db.update(users).set({ points: 1_000_000 }).where(eq(users.no, top.no));
    await t.database.db.update(users).set({ points: 999_999 }).where(eq(users.no, second.no));
    // Others' points are read into the node's rank table once a minute: read it now.
    forgetRanks(t.database.db);
    const topInfo = (await post(t, '/api/session/info', {}, await login(t, top.userId, top.password))).json();
    const secondInfo = (await post(t, '/api/session/info', {}, await login(t, second.userId, second.password))).json();
    expect(topInfo.levelKey).toBe(1);
    expect(secondInfo.levelKey).toBe(2);
  });

  it('treats an unknown or garbage cookie as logged out', async () => {
    for (const cookie of ['chalkak_sid=nonsense', `chalkak_sid=${'x'.repeat(500)}`, 'chalkak_sid=']) {
      const res = await post(t, '/api/session/info', {}, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(LOGGED_OUT);
    }
  });

  it('treats an expired session as logged out', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userNo, u.no));
    expect((await post(t, '/api/session/info', {}, cookie)).json()).toEqual(LOGGED_OUT);
  });

  it('extends a browser session while it is used (idle expiry of 120 minutes)', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    const soon = new Date(Date.now() + 60_000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 5 * 60_000), expiresAt: soon })
      .where(eq(sessions.userNo, u.no));
    expect((await post(t, '/api/session/info', {}, cookie)).json().logined).toBe(true);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userNo, u.no));
    const minutesLeft = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(119);
    expect(minutesLeft).toBeLessThanOrEqual(120);
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(10_000);
  });

  it('does not extend a remembered session past its 30 days', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password, true);
    const [before] = await t.database.db.select().from(sessions).where(eq(sessions.userNo, u.no));
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(sessions.userNo, u.no));
    expect((await post(t, '/api/session/info', {}, cookie)).json().logined).toBe(true);
    const [after] = await t.database.db.select().from(sessions).where(eq(sessions.userNo, u.no));
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime());
  });

  it('ends the sessions of a member who is suspended', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    expect((await post(t, '/api/session/info', {}, cookie)).json().logined).toBe(true);
    await setStatus(u.no, 'suspended');
    expect((await post(t, '/api/session/info', {}, cookie)).json()).toEqual(LOGGED_OUT);
  });

  it('refuses a cross-site call', async () => {
    const res = await post(t, '/api/session/info', {}, undefined, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: FOREIGN });
  });
});

describe('/api/login/do', () => {
  it('logs in and sets an HttpOnly, SameSite=Lax session cookie with no expiry (browser session)', async () => {
    const u = await createUser(t);
    const res = await loginRaw({ userId: u.userId, password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const c = sid(res)!;
    expect(c.value.length).toBeGreaterThanOrEqual(40);
    expect(c.httpOnly).toBe(true);
    expect(c.sameSite).toBe('Lax');
    expect(c.path).toBe('/');
    expect(c.maxAge).toBeUndefined();
    expect(c.expires).toBeUndefined();
    const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((h) => h.startsWith('chalkak_sid='));
    expect(header).not.toMatch(/Max-Age|Expires/i);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
  });

  it('with remember=Y sets a persistent cookie of about 30 days', async () => {
    const u = await createUser(t);
    const res = await loginRaw({ userId: u.userId, password: u.password, remember: 'Y' });
    expect(res.statusCode).toBe(200);
    const c = sid(res)!;
    expect(c.maxAge).toBe(30 * 86_400);
    expect(c.httpOnly).toBe(true);
    expect(c.sameSite).toBe('Lax');
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userNo, u.no));
    expect(row!.persistent).toBe(true);
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('with remember=N or empty gives a browser-session cookie', async () => {
    const u = await createUser(t);
    for (const remember of ['N', '']) {
      const res = await loginRaw({ userId: u.userId, password: u.password, remember });
      expect(res.statusCode).toBe(200);
      expect(sid(res)!.maxAge).toBeUndefined();
      expect(sid(res)!.expires).toBeUndefined();
    }
  });

  it('stores only a hash of the session id', async () => {
    const u = await createUser(t);
    const res = await loginRaw({ userId: u.userId, password: u.password });
    const token = sid(res)!.value;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userNo, u.no));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idHash).not.toBe(token);
    expect(rows[0]!.persistent).toBe(false);
  });

  it('gives a new session id at every login, and the old cookie stops working', async () => {
    const u = await createUser(t);
    const first = await login(t, u.userId, u.password);
    const res = await loginRaw({ userId: u.userId, password: u.password }, { cookie: first });
    expect(res.statusCode).toBe(200);
    const second = `chalkak_sid=${sid(res)!.value}`;
    expect(second).not.toBe(first);
    expect((await post(t, '/api/session/info', {}, first)).json()).toEqual(LOGGED_OUT);
    expect((await post(t, '/api/session/info', {}, second)).json()).toMatchObject({ logined: true, userId: u.userId });
  });

  it('switching to another account replaces the session', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const cookieA = await login(t, a.userId, a.password);
    const res = await loginRaw({ userId: b.userId, password: b.password }, { cookie: cookieA });
    const cookieB = `chalkak_sid=${sid(res)!.value}`;
    expect((await post(t, '/api/session/info', {}, cookieA)).json()).toEqual(LOGGED_OUT);
    expect((await post(t, '/api/session/info', {}, cookieB)).json().userId).toBe(b.userId);
  });

  it('keeps the member signed in on another device (login without the old cookie)', async () => {
    const u = await createUser(t);
    const laptop = await login(t, u.userId, u.password);
    const phone = await login(t, u.userId, u.password);
    expect((await post(t, '/api/session/info', {}, laptop)).json().logined).toBe(true);
    expect((await post(t, '/api/session/info', {}, phone)).json().logined).toBe(true);
  });

  it('accepts the userId in capitals or with spaces around it', async () => {
    const u = await createUser(t);
    const res = await loginRaw({ userId: `  ${u.userId.toUpperCase()} `, password: u.password });
    expect(res.statusCode).toBe(200);
  });

  it('gives the first-login-of-the-day points once, even for logins sent at the same time', async () => {
    const u = await createUser(t);
    const results = await Promise.all(Array.from({ length: 6 }, () => loginRaw({ userId: u.userId, password: u.password })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.database.db.select({ points: users.points }).from(users).where(eq(users.no, u.no));
    expect(row!.points).toBe(1);
  });

  it('refuses a wrong password with a Korean message and no cookie', async () => {
    const u = await createUser(t);
    const res = await loginRaw({ userId: u.userId, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: WRONG_LOGIN });
    expect(res.cookies).toHaveLength(0);
  });

  it('answers an unknown userId exactly like a wrong password', async () => {
    const res = await loginRaw({ userId: 'nobody_here', password: 'password-123' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: WRONG_LOGIN });
    expect(res.cookies).toHaveLength(0);
  });

  it("refuses another member's password", async () => {
    const a = await createUser(t);
    const b = await createUser(t, { password: 'other-password-9' });
    const res = await loginRaw({ userId: a.userId, password: b.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(WRONG_LOGIN);
  });

  it('refuses a suspended account with its own Korean message', async () => {
    const u = await createUser(t);
    await setStatus(u.no, 'suspended');
    const res = await loginRaw({ userId: u.userId, password: u.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: '이용이 정지된 계정입니다. 관리자에게 문의하세요.' });
    expect(res.cookies).toHaveLength(0);
  });

  it('refuses a withdrawn account as if it did not exist', async () => {
    const u = await createUser(t);
    await setStatus(u.no, 'withdrawn');
    const res = await loginRaw({ userId: u.userId, password: u.password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: WRONG_LOGIN });
    expect(res.cookies).toHaveLength(0);
  });

  it('requires the userId', async () => {
    const forms: Array<Record<string, string>> = [{ password: 'password-123' }, { userId: '', password: 'password-123' }, { userId: '   ', password: 'x' }];
    for (const fields of forms) {
      const res = await loginRaw(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: '아이디는 필수 입력 항목입니다.' });
    }
  });

  it('requires the password', async () => {
    const forms: Array<Record<string, string>> = [{ userId: 'someone' }, { userId: 'someone', password: '' }];
    for (const fields of forms) {
      const res = await loginRaw(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: '암호는 필수 입력 항목입니다.' });
    }
  });

  it('refuses an unknown remember value', async () => {
    const res = await loginRaw({ userId: 'someone', password: 'password-123', remember: 'forever' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.cookies).toHaveLength(0);
  });

  it('refuses a cross-site POST', async () => {
    const u = await createUser(t);
    const res = await loginRaw({ userId: u.userId, password: u.password }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: FOREIGN });
    expect(res.cookies).toHaveLength(0);
  });

  it('refuses a cross-site POST that only says Sec-Fetch-Site: cross-site', async () => {
    const u = await createUser(t);
    const res = await loginRaw({ userId: u.userId, password: u.password }, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
  });
});

describe('/api/logout', () => {
  it('ends the session on the server: the old cookie no longer logs in', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password, true);
    const res = await post(t, '/api/logout', {}, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // The browser is told to drop the cookie …
    const cleared = sid(res);
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());
    // … and a copy of it kept elsewhere is worthless.
    expect((await post(t, '/api/session/info', {}, cookie)).json()).toEqual(LOGGED_OUT);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userNo, u.no));
    expect(rows).toHaveLength(0);
  });

  it('leaves the same member’s other sessions alone', async () => {
    const u = await createUser(t);
    const laptop = await login(t, u.userId, u.password);
    const phone = await login(t, u.userId, u.password);
    await post(t, '/api/logout', {}, laptop);
    expect((await post(t, '/api/session/info', {}, phone)).json().logined).toBe(true);
  });

  it('is harmless when already logged out', async () => {
    const res = await post(t, '/api/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('refuses a cross-site logout and keeps the session', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    const res = await post(t, '/api/logout', {}, cookie, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: FOREIGN });
    expect((await post(t, '/api/session/info', {}, cookie)).json().logined).toBe(true);
  });
});

describe('behind an HTTPS proxy (TRUST_PROXY)', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await testApp({ RATE_LIMIT: 'false', TRUST_PROXY: 'true' });
  });
  afterAll(() => p.close());

  it('marks the session cookie Secure', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: '/api/login/do',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-proto': 'https',
        host: 'chalkak.example',
        origin: 'https://chalkak.example',
      },
      payload: new URLSearchParams({ userId: TEST_ADMIN.userId, password: TEST_ADMIN.password }).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(sid(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});
