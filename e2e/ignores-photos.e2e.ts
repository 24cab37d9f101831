// An ignored member's photos fold in every photo grid (decision 46): a member who ignores another
// sees the other's gallery item folded in the home page's strip and the other's photo folded on a
// product page, each a box of the tile's size with "차단한 회원의 사진입니다" and 보기, and the
// browser never asks for the picture until 보기; a third member's photos show as ever. The other's
// own space folds its gallery grid once. On a touch phone at 360 px by taps; on a desktop at
// 1280 px by keyboard alone (Tab to 보기, Enter, the focus on the tile's link).
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callAs, cookieOf, expectAccessible, launch, loginByApi, newPage, PHONE, shot, signUpByApi } from './browser.js';
import { auditTargets } from './target-audit.js';

/** A Canon EOS 5D Mark IV's EXIF (in the shipped catalogue), so the photo lands on its product page. */
const CANON = {
  IFD0: { Make: 'Canon', Model: 'Canon EOS 5D Mark IV' },
  IFD2: { LensModel: 'EF24-70mm f/2.8L II USM', FocalLength: '35/1', FNumber: '28/10', ExposureTime: '1/200', ISOSpeedRatings: '400', DateTimeOriginal: '2024:05:01 10:20:30' },
};

const FOLD = '차단한 회원의 사진입니다';
const SHOW = `${FOLD} 보기`;
const WAIT = { timeout: 20_000 };

type Member = Awaited<ReturnType<typeof signUpByApi>>;
interface Item {
  galleryKey: number;
  fileKey: string;
  product: string;
}

let browser: Browser;
let reader: Member;
let ignored: Member;
let theirs: Item;
let other: Item;

