// Member management end to end: the admin finds a member by id, opens their panel, adjusts their
// points with a reason and suspends them; the member's login then shows the reason and end date;
// the admin restores them and the login works again. At 1280 and 360 px, keyboard only once, axe
// on the list and the panel; screenshots in /tmp/shots/admin-users-*.png.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, newPage, PHONE, signUpByApi, waitForToast } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const SHOTS = '/tmp/shots';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The member's row in the list after a search by their id. */
async function findMember(page: Page, userId: string) {
  await page.goto('/system/user/list');
  await page.getByRole('heading', { level: 1, name: '회원 관리' }).waitFor();
  await page.getByLabel('검색어').fill(userId);
  await page.getByLabel('검색어').press('Enter');
  await page.waitForURL('**/system/user/list?q=*');
  const row = page.locator('.admin-table tbody tr', { hasText: userId });
  await row.waitFor();
  return row;
}

/** Accepts the confirmation that every action asks for. */
async function confirmYes(page: Page) {
  const dialog = page.getByRole('alertdialog').or(page.locator('.p-confirm-dialog'));
  await dialog.getByRole('button', { name: '예' }).click();
}

it('the admin finds a member, adjusts points with a reason, suspends them; the login shows why; restore lets them back', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, DESKTOP);
  await loginByApi(page, 'admin', inject('adminPassword'));
  const row = await findMember(page, m.userId);
  await shot(page, 'admin-users-1280');
  await expectAccessibleWithoutToasts(page);

  // Keyboard only: the row's 보기 button opens the panel; Escape closes it and focus comes back.
  const open = row.getByRole('button', { name: `${m.nickName} 회원 보기` });
  await open.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: `회원 정보: ${m.nickName}` });
  await panel.getByText(m.email).waitFor();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.getAttribute("aria-label")')).toBe(`${m.nickName} 회원 보기`);

  await open.click();
  await panel.getByText(m.email).waitFor();
  await page.waitForTimeout(400); // the dialog's fade-in
  await shot(page, 'admin-users-panel-1280');
  await expectAccessible(page);

  // Points: a reason is required (marked at the field), then +500 with a reason.
  await panel.getByRole('button', { name: '포인트 조정' }).click();
  const pts = page.getByRole('dialog', { name: '포인트 조정' });
  await pts.getByLabel('더하거나 뺄 포인트').fill('500');
  await pts.getByRole('button', { name: '저장' }).click();
  await expect.poll(() => pts.getByLabel('사유').getAttribute('aria-invalid')).toBe('true');
  await pts.getByLabel('사유').fill('사진전 입상');
  await pts.getByRole('button', { name: '저장' }).click();
  await confirmYes(page);
  await waitForToast(page, '포인트를 조정했습니다.');
  await pts.waitFor({ state: 'detached' });
  await panel.getByRole('tab', { name: '포인트 내역' }).click();
  await panel.getByRole('cell', { name: '사진전 입상' }).waitFor();
  await panel.getByRole('cell', { name: '+500' }).waitFor();
  await panel.getByRole('tab', { name: '기본 정보' }).click();

  // Suspend for 7 days with a reason.
  await panel.getByRole('button', { name: '이용 정지' }).click();
  const sus = page.getByRole('dialog', { name: '이용 정지' });
  await sus.getByLabel('정지 기간 (일)').fill('7');
  await sus.getByLabel('정지 사유', { exact: true }).fill('광고 글 반복');
  await page.waitForTimeout(400); // the dialog's fade-in
  await shot(page, 'admin-users-suspend-1280');
  await expectAccessible(page);
  await sus.getByRole('button', { name: '저장' }).click();
  await confirmYes(page);
  await waitForToast(page, '이용을 정지했습니다.');
  await sus.waitFor({ state: 'detached' });
  await panel.getByText('광고 글 반복').waitFor();
  await panel.getByRole('button', { name: '정지 해제' }).waitFor();

  // The member's login (the home page's box) shows the reason and the end date.
  const { page: mp, context: mc } = await newPage(browser, DESKTOP);
  await mp.goto('/');
  await mp.locator('.site-header').getByRole('button', { name: '로그인', exact: true }).click();
  const login = mp.getByRole('dialog', { name: '로그인' });
  await login.getByLabel('아이디').fill(m.userId);
  await login.getByLabel('암호', { exact: true }).fill(m.password);
  await login.getByLabel('암호', { exact: true }).press('Enter');
  await mp.locator('.club-toast').getByText(/이용이 정지된 계정입니다\. 사유: 광고 글 반복 \(\d{4}-\d\d-\d\d까지\)/).waitFor();
  await shot(mp, 'admin-users-suspended-login-1280');

  // Restore: confirmed, and the member can log in again.
  await panel.getByRole('button', { name: '정지 해제' }).click();
  await confirmYes(page);
  await waitForToast(page, '정지를 해제했습니다.');
  await panel.getByRole('button', { name: '이용 정지' }).waitFor();
  const again = await mp.request.post('/api/login/do', { form: { userId: m.userId, password: m.password, remember: 'N' } });
  expect(again.ok()).toBe(true);
  await mc.close();
  await context.close();
});

it('the member list and panel at 360 px', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, 'admin', inject('adminPassword'));
  const row = await findMember(page, m.userId);
  await shot(page, 'admin-users-360');
  await expectAccessibleWithoutToasts(page);
  await row.getByRole('button', { name: `${m.nickName} 회원 보기` }).click();
  const panel = page.getByRole('dialog', { name: `회원 정보: ${m.nickName}` });
  await panel.getByText(m.email).waitFor();
  await page.waitForTimeout(400);
  await shot(page, 'admin-users-panel-360');
  await expectAccessible(page);
  await panel.getByRole('button', { name: '정보 수정' }).click();
  const edit = page.getByRole('dialog', { name: '회원 정보 수정' });
  await edit.getByLabel('닉네임').fill('운영자');
  await edit.getByRole('button', { name: '저장' }).click();
  await confirmYes(page);
  // The server's refusal is shown at the nickname field.
  await expect.poll(() => edit.getByLabel('닉네임').getAttribute('aria-invalid')).toBe('true');
  await edit.getByText('사용할 수 없는 닉네임입니다.').first().waitFor();
  await page.locator('.p-confirm-dialog').waitFor({ state: 'detached' });
  await shot(page, 'admin-users-edit-360');
  await context.close();

  // A member who opens the page sees the error page, and the call is refused.
  const { page: mp, context: mc } = await newPage(browser);
  await loginByApi(mp, m.userId, m.password);
  await mp.goto('/system/user/list');
  await mp.waitForURL('**/error/**');
  expect((await mp.request.post('/api/admin/user/list', { data: {} })).status()).toBe(403);
  await mc.close();
});
