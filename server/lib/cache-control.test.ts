// API answers are never stored by a browser or a proxy unless the route says otherwise:
// personal answers (session, my-info, letters, alarms) and errors carry Cache-Control: no-store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, post, testApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

describe('Cache-Control on /api/ answers', () => {
  it('is no-store on personal answers of a signed-in member', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    const calls: [string, unknown][] = [
      ['/api/session/info', {}],
      ['/api/user/myInfo', { password: u.password }],
      ['/api/letter/unread', {}],
      ['/api/letter/alarm/list', {}],
      ['/api/letter/alarm', {}],
    ];
    for (const [url, body] of calls) {
      const res = await post(t, url, body, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on a visitor\'s answers and on errors', async () => {
    for (const url of ['/api/session/info', '/api/menu/topMenu', '/api/user/myInfo', '/api/no/such/call']) {
      const res = await post(t, url, {});
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

});
