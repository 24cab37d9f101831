// Two-step sign-in (docs/api.md#two-step-sign-in): turning it on, the second step of a sign-in with
// the clock moved (good, reused, old codes), recovery codes, turning it off, the administrator's
// gate on /api/admin/, the audit records. Rate limits are off here except in their own test.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, recoveryCodes, totpSecrets } from '../../db/schema/index.js';
import { advanceClock, resetClock, setClock } from '../../test/clock.js';
import { createUser, login, post, testApp, type TestApp } from '../../test/harness.js';
import { totpCode } from '../../test/two-step.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());
afterEach(() => resetClock());

/** The password step only: the cookie and what /api/login/do said. */
async function passwordStep(userId: string, password: string) {
  const res = await post(t, '/api/login/do', { userId, password });
  expect(res.statusCode).toBe(200);
  return { cookie: `chalkak_sid=${res.cookies.find((c) => c.name === 'chalkak_sid')!.value}`, body: res.json() as { ok: true; secondStep?: string } };
}

/** A member who turned two-step sign-in on through the calls; their secret and recovery codes. */
async function memberWithTotp(over: Parameters<typeof createUser>[1] = {}) {
  const u = await createUser(t, over);
  const { cookie } = await passwordStep(u.userId, u.password);
  expect((await post(t, '/api/user/myInfo', { password: u.password }, cookie)).statusCode).toBe(200);
  const setup = await post(t, '/api/auth/totp/setup', {}, cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl, qr } = setup.json() as { secret: string; otpauthUrl: string; qr: string };
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(qr).toMatch(/^data:image\/png;base64,/);
  const enabled = await post(t, '/api/auth/totp/enable', { code: totpCode(secret) }, cookie);
  expect(enabled.statusCode).toBe(200);
  const codes = (enabled.json() as { recoveryCodes: string[] }).recoveryCodes;
  return { ...u, cookie, secret, codes };
}

const verify = (cookie: string, code: string) => post(t, '/api/auth/totp/verify', { code }, cookie);
const info = async (cookie: string) => (await post(t, '/api/session/info', {}, cookie)).json();

describe('turning it on', () => {
  it('needs the password re-entered, a good code, and gives ten recovery codes shown once', async () => {
    const u = await createUser(t);
    const { cookie } = await passwordStep(u.userId, u.password);
    const early = await post(t, '/api/auth/totp/setup', {}, cookie);
    expect(early.statusCode).toBe(403);
    await post(t, '/api/user/myInfo', { password: u.password }, cookie);
    const { secret } = (await post(t, '/api/auth/totp/setup', {}, cookie)).json();
    // The secret is stored sealed, never as it is.
    const [row] = await t.database.db.select().from(totpSecrets).where(eq(totpSecrets.userNo, u.no));
    expect(row!.secretEnc).not.toContain(secret);
    expect(row!.enabledAt).toBeNull();
    const wrong = await post(t, '/api/auth/totp/enable', { code: '000000' === totpCode(secret) ? '111111' : '000000' }, cookie);
    expect(wrong.statusCode).toBe(400);
    const ok = await post(t, '/api/auth/totp/enable', { code: totpCode(secret) }, cookie);
    const codes = ok.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userNo, u.no));
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);
    // The session that turned it on counts as having passed; a second setup is refused.
    expect(await info(cookie)).toMatchObject({ logined: true });
    expect((await post(t, '/api/auth/totp/status', {}, cookie)).json()).toEqual({ enabled: true, recoveryLeft: 10, secondStep: true });
    expect((await post(t, '/api/auth/totp/setup', {}, cookie)).statusCode).toBe(409);
    const audits = await t.database.db.select().from(adminAudit).where(and(eq(adminAudit.actorNo, u.no), eq(adminAudit.action, 'twoStep.enable')));
    expect(audits).toHaveLength(1);
  });

  it('refuses visitors and bad input', async () => {
    expect((await post(t, '/api/auth/totp/setup', {})).statusCode).toBe(401);
    expect((await post(t, '/api/auth/totp/enable', { code: '123456' })).statusCode).toBe(401);
    const u = await createUser(t);
    const { cookie } = await passwordStep(u.userId, u.password);
    for (const body of [{}, { code: '' }, { code: '12' }, { code: '<script>' }, { code: 123456 }, { code: '123456', extra: 1 }]) {
      expect((await post(t, '/api/auth/totp/enable', body, cookie)).statusCode).toBe(400);
    }
    // No setup started: nothing to enable.
    expect((await post(t, '/api/auth/totp/enable', { code: '123456' }, cookie)).json().message).toContain('먼저');
  });
});

