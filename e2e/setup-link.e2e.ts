// The first administrator's setup link page (/user/setup#token); its server tests
// (server/modules/two-step/setup-link.test.ts) use a link once, twice and expired. Here, on the
// browser run's server: what a member sees for a link that is not (or no longer) good, on a touch
// phone at 360 px and on a desktop, and that the token leaves the address bar. Then the real
// thing: that server's administrator has ADMIN_PASSWORD and so never gets a link asking for their
// own password; a built server of this file's own starts on an empty data folder without one,
// prints its link, and the administrator follows it at both widths.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, killAll, run, type Running, stop, waitReady } from '../server/test/process.js';
import { DESKTOP, expectAccessibleWithoutToasts, launch, PHONE, newPage, sessionUser, shot, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('on a touch phone: a used or unknown link says what to do, signs nobody in and leaves the address bar', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto(`/user/setup#${'A'.repeat(43)}`);
  await page.getByRole('heading', { name: '관리자 설정' }).waitFor();
  await page.getByRole('alert').getByText('이미 사용했거나 기간이 지난 설정 링크입니다.').waitFor();
  expect(new URL(page.url()).hash).toBe('');
  expect(await sessionUser(page)).toMatchObject({ logined: false });
  expect(await auditTargets(page)).toEqual([]);
  await context.close();
});

it('on a desktop: a link without its token, or a broken one, says it is not a setup link', async () => {
  const { page, context } = await newPage(browser, DESKTOP);
  await page.goto('/user/setup');
  await page.getByRole('alert').getByText('설정 링크가 올바르지 않습니다.').waitFor();
  await expectAccessibleWithoutToasts(page);
  await page.goto('/');
  await page.goto('/user/setup#short');
  await page.getByRole('alert').getByText('설정 링크가 올바르지 않습니다.').waitFor();
  expect(await sessionUser(page)).toMatchObject({ logined: false });
  await context.close();
});

