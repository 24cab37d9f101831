// Admin calls refuse visitors (401) and members (403) before their bodies are checked: a
// non-admin sending a body that breaks the call's rules gets the refusal, never a 400 naming a
// field. (The admin walk runs every handler past validation; this runs the real order.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../test/boards.js';
import { post, testApp, type TestApp } from '../test/harness.js';

const CALLS = {
  board: ['list', 'save', 'delete', 'order', 'category-merge'],
  program: ['list', 'save', 'delete'],
  menu: ['list', 'save', 'order'],
  setup: ['info', 'save'],
  user: ['list', 'view', 'save', 'points', 'suspend', 'restore'],
  logo: ['list', 'save', 'delete', 'activate'],
  donate: ['list', 'save', 'delete'],
  report: ['list', 'resolve', 'restore'],
  audit: ['list'],
  product: ['list', 'save', 'delete', 'merge', 'catalogue'],
  'product-map': ['list', 'save', 'delete', 'test'],
};
const urls = Object.entries(CALLS).flatMap(([area, verbs]) => verbs.map((v) => `/api/admin/${area}/${v}`));

let t: TestApp;
let memberCookie: string;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  memberCookie = (await member(t)).cookie;
});
afterAll(() => t?.close());

describe('admin calls refuse before checking the body', () => {
  it('visitors get 401 and members 403 with a body that breaks every rule', async () => {
    const wrong: string[] = [];
    for (const url of urls) {
      const visitor = await post(t, url, { id: 5, page: 'x', nope: true });
      if (visitor.statusCode !== 401) wrong.push(`${url} visitor ${visitor.statusCode} ${visitor.body.slice(0, 80)}`);
      const m = await post(t, url, { id: 5, page: 'x', nope: true }, memberCookie);
      if (m.statusCode !== 403) wrong.push(`${url} member ${m.statusCode} ${m.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the public calls beside them still answer visitors and check their bodies', async () => {
    expect((await post(t, '/api/donate/thanks', {})).statusCode).toBe(200);
    expect((await post(t, '/api/donate/thanks', { year: 'x' })).statusCode).toBe(400);
    expect((await post(t, '/api/report/save', { kind: 'post', key: 1, reason: '광고' })).statusCode).toBe(401);
    expect((await post(t, '/api/report/save', { kind: 'nope' }, memberCookie)).statusCode).toBe(400);
  });
});
