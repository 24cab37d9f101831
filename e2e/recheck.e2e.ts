// My-info's re-check without a password end to end, against the stand-in Kakao the global setup
// runs (server/test/oauth-providers.ts). On a touch phone at 360 px: a member who joined with
// Kakao alone opens my-info, passes the re-check through Kakao, comes back to the page with
// my-info open and changes the nickname. On a desktop by the keyboard: the wrong Kakao account is
// refused, and the member's own passes; and a member re-checks with a passkey (Chromium's virtual
// authenticator, at localhost, as passkeys need a domain). And a Kakao-only member leaves: the
// withdrawal dialog's re-check through Kakao comes back to its last step (at 360 px by touch).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseURL, DESKTOP, expectAccessibleWithoutToasts, launch, newPage, PHONE, sessionUser, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1000)}`;

/** Joins with Kakao alone from the home page's box through the completion step; signed in after. */
async function joinWithKakao(page: Page, account: string, nickName: string, act: 'tap' | 'click') {
  await page.goto('/');
  await page.locator('.home-aside').getByRole('button', { name: '카카오로 시작하기' })[act]();
  await kakaoPage(page, account, act);
  await page.waitForURL('**/user/oauth/complete');
  await page.getByLabel('닉네임', { exact: true }).fill(nickName);
  await page.getByText('이용약관과 개인정보 처리방침에 동의합니다')[act]();
  await page.getByRole('button', { name: '가입하기' })[act]();
  await page.waitForURL((url) => url.pathname === '/');
  expect(await sessionUser(page)).toMatchObject({ logined: true, nickName });
}

/** The stand-in provider's page: who signs in, and consent. */
async function kakaoPage(page: Page, account: string, act: 'tap' | 'click') {
  await page.getByRole('heading', { name: '카카오 로그인' }).waitFor();
  await page.getByLabel('계정', { exact: true }).fill(account);
  await page.getByRole('button', { name: '동의하고 계속하기' })[act]();
}

it('on a touch phone: a Kakao-only member re-checks through Kakao and changes the nickname in my-info', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  const n = unique();
  const account = `kakao-recheck-${n}`;
  await joinWithKakao(page, account, `다시${n}`, 'tap');

  // My-info has no password to ask for: it offers Kakao instead.
  await page.goto('/');
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).tap();
  const dialog = page.locator('.my-info-dialog');
  await dialog.getByText('연결한 간편 로그인 계정이나 패스키로 확인해 주세요.').waitFor();
  expect(await dialog.getByRole('textbox', { name: '암호' }).count()).toBe(0);
  const viaKakao = dialog.getByRole('button', { name: '카카오로 확인' });
  // Read once the dialog's opening animation (a scale from below full size) has ended.
  await expect.poll(async () => (await viaKakao.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'recheck-prompt-phone');
  await viaKakao.tap();

  // A fresh round trip; back on the same page with my-info open, and the mark gone from the address.
  await kakaoPage(page, account, 'tap');
  await waitForToast(page, '본인 확인을 마쳤습니다.');
  await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('recheck'));
  const nick = dialog.getByLabel('닉네임', { exact: true });
  await nick.waitFor();
  expect(await nick.inputValue()).toBe(`다시${n}`);
  expect(await auditTargets(page)).toEqual([]);

  // A member who joined with Kakao (no address given) has no address or security question yet.
  await nick.fill(`바꿈${n}`);
  await dialog.locator('#my-info-email').fill(`recheck_${n}@example.com`);
  await dialog.getByLabel('비밀번호 질문').fill('첫 카메라는?');
  await dialog.getByLabel('비밀번호 답변').fill('FM2');
  await page.locator('.my-info-footer').getByRole('button', { name: '저장' }).tap();
  await waitForToast(page, '변경되었습니다.');
  expect(await sessionUser(page)).toMatchObject({ logined: true, nickName: `바꿈${n}` });
  await context.close();
});

it("on a desktop by the keyboard: another member's Kakao account is refused, the member's own passes", async () => {
  const { page, context } = await newPage(browser, DESKTOP);
  const n = unique();
  const other = `kakao-other-${n}`;
  // The other account belongs to somebody else.
  await joinWithKakao(page, other, `남${n}`, 'click');
  await context.clearCookies();
  const account = `kakao-own-${n}`;
  await joinWithKakao(page, account, `본인${n}`, 'click');

  const openPrompt = async () => {
    await page.goto('/');
    await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).focus();
    await page.keyboard.press('Enter');
    const button = page.locator('.my-info-dialog').getByRole('button', { name: '카카오로 확인' });
    await button.waitFor();
    return button;
  };
  const viaKakao = await openPrompt();
  await expectAccessibleWithoutToasts(page);
  await viaKakao.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: '카카오 로그인' }).waitFor();
  await page.getByLabel('계정', { exact: true }).focus();
  await page.keyboard.type(other);
  await page.getByRole('button', { name: '동의하고 계속하기' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('지금 로그인한 회원에게 연결된 계정이 아니어서 확인하지 않았습니다').waitFor();
  expect(await sessionUser(page)).toMatchObject({ logined: true, nickName: `본인${n}` });
  expect((await page.request.post('/api/user/profile', { data: {} })).status()).toBe(403);

  const again = await openPrompt();
  await again.focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('계정', { exact: true }).focus();
  await page.keyboard.type(account);
  await page.getByRole('button', { name: '동의하고 계속하기' }).focus();
  await page.keyboard.press('Enter');
  const nick = page.locator('.my-info-dialog').getByLabel('닉네임', { exact: true });
  await nick.waitFor();
  expect(await nick.inputValue()).toBe(`본인${n}`);
  await expectAccessibleWithoutToasts(page);
  await context.close();
});

