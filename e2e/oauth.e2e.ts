// Kakao and Naver sign-in end to end against the stand-in providers the global setup runs
// (server/test/oauth-providers.ts). On a touch phone at 360 px: 카카오로 시작하기 from the home
// page's login box, the provider's consent, the completion step, signed in. On a desktop by the
// keyboard: Naver linked from my-info after the password prompt, then unlinked.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, expectAccessibleWithoutToasts, launch, newPage, PHONE, sessionUser, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const unique = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1000)}`;

it('on a touch phone: signs up with Kakao through the completion step', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  const n = unique();
  // The join page offers both at its top.
  await page.goto('/user/join');
  await page.getByRole('button', { name: '네이버로 로그인' }).waitFor();
  await page.getByRole('button', { name: '카카오로 시작하기' }).waitFor();
  await page.goto('/');
  const box = page.locator('.home-aside');
  const kakao = box.getByRole('button', { name: '카카오로 시작하기' });
  await kakao.waitFor();
  await box.getByRole('button', { name: '네이버로 로그인' }).waitFor();
  const size = await kakao.boundingBox();
  expect(size!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate<string>('getComputedStyle(document.querySelector(".home-aside .oauth-kakao")).backgroundColor')).toBe('rgb(254, 229, 0)');
  expect(await auditTargets(page)).toEqual([]);
  await kakao.tap();

  // The provider's own page: who signs in, a verified address, agree.
  await page.getByRole('heading', { name: '카카오 로그인' }).waitFor();
  await page.getByLabel('계정', { exact: true }).fill(`kakao-e2e-${n}`);
  await page.getByLabel('닉네임', { exact: true }).fill(`카톡${n}`);
  await page.getByLabel('이메일', { exact: true }).fill(`kakao_${n}@example.com`);
  await page.getByLabel('확인된 이메일').tap();
  await page.getByRole('button', { name: '동의하고 계속하기' }).tap();

  await page.waitForURL('**/user/oauth/complete');
  await page.getByRole('heading', { name: '간편 가입 마치기' }).waitFor();
  await page.getByText(`kakao_${n}@example.com 주소를 확인된 이메일로`).waitFor();
  const nick = page.getByLabel('닉네임', { exact: true });
  expect(await nick.inputValue()).toBe(`카톡${n}`);
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'oauth-complete-phone');

  // Without the agreement nothing happens; then the member is made and signed in.
  await nick.fill(`찰칵${n}`);
  await page.getByRole('button', { name: '가입하기' }).tap();
  await waitForToast(page, '이용약관과 개인정보 처리방침에 동의해 주세요.');
  expect(await sessionUser(page)).toMatchObject({ logined: false });
  await page.getByText('이용약관과 개인정보 처리방침에 동의합니다').tap();
  await page.getByRole('button', { name: '가입하기' }).tap();
  await waitForToast(page, `찰칵${n}님, 찰칵 회원이 되신 것을 환영합니다.`);
  await page.waitForURL((url) => url.pathname === '/');
  const user = await sessionUser(page);
  expect(user).toMatchObject({ logined: true, nickName: `찰칵${n}` });
  expect(user.userId).toMatch(/^kakao_/);
  await context.close();
});

/** Opens my-info from the home page's box and passes its password prompt, by keys only. */
async function openMyInfo(page: Page, password: string) {
  await page.goto('/');
  const mine = page.locator('.home-aside').getByRole('button', { name: '내 정보' });
  await mine.focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('.my-info-dialog');
  await dialog.getByRole('textbox', { name: '암호' }).waitFor();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await dialog.getByRole('heading', { name: '간편 로그인 연결' }).waitFor();
  return dialog;
}

it('on a desktop by the keyboard: links Naver from my-info, then unlinks it', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, DESKTOP);
  expect((await page.request.post('/api/login/do', { form: { userId: m.userId, password: m.password, remember: 'N' } })).ok()).toBe(true);
  let dialog = await openMyInfo(page, m.password);
  await dialog.getByText('연결된 카카오·네이버 계정이 없습니다.').waitFor();
  await expectAccessibleWithoutToasts(page);
  const link = dialog.getByRole('button', { name: '네이버 계정 연결하기' });
  await link.focus();
  await page.keyboard.press('Enter');

  await page.getByRole('heading', { name: '네이버 로그인' }).waitFor();
  await page.getByLabel('계정', { exact: true }).focus();
  await page.keyboard.type(`naver-e2e-${unique()}`);
  await page.getByRole('button', { name: '동의하고 계속하기' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('네이버 계정을 연결했습니다. 이제 네이버로 로그인할 수 있습니다.').waitFor();
  expect(await sessionUser(page)).toMatchObject({ logined: true, userId: m.userId });

  dialog = await openMyInfo(page, m.password);
  const row = dialog.locator('.linked-list li', { hasText: '네이버' });
  await row.getByText(/연결 · 최근 로그인|연결$/).waitFor();
  await shot(page, 'oauth-links-desktop');
  const unlink = dialog.getByRole('button', { name: '네이버 연결 해제' });
  await unlink.focus();
  await page.keyboard.press('Enter');
  await waitForToast(page, '네이버 계정 연결을 해제했습니다.');
  await dialog.getByRole('button', { name: '네이버 계정 연결하기' }).waitFor();
  await context.close();
});
