// The first administrator's setup link page (/user/setup#token). The happy path needs a link the
// first start printed, which the browser run's server (started by the global setup with
// ADMIN_PASSWORD) keeps to its log; its server tests (server/modules/two-step/setup-link.test.ts)
// use it once, twice and expired. Here: what a member sees for a link that is not (or no longer)
// good, on a touch phone at 360 px and on a desktop, and that the token leaves the address bar;
// and the own-password step at both widths.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, expectAccessibleWithoutToasts, launch, newPage, PHONE, sessionUser, shot, waitForToast } from './browser.js';
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

// The own-password step follows a link printed with --new-password, which this run's server (its
// administrator has ADMIN_PASSWORD) never prints: the link's answer here is the one such a link
// gives. The form is the page's own; the password call goes to the server, which refuses a
// visitor no link signed in.
for (const [label, viewport, touch] of [
  ['360', PHONE, true],
  ['1280', DESKTOP, false],
] as const) {
  it(`at ${label} px: the own-password step checks the two fields and sends them only for a signed-in administrator`, async () => {
    const { page, context } = await newPage(browser, viewport, { touch });
    await page.route('**/api/auth/setup-link', (route) => route.fulfill({ json: { userId: 'admin', setPassword: true } }));
    await page.goto(`/user/setup#${'B'.repeat(43)}`);
    const password = page.getByLabel('새 암호', { exact: true });
    const again = page.getByLabel('새 암호 확인', { exact: true });
    const save = page.getByRole('button', { name: '암호 정하고 계속' });
    await password.waitFor();
    await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.id')).toBe('setup-password');
    // Thumb-sized fields and button; on a touch screen the eye too (web/app/touch-targets.css).
    const eye = page.getByRole('switch', { name: '암호 보이기' }).first();
    for (const control of touch ? [password, again, save, eye] : [password, again, save]) {
      const box = (await control.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    if (touch) expect(await auditTargets(page)).toEqual([]);
    await shot(page, `setup-password-${label}`);

    // A different confirmation marks the second field, in Korean, and sends nothing.
    await password.fill('Camera-pass-1');
    await again.fill('Camera-pass-2');
    await save.click();
    await waitForToast(page, '암호와 암호 확인 값이 일치하지 않습니다.');
    await expect.poll(() => again.getAttribute('aria-invalid')).toBe('true');
    await page.locator('.two-step-form .field-error').getByText('암호와 암호 확인 값이 일치하지 않습니다.').waitFor();
    await shot(page, `setup-password-mismatch-${label}`);
    await again.fill('Camera-pass-1');
    await expect.poll(() => again.getAttribute('aria-invalid')).toBeNull();

    // Nobody is signed in: the server refuses the password.
    await save.click();
    await waitForToast(page, '로그인이 필요합니다.');
    expect(await sessionUser(page)).toMatchObject({ logined: false });
    expect(new URL(page.url()).pathname).toBe('/user/setup');
    await expectAccessibleWithoutToasts(page);
    await context.close();
  });
}
