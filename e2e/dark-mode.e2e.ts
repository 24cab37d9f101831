// Dark mode: with the system set to dark the home, a board list, a post view, the login popup and
// an admin page pass axe (colour contrast included) at phone and desktop width; the header
// menu (and on a phone the drawer) switches between the system setting, light and dark, and
// the choice is remembered after a reload. Screenshots go to /tmp/shots/dark-*.png.
import { mkdirSync } from 'node:fs';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { baseURL, DESKTOP, expectAccessible, launch, loginByApi, PHONE, signUpByApi } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const SHOTS = '/tmp/shots';

async function darkPage(viewport: typeof DESKTOP, colorScheme: 'dark' | 'light' = 'dark') {
  const context = await browser.newContext({ baseURL: baseURL(), viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul', colorScheme });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  return { context, page };
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/dark-${name}.png`, fullPage: true });
}

/** The page background the visitor sees: dark is the near-black of the dark palette. */
const background = (page: Page) => page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
const DARK_BG = 'rgb(17, 24, 39)';
const LIGHT_BG = 'rgb(248, 250, 252)';

let postPath = '';
beforeAll(async () => {
  const writer = await signUpByApi();
  const { page, context } = await darkPage(DESKTOP);
  await loginByApi(page, writer.userId, writer.password);
  const saved = await page.request.post('/api/board/save', {
    data: { boardId: 'free', category: 'c1', subject: '밤하늘 별 궤적 촬영기', content: '<p>삼각대를 세우고 <a href="/all/list">한 시간</a> 동안 찍었습니다.</p><blockquote>인용 문단</blockquote>' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  postPath = `/board/free/view/${((await saved.json()) as { key: number }).key}`;
  await context.close();
});

for (const [label, viewport] of [
  ['360', PHONE],
  ['1280', DESKTOP],
] as const) {
  it(`with the system in dark mode the home, a board list, a post, the login popup and an admin page pass axe at ${label} px`, async () => {
    const { page, context } = await darkPage(viewport);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: '찰칵에 오신 것을 환영합니다' }).waitFor();
    expect(await background(page)).toBe(DARK_BG);
    await expectAccessible(page);
    await shot(page, `home-${label}`);

    await page.goto('/board/free/c0/list');
    await page.getByRole('heading', { level: 1, name: '자유게시판' }).waitFor();
    await page.locator('.list-body').getByText('밤하늘 별 궤적 촬영기').first().waitFor();
    await expectAccessible(page);
    await shot(page, `board-list-${label}`);

    await page.goto(postPath);
    await page.getByRole('heading', { name: '밤하늘 별 궤적 촬영기' }).waitFor();
    await expectAccessible(page);
    await shot(page, `post-${label}`);

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: '찰칵에 오신 것을 환영합니다' }).waitFor();
    await page.locator('.site-header').getByRole('button', { name: '로그인' }).click();
    await page.getByRole('dialog', { name: '로그인' }).getByLabel('아이디').waitFor();
    await expectAccessible(page);
    await shot(page, `login-popup-${label}`);
    await context.close();

    const admin = await darkPage(viewport);
    await loginByApi(admin.page, 'admin', inject('adminPassword'));
    await admin.page.goto('/system/board/list');
    await admin.page.getByRole('heading', { level: 1, name: '게시판 관리' }).waitFor();
    await admin.page.locator('.admin-table tbody tr').first().waitFor();
    await expectAccessible(admin.page);
    await shot(admin.page, `admin-boards-${label}`);
    await admin.context.close();
  });
}

it('the header menu switches to light and back to the system setting, remembered after a reload (1280 px)', async () => {
  const { page, context } = await darkPage(DESKTOP);
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: '찰칵에 오신 것을 환영합니다' }).waitFor();
  const button = page.locator('.site-header').getByRole('button', { name: '화면 모드: 시스템 설정 따르기' });
  await button.click();
  await page.getByRole('menuitem', { name: '밝게' }).click();
  await page.locator('.site-header').getByRole('button', { name: '화면 모드: 밝게' }).waitFor();
  expect(await background(page)).toBe(LIGHT_BG);
  await expectAccessible(page);
  await shot(page, 'chosen-light-1280');

  await page.reload();
  await page.getByRole('heading', { level: 1, name: '찰칵에 오신 것을 환영합니다' }).waitFor();
  expect(await page.evaluate<string | undefined>('document.documentElement.dataset.theme')).toBe('light');
  expect(await background(page)).toBe(LIGHT_BG);

  // The keyboard alone: open the menu, move to 시스템 설정 따르기 and choose it.
  await page.locator('.site-header').getByRole('button', { name: '화면 모드: 밝게' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: '시스템 설정 따르기' }).waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.site-header').getByRole('button', { name: '화면 모드: 시스템 설정 따르기' }).waitFor();
  expect(await background(page)).toBe(DARK_BG);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: '찰칵에 오신 것을 환영합니다' }).waitFor();
  expect(await background(page)).toBe(DARK_BG);
  await context.close();
});

it('on a phone the drawer offers the three choices; 어둡게 holds on a light system after a reload (360 px)', async () => {
  const { page, context } = await darkPage(PHONE, 'light');
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: '찰칵에 오신 것을 환영합니다' }).waitFor();
  expect(await background(page)).toBe(LIGHT_BG);
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  const group = page.locator('.menu-drawer').getByRole('group', { name: '화면 모드' });
  await group.getByRole('button', { name: '어둡게' }).click();
  await expect.poll(() => group.getByRole('button', { name: '어둡게' }).getAttribute('aria-pressed')).toBe('true');
  expect(await background(page)).toBe(DARK_BG);
  await expectAccessible(page);
  await shot(page, 'drawer-360');

  await page.reload();
  await page.getByRole('heading', { level: 1, name: '찰칵에 오신 것을 환영합니다' }).waitFor();
  expect(await background(page)).toBe(DARK_BG);
  await context.close();
});
