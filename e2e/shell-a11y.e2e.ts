// Accessibility scans (axe: no serious or critical findings) and screenshots of the shell's
// screens at phone and desktop width.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, launch, newPage, PHONE, shot, signUpByApi } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const ERROR_TEXT = '게시글을 찾을 수 없습니다';

async function open(page: Page, path: string, ready: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: ready }).waitFor();
}

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  const drawer = page.locator('.menu-drawer');
  await drawer.getByRole('link', { name: /자유게시판/ }).waitFor();
  return drawer;
}

for (const [label, viewport] of [
  ['360', PHONE],
  ['1280', DESKTOP],
] as const) {
  it(`home, join, info, error and a placeholder page pass axe at ${label} px`, async () => {
    const { page, context } = await newPage(browser, viewport);
    await open(page, '/', '찰칵에 오신 것을 환영합니다');
    // The menu (bar or drawer button) is part of what is scanned.
    if (viewport === DESKTOP) await page.getByRole('menubar').waitFor();
    await expectAccessible(page);
    await shot(page, `home-${label}`);

    await open(page, '/user/join', '회원 가입');
    await expectAccessible(page);
    await shot(page, `join-${label}`);

    await open(page, `/info/${encodeURIComponent('회원 가입이 완료되었습니다.')}`, '안내');
    await expectAccessible(page);

    await open(page, `/error/${encodeURIComponent(ERROR_TEXT)}`, '오류');
    await expect.poll(() => page.locator('.notice-message').innerText()).toBe(ERROR_TEXT);
    await expectAccessible(page);
    await shot(page, `error-${label}`);

    await open(page, '/all/list', '전체 새 글');
    await expectAccessible(page);
    await context.close();
  });

  it(`the login popup passes axe at ${label} px`, async () => {
    const { page, context } = await newPage(browser, viewport);
    await open(page, '/', '찰칵에 오신 것을 환영합니다');
    await page.locator('.site-header').getByRole('button', { name: '로그인' }).click();
    await page.getByRole('dialog', { name: '로그인' }).getByLabel('아이디').waitFor();
    await expectAccessible(page);
    await shot(page, `login-popup-${label}`);
    await context.close();
  });
}

it('the drawer passes axe at 360 px, logged out and logged in', async () => {
  const member = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE);
  await open(page, '/', '찰칵에 오신 것을 환영합니다');
  await openDrawer(page);
  await expectAccessible(page);
  await shot(page, 'drawer-360');

  const res = await page.request.post('/api/login/do', { form: { userId: member.userId, password: member.password, remember: 'N' } });
  expect(res.ok()).toBe(true);
  await page.reload();
  await page.locator('.site-header').getByText(member.nickName).waitFor();
  await openDrawer(page);
  await page.locator('.menu-drawer').getByRole('button', { name: '쪽지함' }).waitFor();
  await expectAccessible(page);
  await shot(page, 'drawer-member-360');
  await context.close();
});
