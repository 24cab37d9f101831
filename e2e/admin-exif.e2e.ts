// Unmatched EXIF names end to end: a member's photos carry a body and a lens no product knows; the
// admin finds them at 360 px by touch (axe, target sizes), gives the body name to a product picked
// by search and ignores the lens; at 1280 px by keyboard the ignored view brings the lens back and
// the assign dialog opens, picks and closes with keys. The product then counts the earlier photo.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, shot, waitForToast } from './browser.js';
import { toward } from '../common/korean.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** Letters only: a digit after an "f" would read as an aperture in a lens name. */
const tag = Date.now().toString(36).slice(-5).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
const bodyName = `Fieldcam FC-${tag}`;
const lensName = `Fieldcam Fieldlens ${tag} 40mm F2`;
const productName = `FC 시험기${tag}`;

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#6688aa' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Fieldcam', Model: `FC-${tag}` }, IFD2: { LensMake: 'Fieldcam', LensModel: `Fieldlens ${tag} 40mm F2`, FocalLength: '40/1' } })
    .toBuffer();

const row = (page: Page, name: string) => page.locator('.admin-table tbody tr', { hasText: name });

it('the admin gives a body name to a product and ignores a lens (360 px, touch), then brings it back by keyboard (1280 px)', async () => {
  // A member's post with the photo; a body product under another name.
  const { page: mp, context: mc } = await memberPage(browser);
  const up = await mp.request.post('/api/file/upload', { multipart: { file: { name: 'field.jpg', mimeType: 'image/jpeg', buffer: await photo() } } });
  expect(up.ok()).toBe(true);
  const fileKey = (await up.json()).fileKey as string;
  const saved = await mp.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject: `필드캠${tag}`, content: '<p><img src="file0"></p>', files: [fileKey] } });
  expect(saved.ok(), await saved.text()).toBe(true);
  // A member's page is refused, and so is the call.
  await mp.goto('/system/product/exif/list');
  await mp.waitForURL('**/error/**');
  expect((await mp.request.post('/api/admin/product/exif-unmatched', { data: {} })).status()).toBe(403);
  await mc.close();

  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, 'admin', inject('adminPassword'));
  const made = await page.request.post('/api/admin/product/save', { data: { type: 'body', company: 'other', brand: 'Fieldcam', name: productName } });
  expect(made.ok(), await made.text()).toBe(true);
  const productKey = (await made.json()).key as string;

  await page.goto(`/system/product/exif/list?q=${tag}`);
  await page.getByRole('heading', { level: 1, name: 'EXIF 이름 관리' }).waitFor();
  await row(page, bodyName).waitFor();
  await row(page, lensName).getByRole('img', { name: `${toward(lensName)} 찍은 사진 예시` }).waitFor();
  await page.getByText('이름 2개').waitFor();
  await shot(page, 'admin-exif-360');
  await expectAccessible(page);
  expect(await auditTargets(page)).toEqual([]);

  // The body name into the product, picked by search with a tap.
  await row(page, bodyName).getByRole('button', { name: `${bodyName} 제품에 넣기` }).tap();
  const dialog = page.getByRole('dialog', { name: 'EXIF 이름을 제품에 넣기' });
  await dialog.getByText(bodyName).waitFor();
  // Nothing picked: the field says so.
  await dialog.getByRole('button', { name: '제품에 넣기' }).tap();
  await expect.poll(() => dialog.getByLabel('넣을 제품').getAttribute('aria-invalid')).toBe('true');
  await dialog.getByLabel('넣을 제품').fill(`시험기${tag}`);
  await page.getByRole('option', { name: new RegExp(productName) }).click();
  await shot(page, 'admin-exif-assign-360');
  await dialog.getByRole('button', { name: '제품에 넣기' }).tap();
  await waitForToast(page, '이전 사진 1장을 연결했습니다.');
  await dialog.waitFor({ state: 'detached' });
  await row(page, bodyName).waitFor({ state: 'detached' });
  const view = await page.request.post('/api/product/view', { data: { productKey } });
  expect((await view.json()).attached.photoCount).toBe(1);

  // The lens ignored: gone from the list, found under the ignored view.
  await row(page, lensName).getByRole('button', { name: `${lensName} 무시` }).tap();
  await waitForToast(page, '무시합니다.');
  await row(page, lensName).waitFor({ state: 'detached' });
  await page.getByText('연결되지 않은 이름이 없습니다.').waitFor();
  await page.getByRole('combobox', { name: /^보기/ }).selectOption({ label: '무시한 이름' });
  await page.waitForURL('**ignored=1**');
  await row(page, lensName).waitFor();
  await expectAccessibleWithoutToasts(page);
  await context.close();

  // Desktop, keyboard only: from the admin menu, the ignored view, back to the list, the dialog by keys.
  const { page: desk, context: dc } = await newPage(browser, DESKTOP);
  const focusedName = () => desk.evaluate('document.activeElement && document.activeElement.getAttribute("aria-label")') as Promise<string>;
  await loginByApi(desk, 'admin', inject('adminPassword'));
  await desk.goto('/system/product/list');
  const nav = desk.getByRole('navigation', { name: '관리 메뉴' });
  await nav.getByRole('link', { name: 'EXIF 이름 관리' }).focus();
  await desk.keyboard.press('Enter');
  await desk.getByRole('heading', { level: 1, name: 'EXIF 이름 관리' }).waitFor();
  expect(await nav.getByRole('link', { name: 'EXIF 이름 관리' }).getAttribute('aria-current')).toBe('page');
  await desk.getByLabel('이름 찾기', { exact: true }).focus();
  await desk.keyboard.type(tag);
  await desk.keyboard.press('Enter');
  await desk.waitForURL(`**q=${tag}**`);
  await desk.getByText('연결되지 않은 이름이 없습니다.').waitFor();
  await desk.getByRole('combobox', { name: /^보기/ }).focus();
  await desk.keyboard.press('ArrowDown');
  await desk.waitForURL('**ignored=1**');
  await row(desk, lensName).waitFor();
  await shot(desk, 'admin-exif-ignored-1280');
  await expectAccessible(desk);
  await row(desk, lensName).getByRole('button', { name: `${lensName} 무시 해제` }).focus();
  await desk.keyboard.press('Enter');
  await waitForToast(desk, '다시 목록에 올렸습니다.');
  await row(desk, lensName).waitFor({ state: 'detached' });

  await desk.getByRole('combobox', { name: /^보기/ }).focus();
  await desk.keyboard.press('ArrowUp');
  await row(desk, lensName).waitFor();
  const assign = row(desk, lensName).getByRole('button', { name: `${lensName} 제품에 넣기` });
  await assign.focus();
  await desk.keyboard.press('Enter');
  const dialog2 = desk.getByRole('dialog', { name: 'EXIF 이름을 제품에 넣기' });
  await dialog2.getByText(lensName).waitFor();
  // A body product is refused for a lens name, at the field.
  await dialog2.getByLabel('넣을 제품').focus();
  await desk.keyboard.type(`시험기${tag}`);
  await desk.getByRole('option', { name: new RegExp(productName) }).waitFor();
  await desk.keyboard.press('ArrowDown');
  await desk.keyboard.press('Enter');
  await dialog2.getByRole('button', { name: '제품에 넣기' }).focus();
  await desk.keyboard.press('Enter');
  await dialog2.getByText('렌즈 이름은 렌즈 제품에만 넣을 수 있습니다.').first().waitFor();
  await desk.waitForTimeout(300);
  await shot(desk, 'admin-exif-assign-1280');
  await expectAccessibleWithoutToasts(desk);
  await desk.keyboard.press('Escape');
  await dialog2.waitFor({ state: 'detached' });
  await expect.poll(focusedName).toBe(`${lensName} 제품에 넣기`);
  await row(desk, lensName).waitFor();
  await shot(desk, 'admin-exif-1280');
  await expectAccessibleWithoutToasts(desk);
  await dc.close();
});