describe('the second step of a sign-in', () => {
  it('a password sign-in waits for the code: signed out everywhere but verify and logout', async () => {
    const m = await memberWithTotp();
    const { cookie, body } = await passwordStep(m.userId, m.password);
    expect(body).toEqual({ ok: true, secondStep: 'totp' });
    expect(await info(cookie)).toMatchObject({ logined: false, secondStep: 'pending' });
    expect((await post(t, '/api/user/history/nick', {}, cookie)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/totp/status', {}, cookie)).statusCode).toBe(401);
    advanceClock(30_000);
    const ok = await verify(cookie, totpCode(m.secret));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, recovery: false, recoveryLeft: 10 });
    expect(await info(cookie)).toMatchObject({ logined: true, userId: m.userId });
    // Once through, verify has nothing to do.
    expect((await verify(cookie, totpCode(m.secret))).statusCode).toBe(401);
  });

  it('a code is accepted once; an old code is refused; the next step works', async () => {
    setClock(new Date('2026-11-20T10:00:05Z'));
    const m = await memberWithTotp();
    advanceClock(60_000);
    const a = await passwordStep(m.userId, m.password);
    const code = totpCode(m.secret);
    expect((await verify(a.cookie, code)).statusCode).toBe(200);
    const b = await passwordStep(m.userId, m.password);
    const reused = await verify(b.cookie, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toContain('이미 쓴 코드');
    // A code from two minutes ago (outside one step either side) is old.
    expect((await verify(b.cookie, totpCode(m.secret, new Date(Date.parse('2026-11-20T10:01:05Z') - 120_000)))).statusCode).toBe(401);
    advanceClock(30_000);
    expect((await verify(b.cookie, totpCode(m.secret))).statusCode).toBe(200);
  });

  it('a recovery code passes once, in any case and without the dashes', async () => {
    const m = await memberWithTotp();
    const a = await passwordStep(m.userId, m.password);
    const typed = m.codes[3]!.replace(/-/g, '').toLowerCase();
    const ok = await verify(a.cookie, typed);
    expect(ok.json()).toEqual({ ok: true, recovery: true, recoveryLeft: 9 });
    const b = await passwordStep(m.userId, m.password);
    expect((await verify(b.cookie, m.codes[3]!)).statusCode).toBe(401);
    const audits = await t.database.db.select().from(adminAudit).where(and(eq(adminAudit.actorNo, m.no), eq(adminAudit.action, 'twoStep.recoveryUsed')));
    expect(audits).toHaveLength(1);
  });

  it("another member's code, a signed-in or signed-out browser and bad input are refused", async () => {
    const m = await memberWithTotp();
    const other = await memberWithTotp();
    const a = await passwordStep(m.userId, m.password);
    advanceClock(30_000);
    expect((await verify(a.cookie, totpCode(other.secret))).statusCode).toBe(401);
    expect((await verify(a.cookie, other.codes[0]!)).statusCode).toBe(401);
    expect((await verify('', totpCode(m.secret))).json().message).toContain('다시 로그인');
    expect((await verify(other.cookie, totpCode(other.secret))).statusCode).toBe(401);
    for (const code of ['', 'abc', '1234567890123456789012', '12 34 5']) expect((await verify(a.cookie, code)).statusCode).toBe(400);
    expect(await info(a.cookie)).toMatchObject({ logined: false, secondStep: 'pending' });
  });

  it('signing out ends a sign-in still waiting for its code', async () => {
    const m = await memberWithTotp();
    const a = await passwordStep(m.userId, m.password);
    await post(t, '/api/logout', {}, a.cookie);
    expect(await info(a.cookie)).toMatchObject({ logined: false });
    expect((await info(a.cookie)).secondStep).toBeUndefined();
  });

  it('codes are rate-limited per account', async () => {
    const limited = await testApp({});
    try {
      const u = await createUser(limited);
      await limited.database.db.insert(totpSecrets).values({ userNo: u.no, secretEnc: limited.app.ctx.sealer.seal('JBSWY3DPEHPK3PXP'), enabledAt: new Date() });
      const res = await limited.app.inject({ method: 'POST', url: '/api/login/do', payload: { userId: u.userId, password: u.password } });
      const cookie = `chalkak_sid=${res.cookies.find((c) => c.name === 'chalkak_sid')!.value}`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await limited.app.inject({ method: 'POST', url: '/api/auth/totp/verify', payload: { code: 'ZZZZ-ZZZZ-ZZ' }, headers: { cookie } })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('turning it off', () => {
  it('needs the password and a current code', async () => {
    const m = await memberWithTotp();
    advanceClock(30_000);
    const code = totpCode(m.secret);
    expect((await post(t, '/api/auth/totp/disable', { password: 'wrong-pass', code }, m.cookie)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/totp/disable', { password: m.password, code: '000000' === code ? '111111' : '000000' }, m.cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/auth/totp/disable', { password: m.password }, m.cookie)).statusCode).toBe(400);
    expect((await post(t, '/api/auth/totp/disable', { password: m.password, code })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/totp/disable', { password: m.password, code }, m.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/auth/totp/status', {}, m.cookie)).json()).toMatchObject({ enabled: false, recoveryLeft: 0 });
    expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userNo, m.no))).toEqual([]);
    expect((await passwordStep(m.userId, m.password)).body).toEqual({ ok: true });
    const audits = await t.database.db.select().from(adminAudit).where(and(eq(adminAudit.actorNo, m.no), eq(adminAudit.action, 'twoStep.disable')));
    expect(audits).toHaveLength(1);
  });

  it('new recovery codes replace the old ones (password needed)', async () => {
    const m = await memberWithTotp();
    expect((await post(t, '/api/auth/totp/recovery', { password: 'nope-nope' }, m.cookie)).statusCode).toBe(401);
    const fresh = (await post(t, '/api/auth/totp/recovery', { password: m.password }, m.cookie)).json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const a = await passwordStep(m.userId, m.password);
    expect((await verify(a.cookie, m.codes[0]!)).statusCode).toBe(401);
    expect((await verify(a.cookie, fresh[0]!)).statusCode).toBe(200);
  });
});

describe('the administrator', () => {
  it('is refused on /api/admin/ until the second step, then let through', async () => {
    const admin = await createUser(t, { admin: true });
    const { cookie, body } = await passwordStep(admin.userId, admin.password);
    expect(body).toEqual({ ok: true });
    const refused = await post(t, '/api/admin/audit/list', {}, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: expect.stringContaining('2단계 인증'), code: 'second_step_needed' });
    expect(await info(cookie)).toMatchObject({ logined: true, admin: true, secondStep: 'needed' });
    // Setting it up from the gate: the password again, the secret, the first code.
    await post(t, '/api/user/myInfo', { password: admin.password }, cookie);
    const { secret } = (await post(t, '/api/auth/totp/setup', {}, cookie)).json();
    expect((await post(t, '/api/auth/totp/enable', { code: totpCode(secret) }, cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/admin/audit/list', {}, cookie)).statusCode).toBe(200);
    expect((await info(cookie)).secondStep).toBeUndefined();
    // The next sign-in waits for the code, and only then reaches the admin calls.
    const next = await passwordStep(admin.userId, admin.password);
    expect(next.body.secondStep).toBe('totp');
    expect((await post(t, '/api/admin/audit/list', {}, next.cookie)).statusCode).toBe(401);
    advanceClock(30_000);
    await verify(next.cookie, totpCode(secret));
    expect((await post(t, '/api/admin/audit/list', {}, next.cookie)).statusCode).toBe(200);
  });
});

describe('npm run admin:reset-2fa', () => {
  it('turns it off for a lost phone, ends the sessions and leaves an audit record', async () => {
    const { resetTwoStepCommand } = await import('../../../scripts/admin-reset-2fa.js');
    const admin = await createUser(t, { admin: true });
    const cookie = await login(t, admin.userId, admin.password);
    expect((await post(t, '/api/admin/audit/list', {}, cookie)).statusCode).toBe(200);
    const lines: string[] = [];
    expect(await resetTwoStepCommand(t.database.db, [admin.userId], (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toContain('2단계 인증을 껐고');
    expect((await post(t, '/api/admin/audit/list', {}, cookie)).statusCode).toBe(401);
    expect(await t.database.db.select().from(totpSecrets).where(eq(totpSecrets.userNo, admin.no))).toEqual([]);
    const audits = await t.database.db.select().from(adminAudit).where(and(eq(adminAudit.actorNo, admin.no), eq(adminAudit.action, 'twoStep.operatorReset')));
    expect(audits).toHaveLength(1);
    // The password alone signs in again, and the admin calls lead to setting it up.
    const again = await passwordStep(admin.userId, admin.password);
    expect(again.body).toEqual({ ok: true });
    expect((await post(t, '/api/admin/audit/list', {}, again.cookie)).json().code).toBe('second_step_needed');
    // An unknown id or no id at all is refused.
    expect(await resetTwoStepCommand(t.database.db, ['nobody_here'], (l) => lines.push(l))).toBe(1);
    expect(await resetTwoStepCommand(t.database.db, [], (l) => lines.push(l))).toBe(1);
  });
});
