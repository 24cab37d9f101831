// The first administrator's one-time setup link (docs/operations.md#first-start, decision 49): the
// first start of an empty database prints it, stored only as a hash; it signs the administrator
// in once, leads to the second step's setup and, without ADMIN_PASSWORD, to their own password; it
// expires, is refused when used again, and `npm run admin:setup-link` prints a new one.
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_LINK_MSG } from '../../../common/api/setup-link.js';
import { setupLinkCommand } from '../../../scripts/admin-setup-link.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { firstStart } from '../../db/first-start.js';
import { adminAudit, adminSetupLinks, users } from '../../db/schema/index.js';
import { createSealer } from '../../lib/secret.js';
import { testConfig } from '../../test/config.js';
import { createUser, login, post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';
import { giveTestTotp } from '../../test/two-step.js';
import { issueSetupLink, SETUP_LINK_TTL_MS } from './setup-link.js';

const sha = (token: string) => createHash('sha256').update(token).digest('base64url');
const sessionOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'chalkak_sid' && x.value !== '');
  return c ? `chalkak_sid=${c.value}` : null;
};
const loginStatus = async (t: TestApp, userId: string, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/login/do',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ userId, password }).toString(),
    })
  ).statusCode;

describe('the first start of a new site, without ADMIN_PASSWORD', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const config = testConfig({ PUBLIC_ORIGIN: 'https://club.example', RATE_LIMIT: 'false' });
    config.adminPassword = undefined;
    config.logFormat = 'json';
    const database = await openDatabase({ pglite: await PGlite.create() });
    await database.migrate(config.migrationsDir);
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
    await firstStart(database.db, config, createSealer(Buffer.from(config.appSecret!, 'hex')), log);
    const app = await buildApp(config, { database, logger: false });
    await app.ready();
    t = {
      app,
      database,
      async close() {
        await app.close();
        await database.close();
      },
    };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('prints a link that works once, signs the administrator in, and asks for their own password', async () => {
    const printed = lines.join('\n');
    const url = /설정 링크\(24시간\): (\S+)/.exec(printed)?.[1];
    expect(url, printed).toMatch(/^https:\/\/club\.example\/user\/setup#[A-Za-z0-9_-]{43}$/);
    const token = new URL(url!).hash.slice(1);
    const temporary = /임시 암호: (\S+)/.exec(printed)?.[1];
    expect(temporary).toBeDefined();

    // Stored as its hash only, for a day, asking for a password.
    const rows = await t.database.db.select().from(adminSetupLinks);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tokenHash: sha(token), setPassword: true, usedAt: null });
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(SETUP_LINK_TTL_MS);

    const used = await post(t, '/api/auth/setup-link', { token });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({ userId: TEST_ADMIN.userId, setPassword: true });
    const cookie = sessionOf(used)!;
    expect((await post(t, '/api/session/info', {}, cookie)).json()).toMatchObject({ logined: true, userId: TEST_ADMIN.userId, secondStep: 'needed' });
    // Signed in, but no admin call before the second step.
    expect((await post(t, '/api/admin/audit/list', {}, cookie)).json().code).toBe('second_step_needed');

    // Used once: the same link again, from anyone, is refused.
    const again = await post(t, '/api/auth/setup-link', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(SETUP_LINK_MSG.spent);
    expect(sessionOf(again)).toBeNull();

    // The administrator's own password: checked, then the temporary one stops working.
    expect((await post(t, '/api/auth/setup-link/password', { password: 'Own-admin-pass-1', rePassword: 'Other-pass-22' }, cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/auth/setup-link/password', { password: 'short', rePassword: 'short' }, cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/auth/setup-link/password', { password: 'Own-admin-pass-1', rePassword: 'Own-admin-pass-1' })).statusCode).toBe(401);
    const set = await post(t, '/api/auth/setup-link/password', { password: 'Own-admin-pass-1', rePassword: 'Own-admin-pass-1' }, cookie);
    expect(set.statusCode, set.body).toBe(200);
    expect(await loginStatus(t, TEST_ADMIN.userId, temporary!)).toBe(401);
    expect(await loginStatus(t, TEST_ADMIN.userId, 'Own-admin-pass-1')).toBe(200);

    // The second step's setup follows at once (the link counts as my-info's prompt).
    expect((await post(t, '/api/auth/totp/setup', {}, cookie)).statusCode).toBe(200);
    const [admin] = await t.database.db.select({ no: users.no }).from(users).where(eq(users.userId, TEST_ADMIN.userId));
    const audits = await t.database.db.select({ action: adminAudit.action }).from(adminAudit).where(eq(adminAudit.actorNo, admin!.no));
    expect(audits.map((a) => a.action).sort()).toEqual(['setupLink.password', 'setupLink.used']);
  });
});

