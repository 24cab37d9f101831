// Getting around: the drawer on a phone, shortcut keys, deep links that survive a reload,
// and scroll positions (top on navigation, restored on back/forward after 300 ms).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, newPage, PHONE, signUpByApi } from './browser.js';

// Browser globals used inside page.evaluate (this project type-checks without the DOM lib).
declare const window: { restoredAt?: number };
declare const document: { documentElement: { scrollHeight: number } };
declare const scrollY: number;
declare const innerHeight: number;
declare function scrollTo(x: number, y: number): void;
declare function requestAnimationFrame(cb: () => void): number;
declare function addEventListener(type: string, listener: () => void, options?: { passive?: boolean }): void;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const pathOf = (page: Page) => new URL(page.url()).pathname;
/** Two animation frames: the scroll events for what just scrolled have been delivered. */
const frames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  const drawer = page.locator('.menu-drawer');
  await drawer.getByRole('link', { name: /자유게시판/ }).waitFor();
  return drawer;
}

it('the drawer at 360 px: groups are headings, items navigate and close it, visitor vs member buttons', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE);
  await page.goto('/');
  expect(await page.getByRole('menubar').count()).toBe(0);
  const drawer = await openDrawer(page);
  // Polled: the drawer slides in from the left edge.
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
  expect((await drawer.boundingBox())?.width).toBeLessThanOrEqual(PHONE.width * 0.9 + 0.5);

  for (const group of ['커뮤니티', '장터', '사진', '제품 정보', '정보']) {
    const heading = drawer.getByRole('heading', { name: group, exact: true });
    await heading.waitFor();
    expect(await heading.locator('xpath=ancestor-or-self::a | .//a').count()).toBe(0);
    expect(await drawer.getByRole('link', { name: group, exact: true }).count()).toBe(0);
  }
  const free = drawer.getByRole('link', { name: /자유게시판/ });
  expect(await free.getAttribute('href')).toBe('/board/free/c0/list');
  expect(await free.locator('kbd').textContent()).toBe('F');
  // Visitors: the password-find button (and the login form), no member buttons.
  await drawer.getByRole('button', { name: '아이디/암호 찾기' }).waitFor();
  expect(await drawer.getByRole('button', { name: '쪽지함' }).count()).toBe(0);

  await free.click();
  await page.waitForURL('**/board/free/c0/list');
  await drawer.waitFor({ state: 'hidden' });
  await page.getByRole('heading', { level: 1, name: '자유게시판' }).waitFor();

  // Members: letters, scraps and my-info buttons instead of password-find.
  await page.request.post('/api/login/do', { form: { userId: m.userId, password: m.password, remember: 'N' } });
  await page.goto('/');
  await page.locator('.site-header').getByText(m.nickName).waitFor();
  const memberDrawer = await openDrawer(page);
  for (const name of ['쪽지함', '스크랩', '내 정보']) await memberDrawer.getByRole('button', { name }).waitFor();
  expect(await memberDrawer.getByRole('button', { name: '아이디/암호 찾기' }).count()).toBe(0);
  await memberDrawer.getByRole('button', { name: '쪽지함' }).click();
  await page.waitForURL('**/letter/receive');
  await memberDrawer.waitFor({ state: 'hidden' });
  await context.close();
});

it('shortcut keys: the menu badge key and H navigate, but not while typing or on a write page', async () => {
  const { page, context } = await newPage(browser);
  await page.goto('/');
  await page.getByRole('menubar').waitFor();
  // The key shown on the 자유게시판 item's badge.
  await page.getByRole('menubar').getByText('커뮤니티').click();
  const item = page.locator('.top-menu a', { hasText: '자유게시판' });
  await item.waitFor();
  const key = (await item.locator('kbd.shortkey').textContent())?.trim() ?? '';
  expect(key).toBe('F');
  // Close the menu and leave it: inside the menu bar the letters belong to the menu.
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { level: 1 }).click();
  await item.waitFor({ state: 'hidden' });

  await page.keyboard.press(key.toLowerCase());
  await page.waitForURL('**/board/free/c0/list');
  await page.getByRole('heading', { level: 1, name: '자유게시판' }).waitFor();
  await page.keyboard.press('h');
  await page.waitForURL((u) => u.pathname === '/');

  // Typing in a field: the letter goes into the field.
  const userId = page.locator('.home-aside').getByLabel('아이디');
  await userId.click();
  await page.keyboard.press('f');
  await page.keyboard.press('h');
  expect(await userId.inputValue()).toBe('fh');

  // On a write page the keys are the writer's.
  await page.goto('/board/free/write');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.keyboard.press('h');
  await page.keyboard.press('f');
  // Nothing to wait for but time: a shortcut would have navigated by now.
  await page.waitForTimeout(300);
  expect(pathOf(page)).toBe('/board/free/write');
  await context.close();
});

it('deep links render after a reload, and the error page shows its message', async () => {
  const { page, context } = await newPage(browser);
  const first = await page.goto('/board/free/c0/list');
  expect(first?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: '자유게시판' }).waitFor();
  const again = await page.reload();
  expect(again?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: '자유게시판' }).waitFor();
  await page.locator('footer').getByText('Since 2000').waitFor();

  const message = '요청하신 글이 삭제되었습니다 (#12)';
  const err = await page.goto(`/error/${encodeURIComponent(message)}`);
  expect(err?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: '오류' }).waitFor();
  expect(await page.locator('.notice-message').innerText()).toBe(message);
  await page.reload();
  await expect.poll(() => page.locator('.notice-message').innerText()).toBe(message);
  expect(await page.title()).toContain('오류');
  await context.close();
});

it('navigation scrolls to the top; back and forward restore the position after 300 ms', async () => {
  const { page, context } = await newPage(browser, { width: PHONE.width, height: 480 });
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  const join = page.locator('.home-aside').getByRole('link', { name: '회원가입' });
  await join.scrollIntoViewIfNeeded();
  await frames(page);
  expect(await page.evaluate(() => scrollY)).toBeGreaterThan(200);
  const homeY = await page.evaluate(() => scrollY);

  await join.click();
  await page.getByRole('heading', { level: 1, name: '회원 가입' }).waitFor();
  // The join page scrolls too (a kept position would show as its bottom, not 0).
  expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeGreaterThan(400);
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
  await page.evaluate(() => scrollTo(0, 400));
  await frames(page);
  expect(await page.evaluate(() => scrollY)).toBe(400);

  // Record when the restoring scroll happens, measured from the back navigation.
  const restoredAfter = async (go: () => Promise<unknown>, y: number) => {
    await page.evaluate((target) => {
      const start = performance.now();
      window.restoredAt = undefined;
      const on = () => {
        if (Math.abs(scrollY - target) < 1 && window.restoredAt === undefined) window.restoredAt = performance.now() - start;
      };
      addEventListener('scroll', on, { passive: true });
    }, y);
    await go();
    await expect.poll(() => page.evaluate(() => scrollY)).toBeCloseTo(y, 0);
    return page.evaluate(() => window.restoredAt ?? -1);
  };

  const back = await restoredAfter(() => page.goBack(), homeY);
  expect(pathOf(page)).toBe('/');
  expect(back).toBeGreaterThanOrEqual(280);
  expect(back).toBeLessThan(2_000);

  const forward = await restoredAfter(() => page.goForward(), 400);
  expect(pathOf(page)).toBe('/user/join');
  expect(forward).toBeGreaterThanOrEqual(280);
  await context.close();
});
