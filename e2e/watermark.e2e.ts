// Watermark settings end to end: from my-info on a desktop with the keyboard alone (switch by Space,
// the place by the arrow keys, the opacity by the arrow keys, a too-long text caught at its field),
// and on a touch phone at 360 px (every target thumb-sized, a tap on a place's tile); choices saved
// with a toast and still there after a reload; axe finds nothing serious.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, newPage, PHONE, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

const SAVED = '워터마크 설정을 저장했습니다. 새로 올리는 사진부터 적용됩니다.';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

it('on a desktop with the keyboard: from my-info; on, a text, a place and an opacity; a long text caught at the field', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await loginByApi(page, m.userId, m.password);
  await page.goto('/');
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).click();
  const dialog = page.locator('.my-info-dialog');
  const go = dialog.getByRole('button', { name: '워터마크와 저작자 정보' });
  await go.waitFor();
  await go.focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('heading', { name: '워터마크와 저작자 정보' }).waitFor();

  const on = page.getByRole('switch', { name: '갤러리 사진에 워터마크 넣기' });
  await on.waitFor();
  expect(await on.isChecked()).toBe(false);
  // The nickname stands in for an empty text.
  await page.getByText(`비워 두면 닉네임(${m.nickName})이 들어갑니다.`, { exact: false }).waitFor();
  await expectAccessible(page);

  await on.focus();
  await page.keyboard.press('Space');
  expect(await on.isChecked()).toBe(true);
  // Tab goes on to the text.
  await page.keyboard.press('Tab');
  const text = page.getByLabel('문구');
  expect(await text.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement)).toBe(true);
  await page.keyboard.type('가'.repeat(41));
  await page.keyboard.press('Enter');
  await page.getByText('워터마크 문구는 40자까지 쓸 수 있습니다.').first().waitFor();
  expect(await text.getAttribute('aria-invalid')).toBe('true');
  await text.fill('찰칵 <사진> & 클럽');

  // The place: the checked tile takes focus, the arrow keys move it.
  const bottomRight = page.getByRole('radio', { name: '오른쪽 아래' });
  expect(await bottomRight.isChecked()).toBe(true);
  await bottomRight.focus();
  await page.keyboard.press('ArrowLeft');
  const bottom = page.getByRole('radio', { name: '아래 가운데' });
  expect(await bottom.isChecked()).toBe(true);

  const opacity = page.getByLabel('불투명도');
  await opacity.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await opacity.inputValue()).toBe('70');
  await page.getByText('70%', { exact: true }).waitFor();

  await page.getByRole('switch', { name: '사진 파일에 저작자와 저작권 정보 남기기' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: '저장' }).focus();
  await page.keyboard.press('Enter');
  await waitForToast(page, SAVED);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'watermark-settings-desktop');

  const saved = (await (await page.request.post('/api/gallery/watermark', { data: {} })).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({ enabled: true, text: '찰칵 <사진> & 클럽', position: 'bottom', opacity: 70, keepCredit: true });
  await page.reload();
  await on.waitFor();
  expect(await on.isChecked()).toBe(true);
  expect(await page.getByLabel('문구').inputValue()).toBe('찰칵 <사진> & 클럽');
  expect(await bottom.isChecked()).toBe(true);
  await context.close();
});

it('on a touch phone at 360 px: thumb-sized targets, a tap on a tile, saved', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, m.userId, m.password);
  await page.goto('/gallery/my/watermark');
  const on = page.getByRole('switch', { name: '갤러리 사진에 워터마크 넣기' });
  await on.waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessible(page);

  await page.locator('.wm-switch', { has: on }).locator('span').tap();
  expect(await on.isChecked()).toBe(true);
  await page.locator('.wm-cell', { hasText: '왼쪽 위' }).tap();
  expect(await page.getByRole('radio', { name: '왼쪽 위' }).isChecked()).toBe(true);
  await shot(page, 'watermark-settings-phone');
  await page.getByRole('button', { name: '저장' }).tap();
  await waitForToast(page, SAVED);
  const saved = (await (await page.request.post('/api/gallery/watermark', { data: {} })).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({ enabled: true, text: '', position: 'top-left', opacity: 50, keepCredit: false });
  await context.close();
});

it('a visitor is asked to log in', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto('/gallery/my/watermark');
  await page.getByText('워터마크 설정은 로그인한 회원만 볼 수 있습니다.').waitFor();
  await context.close();
});
