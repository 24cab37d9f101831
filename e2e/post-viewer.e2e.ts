// The photos of a board post and its comments open the full-screen viewer, with the page's other
// photos in page order as the sequence: a post with two photos in its text (a camera JPEG with
// EXIF and a tiny PNG), an image of another site, and a comment showing a third photo through a
// +{post|fileN} token. At 1280 px by the keyboard (Enter opens, the arrow keys move, Escape closes
// and focus returns to the photo) and the mouse (the close button); at 360 px by touch (a tap
// opens, a swipe moves, the browser's back button closes and the page stays). axe on both.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, launch, loginByApi, newPage, PHONE, shot, signUpByApi } from './browser.js';

/** EXIF of a Canon EOS 5D Mark IV with the EF 24-70mm f/2.8L II, both in the shipped catalogue. */
const CANON = {
  IFD0: { Make: 'Canon', Model: 'Canon EOS 5D Mark IV' },
  IFD2: { LensModel: 'EF24-70mm f/2.8L II USM', FocalLength: '35/1', FNumber: '28/10', ExposureTime: '1/200', ISOSpeedRatings: '400', DateTimeOriginal: '2024:05:01 10:20:30' },
};
const cameraJpeg = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } }).jpeg({ quality: 70 }).withExif(CANON).toBuffer();
const tinyPng = () => sharp({ create: { width: 24, height: 16, channels: 3, background: '#aa3344' } }).png().toBuffer();

const WAIT = { timeout: 20_000 };

let browser: Browser;
let postUrl = '';

