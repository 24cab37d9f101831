// Every admin call refuses everyone but an administrator. This walks EVERY route registered under
// /api/admin/ (collected as the app registers them, so a new call is walked without being listed
// here) as a visitor (401), a member (403), an administrator whose sign-in has not passed a second
// step (403, decision 42), a board manager (403 everywhere but the report queue's calls, which
// let them through for their boards only: managers/reports-queue.test.ts) and an admin (never
// 401/403), each with an empty body.
//
// Body validation normally runs before the handler, so an empty body would be answered 400 and
// hide a handler that forgot requireAdmin. Here the admin routes are registered with
// attachValidation: the handler runs anyway and must refuse on its own; an admin's invalid body
// is still answered 400 (a preHandler below), so no admin write runs with an empty body.
import type * as FastifyModule from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { adminCookie, member } from '../test/boards.js';
import { createUser, post, testApp, type TestApp } from '../test/harness.js';
import { makeManager } from '../test/managers.js';
import { STAFF_CALLS } from './reports/routes.js';

const walked = vi.hoisted(() => [] as Array<{ method: string; url: string }>);
const ADMIN_HEADER = 'x-admin-walk';

vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof FastifyModule>();
  const make = (...args: unknown[]) => {
    const app = (real.default as unknown as (...a: unknown[]) => FastifyInstance)(...args);
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/admin/')) return;
      for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') walked.push({ method, url: route.url });
      route.attachValidation = true;
      const own = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [
        async (req) => {
          if (req.validationError && req.headers[ADMIN_HEADER]) throw Object.assign(req.validationError, { statusCode: 400 });
        },
        ...own,
      ];
    });
    return app;
  };
  return { ...real, default: Object.assign(make, real.default) };
});

// Calls whose admin run with an empty body does real, slow work (reading the lens catalogue).
const SLOW_FOR_ADMIN = new Set(['/api/admin/product/catalogue']);

let t: TestApp;
let admin: string;
let memberCookie: string;
/** An administrator signed in with the password only (no one-time code set up, no passkey). */
let oneStepAdmin: string;
/** A member who manages the free board. */
let managerCookie: string;
beforeAll(async () => {
  t = await testApp(
    { RATE_LIMIT: 'false' },
    {
      // A call that forgot requireAdmin: the walk must notice it (checked below, then left out).
      beforeReady: (app) => {
        app.post(FORGETFUL, { schema: { body: z.object({ name: z.string().min(1) }) } }, async () => ({ ok: true }));
      },
    },
  );
  admin = await adminCookie(t);
  memberCookie = (await member(t)).cookie;
  const manager = await member(t);
  await makeManager(t, 'free', manager.no);
  managerCookie = manager.cookie;
  const other = await createUser(t, { admin: true });
  const res = await t.app.inject({ method: 'POST', url: '/api/login/do', payload: { userId: other.userId, password: other.password } });
  oneStepAdmin = `chalkak_sid=${res.cookies.find((c) => c.name === 'chalkak_sid')!.value}`;
});
afterAll(async () => {
  await t?.close();
});

const FORGETFUL = '/api/admin/walk-check/forgot';
const routes = () => walked.filter((r) => r.url !== FORGETFUL);

/** What went wrong for visitors and members on these routes (empty when all refused). */
async function refusals(list: Array<{ method: string; url: string }>) {
  const wrong: string[] = [];
  for (const r of list) {
    const visitor = await call(r);
    if (visitor.statusCode !== 401) wrong.push(`${r.method} ${r.url} visitor ${visitor.statusCode}`);
    const m = await call(r, memberCookie);
    if (m.statusCode !== 403) wrong.push(`${r.method} ${r.url} member ${m.statusCode}`);
    else if (m.json().message !== '관리자만 사용할 수 있습니다.') wrong.push(`${r.method} ${r.url} member message ${m.body}`);
  }
  return wrong;
}

const call = (r: { method: string; url: string }, cookie?: string, headers: Record<string, string> = {}) => {
  const url = r.url.replace(/:[A-Za-z0-9_]+/g, 'x');
  if (r.method === 'POST') return post(t, url, {}, cookie, headers);
  return t.app.inject({ method: r.method as 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
};

describe('the admin walk', () => {
  it('collects every admin route', () => {
    const urls = routes().map((r) => r.url);
    // The admin calls issue 11 names (the names are part of the contract) and the product ones.
    const named = {
      board: ['list', 'save', 'delete', 'order'],
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
    const expected = Object.entries(named).flatMap(([area, verbs]) => verbs.map((v) => `/api/admin/${area}/${v}`));
    expect(urls).toEqual(expect.arrayContaining([...expected, '/api/admin/dashboard']));
  });

  it('notices a call that forgot requireAdmin, even with a body that fails validation', async () => {
    expect(await refusals([{ method: 'POST', url: FORGETFUL }])).toEqual([`POST ${FORGETFUL} visitor 200`, `POST ${FORGETFUL} member 200`]);
  });

  it('visitors get 401 and members 403 on every admin call, whatever the body', async () => {
    expect(await refusals(routes())).toEqual([]);
  });

  it('an administrator without a second step is refused on every admin call, whatever the body', async () => {
    const wrong: string[] = [];
    for (const r of routes()) {
      const res = await call(r, oneStepAdmin, { [ADMIN_HEADER]: '1' });
      if (res.statusCode !== 403 || res.json().code !== 'second_step_needed') wrong.push(`${r.method} ${r.url} ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    // The same sign-in is still a member everywhere else.
    const info = await post(t, '/api/session/info', {}, oneStepAdmin);
    expect(info.json()).toMatchObject({ logined: true, admin: true, secondStep: 'needed' });
  });

  it('a board manager is refused on every admin call but the report queue\'s, whatever the body', async () => {
    const wrong: string[] = [];
    const staff: string[] = [];
    for (const r of routes()) {
      const res = await call(r, managerCookie, { [ADMIN_HEADER]: '1' });
      if (STAFF_CALLS.has(r.url)) {
        staff.push(r.url);
        // Let through: an empty body is then checked like an administrator's (400), never refused.
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) wrong.push(`${r.method} ${r.url} manager ${res.statusCode} ${res.body.slice(0, 120)}`);
      } else if (res.statusCode !== 403 || res.json().message !== '관리자만 사용할 수 있습니다.') {
        wrong.push(`${r.method} ${r.url} manager ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(staff.sort()).toEqual(['/api/admin/report/list', '/api/admin/report/resolve', '/api/admin/report/restore']);
  });

  it('an administrator is let through on every admin call', async () => {
    const wrong: string[] = [];
    for (const r of routes()) {
      if (SLOW_FOR_ADMIN.has(r.url)) continue;
      const res = await call(r, admin, { [ADMIN_HEADER]: '1' });
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) wrong.push(`${r.method} ${r.url} admin ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });
});
