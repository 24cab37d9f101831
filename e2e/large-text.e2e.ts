// Large text and zoom (issue 26, WCAG 1.4.4 and 1.4.10): the 큰 글씨 switch in the phone's drawer
// and the desktop header menu raises the root font size, remembered on the device; and every
// route at 320 px wide (a 640 px window at 200 % zoom) with 큰 글씨 on, as a visitor and a member,
// has no page scrolling sideways and nothing past the screen's edge (e2e/target-audit.ts).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, launch, loginByApi, newPage, PHONE } from './browser.js';
import { filledRoutes, makeSample, open, type Sample } from './route-walk.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
let sample: Sample;

beforeAll(async () => {
  browser = await launch();
  sample = await makeSample(browser);
}, 60_000);
afterAll(() => browser?.close());

const rootFontSize = (page: Page) => page.evaluate<string>('getComputedStyle(document.documentElement).fontSize');
const HOME = '찰칵에 오신 것을 환영합니다';

it('the drawer\'s 큰 글씨 switch at 360 px raises the text size, is announced as on, and holds after a reload', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, sample.member.userId, sample.member.password);
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: HOME }).waitFor();
  expect(await rootFontSize(page)).toBe('16px');
  const heading = () => page.evaluate<number>('parseFloat(getComputedStyle(document.querySelector("main h1")).fontSize)');
  const usualHeading = await heading();

  await page.getByRole('button', { name: '메뉴 열기' }).tap();
  const toggle = page.locator('.menu-drawer').getByRole('switch', { name: '큰 글씨' });
  expect(await toggle.getAttribute('aria-checked')).toBe('false');
  // The words and the track are one target, the drawer's width and a thumb's height.
  const box = (await toggle.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(200);
  await toggle.tap();
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
  expect(await rootFontSize(page)).toBe('20px');
  await expectAccessible(page);

  await page.reload();
  await page.getByRole('heading', { level: 1, name: HOME }).waitFor();
  expect(await rootFontSize(page)).toBe('20px');
  // Text sized in rem follows the root: the page's heading grows with it.
  expect(await heading()).toBeCloseTo(usualHeading * 1.25);
  await page.getByRole('button', { name: '메뉴 열기' }).tap();
  expect(await toggle.getAttribute('aria-checked')).toBe('true');
  await toggle.tap();
  await expect.poll(() => rootFontSize(page)).toBe('16px');
  expect(await page.evaluate<string | null>('localStorage.getItem("chalkak.textSize")')).toBeNull();
  await context.close();
});

it('the header menu at 1280 px holds 큰 글씨 as a checkable item that says whether it is on', async () => {
  const { page, context } = await newPage(browser, DESKTOP);
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: HOME }).waitFor();
  const openMenu = () => page.locator('.site-header').getByRole('button', { name: /^화면 모드/ }).click();
  await openMenu();
  const item = page.getByRole('menuitemcheckbox', { name: '큰 글씨' });
  expect(await item.getAttribute('aria-checked')).toBe('false');
  await item.click();
  await expect.poll(() => rootFontSize(page)).toBe('20px');
  await openMenu();
  expect(await item.getAttribute('aria-checked')).toBe('true');
  await page.keyboard.press('Escape');
  await context.close();
});

/** Every route with 큰 글씨 on at 320 px: what scrolls the page sideways or reaches past the edge. */
async function walk(role: string, context: BrowserContext, page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const path of filledRoutes(sample)) {
    await open(page, path);
    const { scroll, client } = await page.evaluate<{ scroll: number; client: number }>(
      '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
    );
    if (scroll > client) found.push(`${role} ${path}: the page scrolls sideways (${scroll} > ${client})`);
    // The outermost few name the fault; everything inside them is past the edge too.
    const wide = (await auditTargets(page)).filter((f) => f.kind === 'wide').slice(0, 3);
    for (const f of wide) found.push(`${role} ${path}: past the edge ${f.what} ${f.width}×${f.height}`);
  }
  await context.close();
  return found;
}

it('every route at 320 px with 큰 글씨 on, as a visitor and a member, has no sideways scroll and nothing past the edge', { timeout: 120_000 }, async () => {
  const narrow = { width: 320, height: 640 };
  const large = (context: BrowserContext) => context.addInitScript('localStorage.setItem("chalkak.textSize", "large")');
  const visitor = await newPage(browser, narrow, { touch: true });
  const member = await newPage(browser, narrow, { touch: true });
  await Promise.all([large(visitor.context), large(member.context)]);
  await loginByApi(member.page, sample.member.userId, sample.member.password);
  await open(member.page, '/');
  expect(await rootFontSize(member.page)).toBe('20px');
  const found = (await Promise.all([walk('visitor', visitor.context, visitor.page), walk('member', member.context, member.page)])).flat();
  expect(found).toEqual([]);
});
