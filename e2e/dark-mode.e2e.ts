// Dark mode: with the system set to dark the home, a board list, a post view, the login popup and
// an admin page pass axe (colour contrast included) at phone and desktop width; the header
// menu (and on a phone the drawer) switches between the system setting, light and dark, and
// the choice is remembered after a reload. The post editor, the letter dialog and drawer, the
// product list and view, every admin page, /donate/thanks and /api/docs pass axe in dark too
// (colours do not change with the width, so each of the last ones at one width).
// Screenshots go to /tmp/shots/dark-*.png and dark2-*.png.
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
  // The API reference lists every call: its first screen is enough for a picture.
  const fullPage = !name.includes('api-docs');
  await page.screenshot({ path: `${SHOTS}/${name.startsWith('dark2-') ? name : `dark-${name}`}.png`, fullPage });
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
    await page.locator('.site-header').getByRole('button', { name: '로그인', exact: true }).click();
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

/** Waits for a page's heading and for its data to arrive (no skeleton left). */
async function settle(page: Page, ready: string) {
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect.poll(() => page.locator('.p-skeleton').count()).toBe(0);
}

async function check(page: Page, url: string, ready: string, name: string) {
  await page.goto(url);
  await settle(page, ready);
  // The API reference is a plain server page with its own dark colours.
  if (!url.startsWith('/api/')) expect(await background(page)).toBe(DARK_BG);
  await expectAccessible(page);
  await shot(page, name);
}

// The rest of the site in dark: what members write and read, products, the admin pages, the
// donation thanks and the API reference. Screenshots go to /tmp/shots/dark2-*.png.
const ADMIN_PAGES = [
  ['/system/product/list', 'products'],
  ['/system/product/map/list', 'product-map'],
  ['/system/menu/list', 'menus'],
  ['/system/audit/list', 'audit'],
  ['/system/user/list', 'members'],
  ['/system/setup/info', 'setup'],
  ['/system/logo/list', 'logos'],
  ['/system/donate/list', 'donations'],
  ['/system/report/list', 'reports'],
] as const;

for (const [label, viewport] of [
  ['360', PHONE],
  ['1280', DESKTOP],
] as const) {
  it(`the post editor and the letter dialog and drawer pass axe in dark at ${label} px`, { timeout: 120_000 }, async () => {
    const sender = await signUpByApi();
    const member = await signUpByApi();
    const { page: sp, context: sc } = await darkPage(viewport);
    await loginByApi(sp, sender.userId, sender.password);
    const sent = await sp.request.post('/api/letter/send/save', { data: { receiver: member.nickName, subject: '어두운 화면 쪽지', content: '밤 출사 안내' } });
    expect(sent.ok(), await sent.text()).toBe(true);
    await sc.close();

    const { page, context } = await darkPage(viewport);
    await loginByApi(page, member.userId, member.password);
    await check(page, '/board/free/write', '.ProseMirror', `dark2-write-${label}`);
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('어두운 화면에서 쓰는 글');
    await expectAccessible(page);

    await page.goto('/letter/send');
    await settle(page, 'h1');
    await page.getByRole('button', { name: '쪽지 쓰기' }).click();
    await page.locator('.compose-dialog').getByLabel('받는 사람').waitFor();
    await page.waitForTimeout(300); // the dialog's fade-in
    await expectAccessible(page);
    await shot(page, `dark2-letter-compose-${label}`);
    await page.keyboard.press('Escape');

    await page.goto('/');
    await page.locator('.site-header').getByRole('button', { name: '신규 쪽지 1통' }).click();
    await page.locator('.letters-drawer .unread-letter').first().waitFor();
    await page.waitForTimeout(300);
    await expectAccessible(page);
    await shot(page, `dark2-letter-drawer-${label}`);
    await context.close();
  });

  // Contrast does not change with the width: each page below is checked at one of the two.
  it(`the ${label === '360' ? 'product list and view' : 'donation thanks and the API reference'} pass axe in dark at ${label} px`, { timeout: 120_000 }, async () => {
    const { page, context } = await darkPage(viewport);
    if (label === '360') {
      await check(page, '/info/lens/all/list', '.product-card:not(.product-card-skeleton)', `dark2-product-list-${label}`);
      const href = await page.locator('.product-card:not(.product-card-skeleton) a').first().getAttribute('href');
      await check(page, href ?? '/info/lens/all/list', 'h1', `dark2-product-view-${label}`);
    } else {
      await check(page, '/donate/thanks', 'h1', `dark2-donate-thanks-${label}`);
      await check(page, '/api/docs', 'h1', `dark2-api-docs-${label}`);
    }
    await context.close();
  });

  it(`half of the admin pages pass axe in dark at ${label} px, the other half at the other width`, { timeout: 120_000 }, async () => {
    const { page, context } = await darkPage(viewport);
    await loginByApi(page, 'admin', inject('adminPassword'));
    const half = ADMIN_PAGES.filter((_, i) => i % 2 === (label === '360' ? 0 : 1));
    for (const [url, name] of half) await check(page, url, 'h1', `dark2-admin-${name}-${label}`);
    await context.close();
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
  // The browser bar follows the choice: only the light theme-color applies.
  expect(await page.locator('meta[name="theme-color"][media="all"]').getAttribute('content')).toBe('#1d4ed8');
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
