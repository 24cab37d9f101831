// No English reaches members: every route of web/routes.tsx, opened on a desktop as a visitor, a
// member and the administrator, names its controls in Korean (e2e/korean-words.ts). The phone walk
// (e2e/phone-targets.e2e.ts) reads the same at 360 px.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launch, loginByApi, newPage } from './browser.js';
import { watchLabels } from './korean-words.js';
import { filledRoutes, makeSample, open, type Sample } from './route-walk.js';

let browser: Browser;
let sample: Sample;

beforeAll(async () => {
  browser = await launch();
  sample = await makeSample(browser);
}, 60_000);
afterAll(() => browser?.close());

async function scan(role: string, context: BrowserContext, page: Page): Promise<string[]> {
  const labels = watchLabels(page);
  const found: string[] = [];
  for (const path of filledRoutes(sample)) {
    labels.reset();
    await open(page, path);
    for (const f of await labels.english()) found.push(`${role} ${path}: ${f}`);
  }
  await context.close();
  return found;
}

it('every route names its controls in Korean for a visitor, a member and the administrator', { timeout: 180_000 }, async () => {
  const visitor = await newPage(browser);
  const mine = await newPage(browser);
  await loginByApi(mine.page, sample.member.userId, sample.member.password);
  const admin = await newPage(browser);
  await loginByApi(admin.page, 'admin', inject('adminPassword'));
  // The three walk side by side: one browser, three contexts.
  const found = (await Promise.all([scan('visitor', visitor.context, visitor.page), scan('member', mine.context, mine.page), scan('admin', admin.context, admin.page)])).flat();
  expect([...new Set(found)]).toEqual([]);
});

it("the join page's password toggle says 암호 보이기, then 암호 숨기기", async () => {
  const { page, context } = await newPage(browser);
  await page.goto('/user/join');
  const toggle = page.getByRole('switch', { name: '암호 보이기' }).first();
  await toggle.click();
  await page.getByRole('switch', { name: '암호 숨기기' }).first().waitFor();
  expect(await page.locator('[aria-label="Show Password"], [aria-label="Hide Password"]').count()).toBe(0);
  await context.close();
});
