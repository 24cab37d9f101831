// Two-step sign-in end to end: a member turns it on from my-info's page on a touch phone at 360 px
// (QR code, key, first code, recovery codes shown once), then signs in from the home page's login
// box with the password and a code; an administrator without it is led from /system to set it
// up with the keyboard alone at 1280 px, and reaches the admin pages right after.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { expectAccessible, launch, loginByApi, memberPage, newPage, PHONE, sessionUser, shot, signUpByApi } from './browser.js';
import { auditTargets } from './target-audit.js';
import { totpCode } from './two-step.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** The key shown beside the QR code, without its spaces. */
const shownSecret = async (page: Page) => ((await page.locator('.two-step-secret code').textContent()) ?? '').replace(/\s+/g, '');

it('on a touch phone: turns it on, keeps the recovery codes, and signs in with the password and a code', async () => {
  const { page, context, user: m } = await memberPage(browser, PHONE, { touch: true });
  await page.goto('/user/two-step/settings');
  await page.getByText('2단계 인증이 꺼져 있습니다.').waitFor();
  await page.getByRole('button', { name: '2단계 인증 켜기' }).tap();
  await page.getByLabel('암호', { exact: true }).fill(m.password);
  await page.getByRole('button', { name: '다음' }).tap();
  await page.getByRole('img', { name: '인증 앱에 등록할 QR 코드' }).waitFor();
  const secret = await shownSecret(page);
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'two-step-setup-phone');
  await page.getByLabel('인증 코드').fill(totpCode(secret));
  await page.getByRole('button', { name: '켜기', exact: true }).tap();
  await page.getByRole('heading', { name: '복구 코드' }).waitFor();
  expect(await page.locator('.two-step-code-list li').count()).toBe(10);
  expect(await auditTargets(page)).toEqual([]);
  await page.getByRole('button', { name: '보관했습니다' }).tap();
  await page.getByText('남은 복구 코드: 10개').waitFor();

  // Signed out, then in again from the home page: the password, then the code on its own page.
  await page.request.post('/api/logout', { data: {} });
  await page.goto('/');
  await page.getByRole('button', { name: '메뉴 열기' }).waitFor();
  const box = page.locator('.home-aside');
  await box.getByLabel('아이디').fill(m.userId);
  await box.getByLabel('암호', { exact: true }).fill(m.password);
  await box.getByLabel('암호', { exact: true }).press('Enter');
  await page.waitForURL('**/user/two-step');
  const field = page.getByLabel('인증 코드');
  await field.waitFor();
  expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
  expect(await field.getAttribute('inputmode')).toBe('numeric');
  expect((await sessionUser(page)).logined).toBe(false);
  await page.getByRole('button', { name: '복구 코드 사용' }).waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessible(page);
  await shot(page, 'two-step-code-phone');
  // The code of the next 30 seconds: the one of this moment went to turning it on.
  await field.fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: '확인' }).tap();
  await page.waitForURL((u) => u.pathname === '/');
  expect(await sessionUser(page)).toMatchObject({ logined: true, userId: m.userId });
  await context.close();
});

it('on a desktop with the keyboard: an administrator without a second step is led from /system to set it up', async () => {
  // A member made administrator by the site's administrator.
  const m = await signUpByApi();
  const op = await newPage(browser);
  await loginByApi(op.page, 'admin', inject('adminPassword'));
  const list = await op.page.request.post('/api/admin/user/list', { data: { page: 1, search: m.userId } });
  const row = ((await list.json()) as { items: Array<{ no: number; userId: string; nickName: string; email: string }> }).items[0]!;
  const saved = await op.page.request.post('/api/admin/user/save', { data: { userNo: row.no, nickName: row.nickName, email: row.email, levelId: null, admin: true } });
  expect(saved.ok()).toBe(true);
  await op.context.close();

  const { page, context } = await newPage(browser);
  const res = await page.request.post('/api/login/do', { form: { userId: m.userId, password: m.password } });
  expect(await res.json()).toEqual({ ok: true });
  expect((await page.request.post('/api/admin/dashboard', { data: {} })).status()).toBe(403);
  await page.goto('/system');
  await page.waitForURL('**/user/two-step/settings');
  await page.getByRole('heading', { name: '관리자 2단계 인증' }).waitFor();
  await expectAccessible(page);
  await shot(page, 'two-step-admin-gate');
  // Keyboard only: to the button, the password, the code.
  const start = page.getByRole('button', { name: '2단계 인증 켜기' });
  for (let i = 0; i < 40 && !(await start.evaluate((el) => el.matches(':focus'))); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const password = page.getByLabel('암호', { exact: true });
  await password.waitFor();
  await password.focus();
  await page.keyboard.type(m.password);
  await page.keyboard.press('Enter');
  await page.getByRole('img', { name: '인증 앱에 등록할 QR 코드' }).waitFor();
  const code = page.getByLabel('인증 코드');
  await code.focus();
  await page.keyboard.type(totpCode(await shownSecret(page)));
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: '복구 코드' }).waitFor();
  await page.getByRole('button', { name: '보관했습니다' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: '관리자 화면으로' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/system');
  await page.locator('.admin-frame').waitFor();
  expect((await page.request.post('/api/admin/dashboard', { data: {} })).status()).toBe(200);
  await context.close();
});