it('on a desktop by the keyboard: a member re-checks with a passkey instead of the password', async () => {
  const context = await browser.newContext({ baseURL: baseURL().replace('127.0.0.1', 'localhost'), viewport: DESKTOP, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const m = await signUpByApi();
  const login = () => page.request.post('/api/login/do', { form: { userId: m.userId, password: m.password, remember: 'N' } });
  expect((await login()).ok()).toBe(true);
  expect((await page.request.post('/api/user/myInfo', { data: { password: m.password } })).ok()).toBe(true);
  await page.goto('/user/passkeys');
  await page.getByLabel('패스키 이름 (선택)').focus();
  await page.keyboard.type('사무실 PC');
  await page.keyboard.press('Enter');
  await waitForToast(page, '패스키를 등록했습니다.');
  // A new sign-in: its session has passed no prompt yet.
  await page.request.post('/api/logout', { data: {} });
  expect((await login()).ok()).toBe(true);
  expect((await page.request.post('/api/user/profile', { data: {} })).status()).toBe(403);

  await page.goto('/');
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('.my-info-dialog');
  await dialog.getByText('또는 다른 방법으로 확인').waitFor();
  const viaPasskey = dialog.getByRole('button', { name: '패스키로 확인' });
  expect(await dialog.getByRole('button', { name: '카카오로 확인' }).count()).toBe(0);
  await expectAccessibleWithoutToasts(page);
  const verified = page.waitForResponse((r) => r.url().endsWith('/api/auth/passkey/recheck/verify'));
  await viaPasskey.focus();
  await page.keyboard.press('Enter');
  expect((await verified).status()).toBe(200);
  const nick = dialog.getByLabel('닉네임', { exact: true });
  await nick.waitFor();
  expect(await nick.inputValue()).toBe(m.nickName);
  await context.close();
});

it('on a touch phone: a Kakao-only member withdraws after a re-check through Kakao, back at the last step', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  const n = unique();
  const account = `kakao-leave-${n}`;
  await joinWithKakao(page, account, `떠남${n}`, 'tap');
  // My-info first (its own re-check), then 회원 탈퇴 asks again before the step that cannot be undone.
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).tap();
  const dialog = page.locator('.my-info-dialog');
  await dialog.getByRole('button', { name: '카카오로 확인' }).tap();
  await kakaoPage(page, account, 'tap');
  await page.locator('.my-info-footer').getByRole('button', { name: '회원 탈퇴' }).tap();

  const out = page.locator('.withdrawal-dialog');
  await out.getByText('탈퇴하기 전에 본인인지 한 번 더 확인합니다.', { exact: false }).waitFor();
  expect(await out.getByRole('textbox', { name: '암호' }).count()).toBe(0);
  expect(await out.getByRole('button', { name: '탈퇴', exact: true }).count()).toBe(0);
  const viaKakao = out.getByRole('button', { name: '카카오로 확인' });
  // Read once the dialog's opening animation (a scale from below full size) has ended.
  await expect.poll(async () => (await viaKakao.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'recheck-withdrawal-phone');
  await viaKakao.tap();

  // Back on the page: my-info opens by itself and goes on to the withdrawal's last step.
  await kakaoPage(page, account, 'tap');
  await out.getByText('본인 확인을 마쳤습니다. 아래 탈퇴 버튼을', { exact: false }).waitFor();
  await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('recheck'));
  expect(await auditTargets(page)).toEqual([]);
  await out.getByRole('button', { name: '탈퇴', exact: true }).tap();
  const confirm = page.locator('.p-confirm-dialog');
  await confirm.getByText('회원 탈퇴를 진행할까요?').waitFor();
  await confirm.getByRole('button', { name: '탈퇴', exact: true }).tap();
  await waitForToast(page, '회원 탈퇴가 정상적으로 처리되었습니다.');
  await out.waitFor({ state: 'hidden' });
  expect((await sessionUser(page)).logined).toBe(false);
  await context.close();
});