/** A gallery item of one camera photo, uploaded and saved as `m`. */
async function galleryItem(m: Member, title: string, background: string): Promise<Item> {
  const { context, page } = await newPage(browser);
  await loginByApi(page, m.userId, m.password);
  const buffer = await sharp({ create: { width: 480, height: 320, channels: 3, background } }).jpeg({ quality: 70 }).withExif(CANON).toBuffer();
  const res = await page.request.post('/api/file/upload', { multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer } } });
  expect(res.ok(), await res.text()).toBe(true);
  const up = (await res.json()) as { fileKey: string; cameraProduct?: { key: string } | null };
  expect(up.cameraProduct?.key).toBeTruthy();
  const saved = await page.request.post('/api/gallery/save', { data: { title, photos: [{ fileKey: up.fileKey }] } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { galleryKey } = (await saved.json()) as { galleryKey: number };
  await context.close();
  return { galleryKey, fileKey: up.fileKey, product: up.cameraProduct!.key };
}

beforeAll(async () => {
  browser = await launch();
  const [r, i, o] = await Promise.all([signUpByApi(), signUpByApi(), signUpByApi()]);
  reader = r;
  ignored = i;
  theirs = await galleryItem(ignored, `차단될 사진 ${ignored.nickName}`, '#aa5533');
  other = await galleryItem(o, `다른 회원의 사진 ${o.nickName}`, '#3366aa');
  await callAs(await cookieOf(reader), '/api/user/ignore', { userId: ignored.userId });
}, 120_000);
afterAll(() => browser?.close());

/** Every address the page asked for, to show that the folded photo's files never were. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}
const askedFor = (urls: string[], fileKey: string) => urls.filter((u) => u.includes(fileKey));

/** 보기 of a folded photo, anywhere on the page (a filter's inner locator starts from the page). */
const showButton = (page: Page) => page.getByRole('button', { name: SHOW });

const isFocused = (l: Locator) => l.evaluate((el) => el === el.ownerDocument.activeElement);

/** Presses Tab from where the focus is until `target` has it (a keyboard user's way there). */
async function tabTo(page: Page, target: Locator, most = 250) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${most} presses`);
}

/** The folded tile holds no picture, and no <img> anywhere on the page is of the folded photo. */
async function expectNoImageOf(page: Page, tile: Locator, fileKey: string) {
  expect(await tile.locator('img').count()).toBe(0);
  const srcs = await page.locator('img').evaluateAll((els) => els.map((e) => `${e.getAttribute('src') ?? ''} ${e.getAttribute('srcset') ?? ''}`));
  expect(srcs.filter((s) => s.includes(fileKey))).toEqual([]);
}

it('on a touch phone: the home strip and a product page fold the photo in its tile, one tap shows it; the space folds its grid once', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  const asked = requestsOf(page);
  await loginByApi(page, reader.userId, reader.password);

  // Home: the other member's tile shows, the ignored member's is folded in a tile of the same size.
  await page.goto('/');
  const strip = page.locator('.home-gallery');
  const show = strip.getByRole('button', { name: SHOW });
  await show.waitFor(WAIT);
  await strip.locator(`a[href="/gallery/view/${other.galleryKey}"] img`).waitFor();
  const tile = strip.locator('li').filter({ has: showButton(page) });
  expect(await tile.count()).toBe(1);
  expect(await tile.getByText(FOLD).isVisible()).toBe(true);
  expect(await strip.locator(`a[href="/gallery/view/${theirs.galleryKey}"]`).count()).toBe(0);
  await expectNoImageOf(page, tile, theirs.fileKey);
  // The same size as its neighbour, and 보기 a thumb's size.
  const folded = (await tile.boundingBox())!;
  const shown = (await strip.locator('li').filter({ has: page.locator(`a[href="/gallery/view/${other.galleryKey}"]`) }).boundingBox())!;
  expect(Math.abs(folded.width - shown.width)).toBeLessThan(2);
  const button = (await show.boundingBox())!;
  expect(button.width).toBeGreaterThanOrEqual(44);
  expect(button.height).toBeGreaterThanOrEqual(44);
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessible(page);
  await shot(page, 'ignores-photos-phone-home');
  expect(askedFor(asked, theirs.fileKey)).toEqual([]);
  // One tap shows it (for this page view): its link and thumbnail come.
  await show.tap();
  const link = strip.locator(`a[href="/gallery/view/${theirs.galleryKey}"]`);
  await link.locator('img').waitFor();
  await expect.poll(() => askedFor(asked, theirs.fileKey).length, WAIT).toBeGreaterThan(0);
  expect(await strip.getByRole('button', { name: SHOW }).count()).toBe(0);

  // The product page: the ignored member's photo folds in its square, the other's shows.
  asked.length = 0;
  await page.goto(`/info/view/${encodeURIComponent(theirs.product)}`);
  const photos = page.locator('.product-photos');
  const showPhoto = photos.getByRole('button', { name: SHOW });
  await showPhoto.waitFor(WAIT);
  await photos.locator(`img[src*="${other.fileKey}"]`).waitFor();
  const photoTile = photos.locator('li').filter({ has: showButton(page) });
  expect(await photoTile.count()).toBe(1);
  await expectNoImageOf(page, photoTile, theirs.fileKey);
  const square = (await photoTile.locator('.ignored-fold-tile').boundingBox())!;
  expect(Math.abs(square.width - square.height)).toBeLessThan(2);
  const neighbour = (await photos.locator('li').filter({ has: page.locator(`img[src*="${other.fileKey}"]`) }).boundingBox())!;
  expect(Math.abs(square.width - neighbour.width)).toBeLessThan(2);
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessible(page);
  await shot(page, 'ignores-photos-phone-product');
  expect(askedFor(asked, theirs.fileKey)).toEqual([]);
  await showPhoto.tap();
  await photos.locator(`img[src*="${theirs.fileKey}"]`).waitFor();
  await expect.poll(() => askedFor(asked, theirs.fileKey).length, WAIT).toBeGreaterThan(0);

  // The ignored member's own space: the whole grid folds once, one 보기.
  asked.length = 0;
  await page.goto(`/space/${ignored.userId}/gallery`);
  const space = page.locator('.space-body');
  const showGrid = space.getByRole('button', { name: SHOW });
  await showGrid.waitFor(WAIT);
  expect(await space.getByRole('button', { name: SHOW }).count()).toBe(1);
  expect(await space.locator('img').count()).toBe(0);
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessible(page);
  expect(askedFor(asked, theirs.fileKey)).toEqual([]);
  await showGrid.tap();
  await space.locator(`a[href="/gallery/view/${theirs.galleryKey}"] img`).waitFor();
  await context.close();
});

it('on a desktop by keyboard: Tab to 보기, Enter shows the tile and puts the focus on its link; nothing asked for before', async () => {
  const { page, context } = await newPage(browser);
  const asked = requestsOf(page);
  await loginByApi(page, reader.userId, reader.password);

  await page.goto('/');
  const strip = page.locator('.home-gallery');
  const show = strip.getByRole('button', { name: SHOW });
  await show.waitFor(WAIT);
  await expectAccessible(page);
  await shot(page, 'ignores-photos-desktop-home');
  await tabTo(page, show);
  expect(askedFor(asked, theirs.fileKey)).toEqual([]);
  await page.keyboard.press('Enter');
  const link = strip.locator(`a[href="/gallery/view/${theirs.galleryKey}"]`);
  await link.waitFor();
  await expect.poll(() => isFocused(link)).toBe(true);
  await expect.poll(() => askedFor(asked, theirs.fileKey).length, WAIT).toBeGreaterThan(0);

  asked.length = 0;
  await page.goto(`/info/view/${encodeURIComponent(theirs.product)}`);
  const photos = page.locator('.product-photos');
  const showPhoto = photos.getByRole('button', { name: SHOW });
  await showPhoto.waitFor(WAIT);
  await photos.locator(`img[src*="${other.fileKey}"]`).waitFor();
  await expectAccessible(page);
  await shot(page, 'ignores-photos-desktop-product');
  await tabTo(page, showPhoto);
  expect(askedFor(asked, theirs.fileKey)).toEqual([]);
  await page.keyboard.press('Enter');
  const photoLink = photos.locator('a').filter({ has: page.locator(`img[src*="${theirs.fileKey}"]`) });
  await photoLink.waitFor();
  await expect.poll(() => isFocused(photoLink)).toBe(true);

  // The space's grid: one 보기 by keyboard, then the focus on the first cover's link.
  asked.length = 0;
  await page.goto(`/space/${ignored.userId}/gallery`);
  const showGrid = page.locator('.space-body').getByRole('button', { name: SHOW });
  await showGrid.waitFor(WAIT);
  await expectAccessible(page);
  await tabTo(page, showGrid);
  expect(askedFor(asked, theirs.fileKey)).toEqual([]);
  await page.keyboard.press('Enter');
  const cover = page.locator(`.gallery-grid a[href="/gallery/view/${theirs.galleryKey}"]`);
  await cover.waitFor();
  await expect.poll(() => isFocused(cover)).toBe(true);
  await context.close();
});

it('the ignored member, who ignores no one, sees every photo as before', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, ignored.userId, ignored.password);
  await page.goto(`/info/view/${encodeURIComponent(theirs.product)}`);
  const photos = page.locator('.product-photos');
  await photos.locator(`img[src*="${theirs.fileKey}"]`).waitFor(WAIT);
  await photos.locator(`img[src*="${other.fileKey}"]`).waitFor();
  expect(await page.getByRole('button', { name: SHOW }).count()).toBe(0);
  await page.goto('/');
  await page.locator(`.home-gallery a[href="/gallery/view/${theirs.galleryKey}"] img`).waitFor(WAIT);
  expect(await page.getByRole('button', { name: SHOW }).count()).toBe(0);
  await context.close();
});