beforeAll(async () => {
  browser = await launch();
  const writer = await signUpByApi();
  const reader = await signUpByApi();
  const { context, page } = await newPage(browser);
  await loginByApi(page, writer.userId, writer.password);
  const upload = async (name: string, mimeType: string, buffer: Buffer) => {
    const res = await page.request.post('/api/file/upload', { multipart: { file: { name, mimeType, buffer } } });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { fileKey: string }).fileKey;
  };
  const files = [
    await upload('bridge.jpg', 'image/jpeg', await cameraJpeg(1600, 1000, '#335577')),
    await upload('dot.png', 'image/png', await tinyPng()),
    await upload('tower.jpg', 'image/jpeg', await cameraJpeg(1000, 1500, '#775533')),
  ];
  const saved = await page.request.post('/api/board/save', {
    data: {
      boardId: 'free',
      category: 'c1',
      subject: '한강 다리 사진',
      content: '<p>저녁 다리<img src="file0" alt="저녁의 다리"></p><p>작은 점<img src="file1"></p><p>다른 사이트 그림<img src="https://example.invalid/x.png" alt="다른 사이트 그림"></p>',
      files,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const key = ((await saved.json()) as { key: number }).key;
  await context.close();

  const other = await newPage(browser);
  await loginByApi(other.page, reader.userId, reader.password);
  const said = await other.page.request.post('/api/comment/save', { data: { boardId: 'free', key, content: `세로 사진도 있네요 +{${key}|file2}` } });
  expect(said.ok(), await said.text()).toBe(true);
  await other.context.close();
  postUrl = `/board/free/view/${key}`;
});
afterAll(() => browser?.close());

const viewer = (page: Page) => page.locator('.yarl__root');
const counter = (page: Page) => viewer(page).locator('.yarl__counter').textContent();
const focusedLabel = (page: Page) => page.evaluate('document.activeElement?.getAttribute("aria-label") ?? ""') as Promise<string>;
const viewerEntry = (page: Page) => page.evaluate('Boolean(history.state && history.state.photoViewer)') as Promise<boolean>;

/** The post's page with its three photos made controls (the comment's arrives after the post). */
async function openPost(page: Page) {
  await page.goto(postUrl);
  await page.getByRole('heading', { name: '한강 다리 사진' }).waitFor();
  await page.getByRole('button', { name: '사진 3 크게 보기' }).waitFor(WAIT);
  expect(await page.locator('.content-photo').count()).toBe(3);
  // The other site's picture is no control.
  expect(await page.locator('.content-body img[alt="다른 사이트 그림"]').evaluate((img) => img.parentElement?.tagName)).toBe('P');
}

it('opens by the keyboard and the mouse at 1280 px, moves with the arrow keys and gives focus back', async () => {
  const { context, page } = await newPage(browser);
  await openPost(page);
  await expectAccessible(page);
  await shot(page, 'post-photos-1280');

  // Enter on the second photo opens it there; the arrows move through post and comment photos.
  await page.getByRole('button', { name: '사진 2 크게 보기' }).focus();
  await page.keyboard.press('Enter');
  await viewer(page).waitFor();
  await expect.poll(() => counter(page), WAIT).toBe('2 / 3');
  expect(await viewerEntry(page)).toBe(true);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => counter(page), WAIT).toBe('1 / 3');
  // The first photo's EXIF line names the body and lens and links to their product pages.
  const exif = viewer(page).locator('.yarl__slide_current .photo-viewer-exif');
  await expect.poll(() => exif.textContent(), WAIT).toContain('ISO 400');
  expect(await exif.getByRole('link', { name: /5D Mark IV/ }).getAttribute('href')).toMatch(/^\/info\/view\//);
  expect(await exif.getByRole('link', { name: /24-70/ }).getAttribute('href')).toMatch(/^\/info\/view\//);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => counter(page), WAIT).toBe('2 / 3');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => counter(page), WAIT).toBe('3 / 3');
  await expectAccessible(page);
  await shot(page, 'post-viewer-1280');
  await page.keyboard.press('Escape');
  await viewer(page).waitFor({ state: 'detached' });
  // Focus is back on the photo that opened the viewer, and no history entry is left behind.
  await expect.poll(() => focusedLabel(page), WAIT).toBe('사진 2 크게 보기');
  await expect.poll(() => viewerEntry(page), WAIT).toBe(false);
  expect(new URL(page.url()).pathname).toBe(postUrl);

  // By the mouse: the comment's photo opens at its place, the close button closes.
  await page.getByRole('button', { name: '사진 3 크게 보기' }).click();
  await viewer(page).waitFor();
  await expect.poll(() => counter(page), WAIT).toBe('3 / 3');
  await viewer(page).getByRole('button', { name: '닫기 (Esc)' }).click();
  await viewer(page).waitFor({ state: 'detached' });
  await expect.poll(() => viewerEntry(page), WAIT).toBe(false);
  await page.getByRole('heading', { name: '한강 다리 사진' }).waitFor();
  await context.close();
});

it('opens by a tap at 360 px, moves by a swipe and closes with the back button', async () => {
  const { context, page } = await newPage(browser, PHONE, { touch: true });
  await openPost(page);
  await expectAccessible(page);
  // Every photo control is a thumb's size, the tiny one too.
  for (const box of await page.locator('.content-photo').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ w: r.width, h: r.height, right: r.right })))) {
    expect(box.w).toBeGreaterThanOrEqual(44);
    expect(box.h).toBeGreaterThanOrEqual(44);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
  }
  await shot(page, 'post-photos-360');

  await page.getByRole('button', { name: '사진 1 크게 보기' }).tap();
  await viewer(page).waitFor();
  await expect.poll(() => counter(page), WAIT).toBe('1 / 3');
  await viewer(page).locator('.yarl__slide_current img').waitFor();
  const box = (await viewer(page).boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width * (0.8 - i * 0.075), y);
  await page.mouse.up();
  await expect.poll(() => counter(page), WAIT).toBe('2 / 3');
  await expectAccessible(page);
  await shot(page, 'post-viewer-360');

  // The back button closes the viewer and the post stays.
  await page.goBack();
  await viewer(page).waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe(postUrl);
  await page.getByRole('heading', { name: '한강 다리 사진' }).waitFor();
  expect(await viewerEntry(page)).toBe(false);
  await context.close();
});
