// An iPhone photo (HEIC) in the gallery form at 360 px by touch: picked, converted by the server,
// saved, and shown on the item page with its EXIF; the form and the page pass axe.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, launch, memberPage, PHONE, shot } from './browser.js';

const HEIC = readFileSync(join(import.meta.dirname, '../server/test/fixtures/canon-exif.heic'));
/** Converting takes a while on a busy machine. */
const WAIT = { timeout: 30_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

it('uploads a HEIC photo in the gallery form at 360 px and shows it', async () => {
  const { context, page } = await memberPage(browser, PHONE, { touch: true });
  await page.goto('/gallery/my/list');
  await page.getByRole('link', { name: '새 갤러리' }).click();
  await page.getByRole('heading', { name: '새 갤러리' }).waitFor();
  await page.getByLabel('제목').fill('아이폰으로 찍은 사진');
  // A desktop browser often sends a .heic with no type: the form lets it through by its name.
  await page.getByTestId('photo-picker').setInputFiles([{ name: 'IMG_4821.HEIC', mimeType: '', buffer: HEIC }]);
  await expect.poll(() => page.locator('.sorter-photo').count(), WAIT).toBe(1);
  await expect.poll(() => page.locator('.upload-list').count(), WAIT).toBe(0);
  const thumb = page.locator('.sorter-photo img').first();
  await expect.poll(() => thumb.evaluate((el) => ((el as unknown as { complete: boolean }).complete ? (el as unknown as { naturalWidth: number }).naturalWidth : 0)), WAIT).toBeGreaterThan(0);
  await expectAccessible(page);
  await shot(page, 'heic-gallery-form-360');

  await page.getByRole('button', { name: '저장' }).click();
  await page.waitForURL(/\/gallery\/view\/\d+$/);
  await page.getByRole('heading', { name: '아이폰으로 찍은 사진' }).waitFor();
  const img = page.locator('.gallery-photos img').first();
  await expect.poll(() => img.evaluate((el) => ((el as unknown as { complete: boolean }).complete ? (el as unknown as { naturalWidth: number }).naturalWidth : 0)), WAIT).toBeGreaterThan(0);
  // The EXIF read from the HEIC before conversion is shown with the photo.
  const info = page.locator('.gallery-photo-info li').first();
  await expect.poll(() => info.locator('.exif-line').textContent(), WAIT).toContain('1/200');
  expect(await info.locator('.exif-line').textContent()).toContain('f/2.8');
  await info.getByRole('link', { name: /5D Mark IV/ }).waitFor();
  await expectAccessible(page);
  await shot(page, 'heic-gallery-view-360');
  await context.close();
});
