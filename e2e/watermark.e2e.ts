// Watermark settings end to end: from my-info on a desktop with the keyboard alone (switch by Space,
// the place by the arrow keys, the opacity by the arrow keys, a too-long text caught at its field),
// and on a touch phone at 360 px (every target thumb-sized, a tap on a place's tile); choices saved
// with a toast and still there after a reload; axe finds nothing serious. Then the owner's
// 원본 받기 on a gallery item: tapped at 360 px it downloads the unmarked file, from the keyboard at
// 1280 px too, and another member's page of the same item has no such link.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, shot, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

const SAVED = '워터마크 설정을 저장했습니다. 새로 올리는 사진부터 적용됩니다.';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

it('on a desktop with the keyboard: from my-info; on, a text, a place and an opacity; a long text caught at the field', async () => {
  const { page, context, user: m } = await memberPage(browser);
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
  const { page, context } = await memberPage(browser, PHONE, { touch: true });
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

/** A watermarked photo (the owner's settings on) and a plain one in a new gallery item, made by the calls. */
async function markedItem(page: Page): Promise<{ key: number; marked: string }> {
  const save = await page.request.post('/api/gallery/watermark/save', { data: { enabled: true, text: 'Chalkak', position: 'bottom-right', opacity: 60, keepCredit: false } });
  expect(save.ok()).toBe(true);
  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#4477aa' } }).jpeg({ quality: 70 }).toBuffer();
  const up = async (url: string, name: string) => {
    const res = await page.request.post(url, { multipart: { file: { name, mimeType: 'image/jpeg', buffer: photo } } });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { fileKey: string }).fileKey;
  };
  const marked = await up('/api/file/upload?for=gallery', 'harbour.jpg');
  const plain = await up('/api/file/upload', 'plain.jpg');
  const res = await page.request.post('/api/gallery/save', {
    data: { title: '항구의 아침', photos: [{ fileKey: plain, caption: '표시 없는 사진' }, { fileKey: marked, caption: '워터마크 사진' }] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { key: ((await res.json()) as { galleryKey: number }).galleryKey, marked };
}

it('원본 받기: the owner taps it at 360 px and gets the unmarked file, by keyboard at 1280 px too; another member sees none', async () => {
  const { page, context, user: owner } = await memberPage(browser, PHONE, { touch: true });
  const { key } = await markedItem(page);

  await page.goto(`/gallery/view/${key}`);
  const links = page.getByRole('link', { name: /^원본 받기/ });
  await links.first().waitFor();
  // Only the watermarked photo (the second) keeps an original.
  expect(await links.count()).toBe(1);
  const link = page.getByRole('link', { name: '원본 받기 (사진 2)' });
  const box = (await link.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessible(page);
  await shot(page, 'gallery-original-phone');

  const [download] = await Promise.all([page.waitForEvent('download'), link.tap()]);
  expect(download.suggestedFilename()).toBe('harbour-original.webp');
  const file = readFileSync((await download.path())!);
  const meta = await sharp(file).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.width).toBe(1600);
  await context.close();

  // The keyboard on a desktop reaches it and Enter downloads it.
  const desk = await newPage(browser, DESKTOP);
  await loginByApi(desk.page, owner.userId, owner.password);
  await desk.page.goto(`/gallery/view/${key}`);
  const deskLink = desk.page.getByRole('link', { name: '원본 받기 (사진 2)' });
  await deskLink.waitFor();
  await desk.page.locator('.gallery-photo-info').getByRole('button', { name: '사진 2 크게 보기', exact: true }).focus();
  let reached = false;
  for (let i = 0; i < 5 && !reached; i++) {
    await desk.page.keyboard.press('Tab');
    reached = await deskLink.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement);
  }
  expect(reached).toBe(true);
  const [again] = await Promise.all([desk.page.waitForEvent('download'), desk.page.keyboard.press('Enter')]);
  expect(again.suggestedFilename()).toBe('harbour-original.webp');
  await desk.context.close();

  // Another member's page of the same item: the photos, no 원본 받기.
  const them = await memberPage(browser, PHONE, { touch: true });
  await them.page.goto(`/gallery/view/${key}`);
  await them.page.locator('.gallery-photo-info').getByRole('button', { name: '사진 2 크게 보기', exact: true }).waitFor();
  expect(await them.page.getByRole('link', { name: /원본 받기/ }).count()).toBe(0);
  expect(await them.page.getByText('나만 받을 수 있습니다', { exact: false }).count()).toBe(0);
  await expectAccessible(them.page);
  await them.context.close();
});