describe('setup links on a running site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT: 'false' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an expired link signs nobody in', async () => {
    const admin = await createUser(t, { admin: true });
    const token = await issueSetupLink(t.database.db, admin.no, { setPassword: false });
    await t.database.db.update(adminSetupLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(adminSetupLinks.tokenHash, sha(token)));
    const res = await post(t, '/api/auth/setup-link', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SETUP_LINK_MSG.spent);
    expect(sessionOf(res)).toBeNull();
    const [row] = await t.database.db.select().from(adminSetupLinks).where(eq(adminSetupLinks.tokenHash, sha(token)));
    expect(row!.usedAt).toBeNull();
  });

  it('bad input, an unknown token, a link of an account that is no longer an administrator', async () => {
    for (const token of ['', 'short', `${'a'.repeat(42)}!`, 'a'.repeat(44)]) {
      const res = await post(t, '/api/auth/setup-link', { token });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().message).toBe(SETUP_LINK_MSG.bad);
    }
    expect((await post(t, '/api/auth/setup-link', {})).statusCode).toBe(400);
    expect((await post(t, '/api/auth/setup-link', { token: 'a'.repeat(43), extra: 1 })).statusCode).toBe(400);
    expect((await post(t, '/api/auth/setup-link', { token: 'a'.repeat(43) })).json().message).toBe(SETUP_LINK_MSG.spent);

    const former = await createUser(t, { admin: true });
    const token = await issueSetupLink(t.database.db, former.no, { setPassword: true });
    await t.database.db.update(users).set({ admin: false }).where(eq(users.no, former.no));
    const res = await post(t, '/api/auth/setup-link', { token });
    expect(res.statusCode).toBe(400);
    expect(sessionOf(res)).toBeNull();
  });

  it('the password step is only for an administrator who came by a link that asks for it', async () => {
    const member = await createUser(t);
    const memberCookie = await login(t, member.userId, member.password);
    await post(t, '/api/user/myInfo', { password: member.password }, memberCookie);
    const form = { password: 'Another-pass-1', rePassword: 'Another-pass-1' };
    expect((await post(t, '/api/auth/setup-link/password', form, memberCookie)).statusCode).toBe(403);

    const admin = await createUser(t, { admin: true });
    const adminCookie = await login(t, admin.userId, admin.password);
    await post(t, '/api/user/myInfo', { password: admin.password }, adminCookie);
    expect((await post(t, '/api/auth/setup-link/password', form, adminCookie)).statusCode).toBe(403);
    // A link that does not ask for a password (ADMIN_PASSWORD was given) does not open it either.
    const fresh = await createUser(t, { admin: true });
    const token = await issueSetupLink(t.database.db, fresh.no, { setPassword: false });
    const used = await post(t, '/api/auth/setup-link', { token });
    expect(used.json()).toEqual({ userId: fresh.userId, setPassword: false });
    expect((await post(t, '/api/auth/setup-link/password', form, sessionOf(used)!)).statusCode).toBe(403);
    expect(await loginStatus(t, fresh.userId, fresh.password)).toBe(200);
  });

  it('with two-step sign-in on, the session from a link waits for the code', async () => {
    const admin = await createUser(t, { admin: true });
    await giveTestTotp(t, admin.no);
    const token = await issueSetupLink(t.database.db, admin.no, { setPassword: false });
    const res = await post(t, '/api/auth/setup-link', { token });
    expect(res.json()).toEqual({ userId: admin.userId, setPassword: false, secondStep: 'totp' });
    expect((await post(t, '/api/session/info', {}, sessionOf(res)!)).json()).toMatchObject({ logined: false, secondStep: 'pending' });
  });

  it('npm run admin:setup-link prints a new link for an administrator; the older unused one stops working', async () => {
    const admin = await createUser(t, { admin: true });
    const older = await issueSetupLink(t.database.db, admin.no, { setPassword: false });
    const out: string[] = [];
    expect(await setupLinkCommand(t.database.db, 'https://club.example/', [admin.userId, '--new-password'], (l) => out.push(l))).toBe(0);
    const url = out.join('\n').match(/https:\/\/club\.example\/user\/setup#([A-Za-z0-9_-]{43})/);
    expect(url, out.join('\n')).not.toBeNull();
    expect((await post(t, '/api/auth/setup-link', { token: older })).statusCode).toBe(400);
    const used = await post(t, '/api/auth/setup-link', { token: url![1] });
    expect(used.json()).toEqual({ userId: admin.userId, setPassword: true });

    const member = await createUser(t);
    expect(await setupLinkCommand(t.database.db, 'https://club.example', [member.userId], (l) => out.push(l))).toBe(1);
    expect(await setupLinkCommand(t.database.db, 'https://club.example', [], (l) => out.push(l))).toBe(1);
    expect(await setupLinkCommand(t.database.db, 'https://club.example', [admin.userId, '--bogus'], (l) => out.push(l))).toBe(1);
    const left = await t.database.db
      .select()
      .from(adminSetupLinks)
      .where(and(eq(adminSetupLinks.userNo, member.no)));
    expect(left).toEqual([]);
  });
});
