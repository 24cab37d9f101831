// Toasts (docs/product/site.md#messages-confirmations-and-loading): bottom-left, club title line, 3 s life, hover pauses and keeps the time
// left, the close button closes; a failed login is the real trigger. The global confirmation
// (docs/product/site.md#messages-confirmations-and-loading): modal, 400px, default focus, Escape closes; withdrawal is the flow that uses it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, launch, newPage, sessionUser, signUpByApi } from './browser.js';

// The browser's document, inside page.evaluate (this project type-checks without the DOM lib).
declare const document: { activeElement: { textContent: string | null } | null };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const WRONG = '아이디 또는 암호가 올바르지 않습니다.';

async function failLogin(page: Page, userId: string) {
  const box = page.locator('.home-aside');
  await box.getByLabel('아이디').fill(userId);
  await box.getByLabel('암호', { exact: true }).fill('not-the-password-1');
  await box.getByLabel('암호', { exact: true }).press('Enter');
  const message = page.locator('.club-toast .p-toast-message').filter({ hasText: WRONG });
  await message.waitFor();
  return message;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('a failed login shows a Korean error toast bottom-left that closes itself after about 3 s', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await page.goto('/');
  const message = await failLogin(page, m.userId);
  const shownAt = Date.now();
  expect(await message.getAttribute('class')).toContain('p-toast-message-error');
  // The club title line above the detail.
  expect(await message.locator('.p-toast-summary').innerText()).toBe('찰칵');
  const box = await message.boundingBox();
  expect(box?.x).toBeLessThan(DESKTOP.width / 4);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(DESKTOP.height * 0.75);
  await expectAccessible(page);
  // Still logged out.
  await page.locator('.site-header').getByRole('button', { name: '로그인', exact: true }).waitFor();

  await message.waitFor({ state: 'detached', timeout: 6_000 });
  const life = Date.now() - shownAt;
  expect(life).toBeGreaterThan(2_400);
  expect(life).toBeLessThan(4_500);
  // The layer is released once the last message has gone.
  await page.locator('.club-toast').waitFor({ state: 'detached' });
  await context.close();
});

it('hovering a toast pauses it and leaving resumes with the time that was left', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await page.goto('/');
  const message = await failLogin(page, m.userId);
  await sleep(1_500);
  await message.hover();
  // Longer than a whole life: only a paused timer keeps it.
  await sleep(3_000);
  expect(await message.count()).toBe(1);
  await page.mouse.move(DESKTOP.width - 10, 10);
  const leftAt = Date.now();
  await message.waitFor({ state: 'detached', timeout: 6_000 });
  const rest = Date.now() - leftAt;
  // About 1.5 s were left; a restarted timer would take the full 3 s.
  expect(rest).toBeGreaterThan(700);
  expect(rest).toBeLessThan(2_700);
  await context.close();
});

it('the close button closes a toast at once; a missing field is an info toast', async () => {
  const { page, context } = await newPage(browser);
  await page.goto('/');
  const box = page.locator('.home-aside');
  await box.getByRole('button', { name: '로그인', exact: true }).click();
  const info = page.locator('.club-toast .p-toast-message-info');
  await info.filter({ hasText: /아이디.*필수 입력 항목입니다/ }).waitFor();
  const closedAt = Date.now();
  await info.getByRole('button').click();
  await info.waitFor({ state: 'detached' });
  expect(Date.now() - closedAt).toBeLessThan(1_500);
  await context.close();
});

it('the confirmation is modal and 400px wide; Enter on the focused 취소 and Escape both decline', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await page.request.post('/api/login/do', { form: { userId: m.userId, password: m.password, remember: 'N' } });
  await page.goto('/');
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).click();
  const myInfo = page.locator('.my-info-dialog');
  await myInfo.getByLabel('암호', { exact: true }).fill(m.password);
  await myInfo.getByLabel('암호', { exact: true }).press('Enter');
  await myInfo.getByRole('button', { name: '회원 탈퇴' }).click();
  const out = page.locator('.withdrawal-dialog');
  await out.getByLabel('암호', { exact: true }).fill(m.password);

  const confirm = page.locator('.p-confirm-dialog');
  const ask = async () => {
    await out.getByRole('button', { name: '탈퇴' }).click();
    await confirm.getByText('회원 탈퇴를 진행할까요?').waitFor();
  };
  await ask();
  await expect.poll(async () => (await confirm.boundingBox())?.width).toBeCloseTo(400, 0);
  // Modal: a mask covers the page under it.
  expect(await page.locator('.p-dialog-mask.p-component-overlay', { has: confirm }).count()).toBe(1);
  await expectAccessible(page);
  // Focus starts on 취소 for this irreversible step, so Enter declines.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('취소');
  await page.keyboard.press('Enter');
  await confirm.waitFor({ state: 'hidden' });
  expect((await sessionUser(page)).logined).toBe(true);

  await ask();
  await page.keyboard.press('Escape');
  await confirm.waitFor({ state: 'hidden' });
  // Escape closed the confirmation only; the withdrawal dialog waits and the account remains.
  await out.getByLabel('암호', { exact: true }).waitFor();
  expect(await sessionUser(page)).toMatchObject({ logined: true, userId: m.userId });
  await context.close();
});