describe('a link printed without ADMIN_PASSWORD, on a server of its own', () => {
  let dataDir: string;
  let base: string;
  let env: Record<string, string>;
  let server: Running | undefined;
  const procs: Running[] = [];

  const start = async () => {
    server = run('dist/server/main.js', env);
    procs.push(server);
    await waitReady(base, server, 150_000);
  };
  /** The newest setup link the process printed (the first start's log line, or the command's). */
  const printedLink = async (proc: Running) => {
    const pattern = new RegExp(`${base.replace(/[.]/g, '\\.')}/user/setup#[A-Za-z0-9_-]{20,}`, 'g');
    await expect.poll(() => proc.output().match(pattern), { timeout: 30_000 }).not.toBeNull();
    return proc.output().match(pattern)!.at(-1)!;
  };
  const open = async (viewport: typeof PHONE, touch: boolean) => {
    const context = await browser.newContext({ baseURL: base, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul', ...(touch ? { hasTouch: true, isMobile: true } : {}) });
    const page = await context.newPage();
    page.on('pageerror', (e) => {
      throw e;
    });
    return { context, page };
  };
  /** The login call from a fresh context: its status, and the session it made. */
  const signIn = async (password: string) => {
    const context = await browser.newContext({ baseURL: base });
    const res = await context.request.post('/api/login/do', { form: { userId: 'admin', password, remember: 'N' } });
    const info = (await (await context.request.post('/api/session/info', { data: {} })).json()) as Record<string, unknown>;
    await context.close();
    return { ok: res.ok(), info };
  };
  const fields = (page: Page) => ({
    password: page.getByLabel('새 암호', { exact: true }),
    again: page.getByLabel('새 암호 확인', { exact: true }),
    save: page.getByRole('button', { name: '암호 정하고 계속' }),
  });
  /** Where the saved password leads: the administrator's gate to the second step, still off. */
  const atTwoStepSetup = async (page: Page) => {
    await page.waitForURL((u) => u.pathname === '/user/two-step/settings');
    await page.getByRole('heading', { name: '관리자 2단계 인증' }).waitFor();
    await page.getByText('2단계 인증이 꺼져 있습니다.').waitFor();
    await page.getByRole('button', { name: '2단계 인증 켜기' }).waitFor();
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'chalkak-setup-link-e2e-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // LOG_LEVEL info: the first start prints the link on an info line of its (JSON) log.
    env = { DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT: 'false', PUBLIC_ORIGIN: base, LOG_LEVEL: 'info' };
    await start();
  }, 180_000);

  afterAll(async () => {
    if (server) await stop(server);
    killAll(procs);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('at 360 px by touch: the first start\'s link signs the administrator in, and their own password is saved and works', async () => {
    const link = await printedLink(server!);
    const temporary = /임시 암호: (\S+)/.exec(server!.output())?.[1];
    expect(temporary).toBeDefined();
    const { page, context } = await open(PHONE, true);
    await page.goto(link);
    const { password, again, save } = fields(page);
    await page.getByText('관리자로 로그인했습니다. 먼저 앞으로 쓸 암호를 정해 주세요.', { exact: false }).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.id')).toBe('setup-password');
    expect(await sessionUser(page)).toMatchObject({ logined: true, userId: 'admin', secondStep: 'needed' });
    // Thumb-sized fields, button and eye (web/app/touch-targets.css).
    const eye = page.getByRole('switch', { name: '암호 보이기' }).first();
    for (const control of [password, again, save, eye]) {
      const box = (await control.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    expect(await auditTargets(page)).toEqual([]);
    await shot(page, 'setup-password-360');

    // A different confirmation marks the second field, in Korean, and sends nothing.
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/setup-link/password')) sent++;
    });
    await password.fill('Camera-pass-1');
    await again.fill('Camera-pass-2');
    await save.tap();
    await waitForToast(page, '암호와 암호 확인 값이 일치하지 않습니다.');
    await expect.poll(() => again.getAttribute('aria-invalid')).toBe('true');
    await page.locator('.two-step-form .field-error').getByText('암호와 암호 확인 값이 일치하지 않습니다.').waitFor();
    expect(sent).toBe(0);
    await shot(page, 'setup-password-mismatch-360');

    // The matching one is saved and leads to the second step's set-up, signed in as the admin.
    await again.fill('Camera-pass-1');
    await expect.poll(() => again.getAttribute('aria-invalid')).toBeNull();
    await save.tap();
    await waitForToast(page, '암호를 정했습니다. 이제 2단계 인증을 설정해 주세요.');
    await atTwoStepSetup(page);
    expect(sent).toBe(1);
    expect(await sessionUser(page)).toMatchObject({ logined: true, userId: 'admin', nickName: '운영자', secondStep: 'needed' });
    expect(await auditTargets(page)).toEqual([]);
    await context.close();

    // The new password signs in; the printed temporary one no longer does.
    expect(await signIn('Camera-pass-1')).toMatchObject({ ok: true, info: { logined: true, userId: 'admin' } });
    expect(await signIn(temporary!)).toMatchObject({ ok: false, info: { logined: false } });
  });

  it('a visitor no link signed in is refused by the password call', async () => {
    const context = await browser.newContext({ baseURL: base });
    const res = await context.request.post('/api/auth/setup-link/password', { data: { password: 'Intruder-pass-1', rePassword: 'Intruder-pass-1' } });
    expect(res.status()).toBe(401);
    expect(await res.json()).toMatchObject({ message: '로그인이 필요합니다.' });
    await context.close();
    expect((await signIn('Intruder-pass-1')).ok).toBe(false);
  });

  it('at 1280 px by keyboard: a link from the admin:setup-link command, with --new-password, sets another password', async () => {
    // The embedded database is one process at a time: the command runs while the site is stopped.
    await stop(server!);
    const command = run('scripts/admin-setup-link.ts', env, [], ['admin', '--new-password']);
    procs.push(command);
    expect(await command.exited, command.output()).toBe(0);
    const link = await printedLink(command);
    await start();

    const { page, context } = await open(DESKTOP, false);
    await page.goto(link);
    const { password, again } = fields(page);
    await password.waitFor();
    await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.id')).toBe('setup-password');
    expect(await sessionUser(page)).toMatchObject({ logined: true, userId: 'admin' });
    await expectAccessibleWithoutToasts(page);
    await shot(page, 'setup-password-1280');

    // Typing, Tab to the confirmation (past the eye), Enter.
    await page.keyboard.type('Desk-pass-2');
    for (let i = 0; i < 3 && (await page.evaluate('document.activeElement.id')) !== 'setup-rePassword'; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('setup-rePassword');
    await page.keyboard.type('Desk-pass-X');
    await page.keyboard.press('Enter');
    await waitForToast(page, '암호와 암호 확인 값이 일치하지 않습니다.');
    await expect.poll(() => again.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('setup-rePassword');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await waitForToast(page, '암호를 정했습니다. 이제 2단계 인증을 설정해 주세요.');
    await atTwoStepSetup(page);
    await expectAccessibleWithoutToasts(page);
    await context.close();

    expect(await signIn('Desk-pass-2')).toMatchObject({ ok: true, info: { logined: true, userId: 'admin' } });
    expect((await signIn('Camera-pass-1')).ok).toBe(false);
  }, 180_000);
});
