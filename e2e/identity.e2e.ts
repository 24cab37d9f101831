// Real-name verification through the sandbox provider: the my-info button flips from
// unverified to verified, and a failed verification lands on the fail page with its message.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, launch, loginInline, newPage, PHONE, sessionUser, shot, signUpByApi } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function openMyInfo(page: Page, password: string) {
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).click();
  const dialog = page.locator('.my-info-dialog');
  const field = dialog.getByLabel('암호', { exact: true });
  await field.fill(password);
  await field.press('Enter');
  await dialog.getByLabel('닉네임', { exact: true }).waitFor();
  return dialog;
}

async function fillSandbox(page: Page, outcome: '성공' | '실패') {
  await page.getByRole('heading', { name: /시험용 본인 확인/ }).waitFor();
  await page.getByLabel('이름').fill('홍길동');
  await page.getByLabel('생년월일 (8자리)').fill('19700101');
  await page.getByLabel(outcome).check();
}

it('sandbox verification flips the my-info button to verified', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await loginInline(page, m.userId, m.password);

  let dialog = await openMyInfo(page, m.password);
  await dialog.getByRole('button', { name: '실명 미인증 — 인증하기' }).click();
  await page.waitForURL('**/user/nice/check');
  await dialog.waitFor({ state: 'hidden' });

  // Bad input is refused before anything is sent.
  await page.getByRole('heading', { name: /시험용 본인 확인/ }).waitFor();
  await page.getByRole('button', { name: '확인' }).click();
  await page.locator('.club-toast').getByText(/이름/).first().waitFor();

  await fillSandbox(page, '성공');
  await expectAccessible(page);
  await shot(page, 'identity-sandbox');
  await page.getByRole('button', { name: '확인' }).click();
  await page.waitForURL('**/user/nice/success');
  await page.getByText('본인 확인이 완료되었습니다.').first().waitFor();
  const session = await sessionUser(page);
  expect(session.real).toBe(true);

  await page.goto('/');
  dialog = await openMyInfo(page, m.password);
  await dialog.getByText('실명 인증 완료').waitFor();
  expect(await dialog.getByRole('button', { name: '실명 미인증 — 인증하기' }).count()).toBe(0);
  await context.close();
});

it('a failed sandbox verification shows the fail page and changes nothing (360 px)', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE);
  await loginInline(page, m.userId, m.password);
  await page.goto('/user/nice/check');
  await fillSandbox(page, '실패');
  await page.getByRole('button', { name: '확인' }).click();
  await page.waitForURL('**/user/nice/fail**');
  await page.getByRole('heading', { name: '본인 확인을 완료하지 못했습니다' }).waitFor();
  await expectAccessible(page);
  await shot(page, 'identity-fail-360');
  const session = await sessionUser(page);
  expect(session.real).toBe(false);
  await context.close();
});

it('logged out, the check page asks for a login', async () => {
  const { page, context } = await newPage(browser);
  await page.goto('/user/nice/check');
  await page.getByText('본인 확인은 로그인한 회원만 할 수 있습니다.').waitFor();
  await context.close();
});
