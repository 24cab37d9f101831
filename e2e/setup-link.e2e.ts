// The first administrator's setup link page (/user/setup#token). The happy path needs a link the
// first start printed, which the browser run's server (started by the global setup with
// ADMIN_PASSWORD) keeps to its log; its server tests (server/modules/two-step/setup-link.test.ts)
// use it once, twice and expired. Here: what a member sees for a link that is not (or no longer)
// good, on a touch phone at 360 px and on a desktop, and that the token leaves the address bar.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, expectAccessibleWithoutToasts, launch, newPage, PHONE, sessionUser } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('on a touch phone: a used or unknown link says what to do, signs nobody in and leaves the address bar', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto(`/user/setup#${'A'.repeat(43)}`);
  await page.getByRole('heading', { name: '관리자 설정' }).waitFor();
  await page.getByRole('alert').getByText('이미 사용했거나 기간이 지난 설정 링크입니다.').waitFor();
  expect(new URL(page.url()).hash).toBe('');
  expect(await sessionUser(page)).toMatchObject({ logined: false });
  expect(await auditTargets(page)).toEqual([]);
  await context.close();
});

it('on a desktop: a link without its token, or a broken one, says it is not a setup link', async () => {
  const { page, context } = await newPage(browser, DESKTOP);
  await page.goto('/user/setup');
  await page.getByRole('alert').getByText('설정 링크가 올바르지 않습니다.').waitFor();
  await expectAccessibleWithoutToasts(page);
  await page.goto('/');
  await page.goto('/user/setup#short');
  await page.getByRole('alert').getByText('설정 링크가 올바르지 않습니다.').waitFor();
  expect(await sessionUser(page)).toMatchObject({ logined: false });
  await context.close();
});
