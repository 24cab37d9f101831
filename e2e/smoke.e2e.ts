import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, newPage } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('serves the Korean home page with the footer tagline', async () => {
  const { page, context } = await newPage(browser);
  await page.goto('/');
  await expect.poll(() => page.locator('footer').innerText()).toContain('Since 2000');
  expect(await page.getAttribute('html', 'lang')).toBe('ko');
  await context.close();
});
