import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { createUser, login, post, testApp, type TestApp } from '../test/harness.js';

// The node-local session cache (decision 11): on here, off in the other tests.
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false', SESSION_CACHE_MS: '60000' });
});
afterAll(() => t.close());

const info = (cookie: string) => post(t, '/api/session/info', {}, cookie).then((r) => r.json());

describe('session cache', () => {
  it('reuses a lookup: a change made behind the server’s back shows only after the cache', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    expect((await info(cookie)).nickName).toBe(u.nickName);
    await t.database.db.update(users).set({ nickName: '몰래바꾼닉' }).where(eq(users.no, u.no));
    expect((await info(cookie)).nickName).toBe(u.nickName);
  });

  it('forgets at once on logout', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    expect((await info(cookie)).logined).toBe(true);
    await post(t, '/api/logout', {}, cookie);
    expect((await info(cookie)).logined).toBe(false);
  });

  it('forgets at once when the profile or password changes', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    const other = await login(t, u.userId, u.password);
    expect((await info(other)).logined).toBe(true);
    // The password prompt must be seen by the very next call.
    await post(t, '/api/user/myInfo', { password: u.password }, cookie);
    const nick = '바뀐닉' + u.no;
    const res = await post(
      t,
      '/api/user/update',
      { nickName: nick, email: u.email, question: 'q', answer: 'a', password: 'fresh-pass-9', rePassword: 'fresh-pass-9' },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect((await info(cookie)).nickName).toBe(nick);
    expect((await info(other)).logined).toBe(false);
  });
});
