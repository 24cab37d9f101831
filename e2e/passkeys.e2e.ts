// Passkeys end to end with Chromium's virtual authenticator (DevTools protocol WebAuthn domain: a
// CTAP2 platform authenticator that keeps discoverable keys and verifies the person). On a touch
// phone at 360 px: registered from my-info after the password prompt, signed out, signed in from
// the home page's login box without typing the id. On a desktop with the keyboard: a passkey
// removed, and the login popup's passkey sign-in refused with the removed key. Passkeys need a
// domain, not an IP address, so these pages are opened at localhost.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseURL, DESKTOP, expectAccessibleWithoutToasts, launch, PHONE, sessionUser, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** A page at localhost with a virtual authenticator attached (its keys live as long as the page). */
async function pageWithAuthenticator(viewport: typeof PHONE, touch: boolean): Promise<{ context: BrowserContext; page: Page; keys: () => Promise<number> }> {
  const context = await browser.newContext({
    baseURL: baseURL().replace('127.0.0.1', 'localhost'),
    viewport,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const keys = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
  return { context, page, keys };
}

const login = (page: Page, userId: string, password: string) => page.request.post('/api/login/do', { form: { userId, password, remember: 'N' } });

it('on a touch phone: registers a passkey from my-info, signs out, and signs in with it without typing the id', async () => {
  const m = await signUpByApi();
  const { page, context, keys } = await pageWithAuthenticator(PHONE, true);
  expect((await login(page, m.userId, m.password)).ok()).toBe(true);
  await page.goto('/');
  const box = page.locator('.home-aside');
  await box.getByRole('button', { name: '내 정보' }).tap();
  const dialog = page.locator('.my-info-dialog');
  await dialog.getByRole('textbox', { name: '암호' }).fill(m.password);
  await dialog.getByRole('button', { name: '확인' }).tap();
  await dialog.getByRole('button', { name: '패스키 관리' }).tap();
  await page.getByRole('heading', { name: '패스키', exact: true }).waitFor();
  await page.getByText('아직 등록된 패스키가 없습니다.').waitFor();
  expect(await auditTargets(page)).toEqual([]);

  await page.getByLabel('패스키 이름 (선택)').fill('내 휴대폰');
  await page.getByRole('button', { name: '패스키 등록' }).tap();
  await waitForToast(page, '패스키를 등록했습니다.');
  const row = page.locator('.passkey-row', { hasText: '내 휴대폰' });
  await row.waitFor();
  await row.getByText('이 기기').waitFor();
  await row.getByText('아직 로그인에 쓰지 않았습니다').waitFor();
  expect(await keys()).toBe(1);
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'passkeys-phone');

  // Signed out; the home page's login box offers the passkey beside the id and password.
  await page.goto('/');
  await box.getByRole('button', { name: '로그아웃' }).tap();
  const passkeyButton = box.getByRole('button', { name: '패스키로 로그인' });
  await passkeyButton.waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await passkeyButton.tap();
  await waitForToast(page, '패스키로 로그인했습니다.');
  await box.getByRole('button', { name: '내 정보' }).waitFor();
  expect(await sessionUser(page)).toMatchObject({ logined: true, userId: m.userId });

  // The list says when and where it was last used.
  await page.goto('/user/passkeys');
  await page.locator('.passkey-row', { hasText: '내 휴대폰' }).getByText(/^마지막 사용: /).waitFor();
  await context.close();
});

it('on a desktop with the keyboard: removes a passkey, and the removed one signs nobody in', async () => {
  const m = await signUpByApi();
  const { page, context, keys } = await pageWithAuthenticator(DESKTOP, false);
  expect((await login(page, m.userId, m.password)).ok()).toBe(true);
  // my-info's password prompt, as the page asks for it.
  expect((await page.request.post('/api/user/myInfo', { data: { password: m.password } })).ok()).toBe(true);
  await page.goto('/user/passkeys');
  const name = page.getByLabel('패스키 이름 (선택)');
  await name.focus();
  await page.keyboard.type('사무실 PC');
  await page.keyboard.press('Enter');
  await waitForToast(page, '패스키를 등록했습니다.');
  await page.locator('.passkey-row', { hasText: '사무실 PC' }).waitFor();
  await expectAccessibleWithoutToasts(page);

  // Renamed and removed by keys alone.
  await page.getByRole('button', { name: '사무실 PC 이름 바꾸기' }).focus();
  await page.keyboard.press('Enter');
  const field = page.getByLabel('새 이름');
  await field.waitFor();
  await field.fill('집 PC');
  await page.keyboard.press('Enter');
  await waitForToast(page, '이름을 바꿨습니다.');
  const remove = page.getByRole('button', { name: '집 PC 삭제' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const yes = page.getByRole('button', { name: '예' });
  await yes.waitFor();
  await yes.focus();
  await page.keyboard.press('Enter');
  await waitForToast(page, '패스키를 삭제했습니다.');
  await page.getByText('아직 등록된 패스키가 없습니다.').waitFor();
  // The device still keeps it: only the site forgot it.
  expect(await keys()).toBe(1);

  // Signed out; the login popup's passkey button, by keyboard, is refused with the removed key.
  await page.request.post('/api/logout', { data: {} });
  await page.goto('/');
  await page.locator('.login-link').first().focus();
  await page.keyboard.press('Enter');
  const popup = page.locator('.login-popup');
  const button = popup.getByRole('button', { name: '패스키로 로그인' });
  await button.waitFor();
  await button.focus();
  await page.keyboard.press('Enter');
  await waitForToast(page, '등록되지 않았거나 삭제된 패스키입니다. 아이디와 암호로 로그인해 주세요.');
  expect(await sessionUser(page)).toMatchObject({ logined: false });
  await context.close();
});
