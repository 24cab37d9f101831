// Galleries and personal spaces in the browser: a member uploads three camera photos (two picked,
// one dropped) with progress, reorders them with the 뒤로 and 앞으로 buttons from the mouse and the keyboard, writes captions and
// saves; the item page shows the photos in a justified grid, each photo's EXIF with body and lens
// linking to their product pages, and the full-screen viewer moves with the arrow keys and by a
// swipe, with focus on the photo shown. At 360 px the same pages work and the phone never
// downloads a 2,560 px file; the space's six tabs all stand in sight, every target is a thumb's
// size, and a tap anywhere on a row of the owner's list opens it. The member's space shows the
// card, tabs and gallery grid; axe finds nothing serious on any of them.
import type { Browser, Locator, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessible, launch, loginByApi, memberPage, newPage, PHONE, shot, signUpByApi } from './browser.js';
import { auditTargets } from './target-audit.js';

/** EXIF of a Canon EOS 5D Mark IV with the EF 24-70mm f/2.8L II, both in the shipped catalogue. */
const CANON = {
  IFD0: { Make: 'Canon', Model: 'Canon EOS 5D Mark IV' },
  IFD2: { LensModel: 'EF24-70mm f/2.8L II USM', FocalLength: '35/1', FNumber: '28/10', ExposureTime: '1/200', ISOSpeedRatings: '400', DateTimeOriginal: '2024:05:01 10:20:30' },
};

/** A camera JPEG with EXIF, large enough that the 1,280 px size is a real reduction. */
const cameraJpeg = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } }).jpeg({ quality: 70 }).withExif(CANON).toBuffer();

interface ViewPhoto {
  fileKey: string;
  caption: string;
  url: string;
  thumbUrl: string;
  mediumUrl: string | null;
}

/** Uploads and re-encoding take a while on a busy machine. */
const WAIT = { timeout: 20_000 };

/** A thumb's tap where the element shows: a row's stretched link lies over it, so the tap is the link's. */
async function tapOver(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

let browser: Browser;
let member: Awaited<ReturnType<typeof signUpByApi>>;
let galleryKey = 0;
let photos: ViewPhoto[] = [];

beforeAll(async () => {
  browser = await launch();
  member = await signUpByApi();
});
afterAll(() => browser?.close());

/** Where focus is in the viewer: on the photo shown, inside the slide shown, inside an inert
 * (hidden) slide, and the focused element's text. */
const viewerFocus = (page: Page) =>
  page.evaluate(`(() => {
    const a = document.activeElement;
    return {
      shownPhoto: !!a && a.matches('.yarl__slide_current img'),
      inShown: !!a && !!a.closest('.yarl__slide_current'),
      inInert: !!a && !!a.closest('[inert]'),
      text: a ? a.innerText ?? '' : '',
    };
  })()`) as Promise<{ shownPhoto: boolean; inShown: boolean; inInert: boolean; text: string }>;

const keysInForm = (page: Page) => page.locator('.sorter-photo').evaluateAll((els) => els.map((e) => e.getAttribute('data-file-key') ?? ''));

async function dropFile(page: Page, name: string, data: Buffer) {
  // A string script: this project type-checks the tests without the DOM library.
  const transfer = await page.evaluateHandle(`(() => {
    const dt = new DataTransfer();
    const bytes = Uint8Array.from(atob(${JSON.stringify(data.toString('base64'))}), (c) => c.charCodeAt(0));
    dt.items.add(new File([bytes], ${JSON.stringify(name)}, { type: 'image/jpeg' }));
    return dt;
  })()`);
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

it('uploads three photos with EXIF, reorders them, and shows them with their gear and the viewer', async () => {
  const { context, page } = await newPage(browser);
  await loginByApi(page, member.userId, member.password);
  await page.goto('/gallery/my/list');
  await page.getByText('아직 갤러리가 없습니다').waitFor();
  await page.getByRole('link', { name: '새 갤러리' }).click();
  await page.getByRole('heading', { name: '새 갤러리' }).waitFor();

  // Saving with nothing says why at the title, and sends nothing.
  await page.getByRole('button', { name: '저장' }).click();
  await expect.poll(() => page.getByLabel('제목').getAttribute('aria-invalid'), WAIT).toBe('true');

  await page.getByLabel('제목').fill('한강의 저녁');
  await page.getByLabel('설명').fill('퇴근길에 찍은 사진들\n바람이 좋았습니다');
  const [a, b, c] = await Promise.all([cameraJpeg(1800, 1200, '#335577'), cameraJpeg(1000, 1500, '#775533'), cameraJpeg(1400, 1400, '#557733')]);
  await page.getByTestId('photo-picker').setInputFiles([
    { name: 'first.jpg', mimeType: 'image/jpeg', buffer: a },
    { name: 'second.jpg', mimeType: 'image/jpeg', buffer: b },
  ]);
  await expect.poll(() => page.locator('.sorter-photo').count(), WAIT).toBe(2);
  await dropFile(page, 'third.jpg', c);
  await expect.poll(() => page.locator('.sorter-photo').count(), WAIT).toBe(3);
  await expect.poll(() => page.locator('.upload-list').count(), WAIT).toBe(0);
  const uploaded = await keysInForm(page);

  // 앞으로 on the third photo by a click, then again by the keyboard alone.
  await page.getByRole('button', { name: '사진 3을 앞으로' }).click();
  expect(await keysInForm(page)).toEqual([uploaded[0], uploaded[2], uploaded[1]]);
  await expect.poll(() => page.evaluate('document.activeElement?.textContent'), WAIT).toBe('사진 2를 앞으로');
  // Focus stayed on the moved photo's button: 앞으로 once more by the keyboard alone.
  await page.keyboard.press('Enter');
  await expect.poll(() => keysInForm(page), WAIT).toEqual([uploaded[2], uploaded[0], uploaded[1]]);
  const order = await keysInForm(page);

  await page.getByLabel('사진 1 설명').fill('노을 진 다리');
  await page.getByLabel('사진 3 설명').fill('돌아가는 길');
  await shot(page, 'gallery-form-1280');
  await page.getByRole('button', { name: '저장' }).click();
  await page.waitForURL(/\/gallery\/view\/\d+$/);
  galleryKey = Number(page.url().split('/').pop());

  // The item page: title, the photos in the saved order, captions and the EXIF line.
  await page.getByRole('heading', { name: '한강의 저녁' }).waitFor();
  const view = (await (await page.request.post('/api/gallery/view', { data: { galleryKey } })).json()) as { photos: ViewPhoto[] };
  photos = view.photos;
  expect(photos.map((p) => p.fileKey)).toEqual(order);
  expect(photos.map((p) => p.caption)).toEqual(['노을 진 다리', '', '돌아가는 길']);
  await expect.poll(() => page.locator('.gallery-photos img').count(), WAIT).toBe(3);
  // The grid's srcset offers the 400 and 1,280 px sizes, never the 2,560 px file.
  for (const img of await page.locator('.gallery-photos img').all()) {
    const srcset = (await img.getAttribute('srcset')) ?? '';
    expect(srcset).toContain('/thumb');
    expect(srcset).toContain('/medium');
    expect(srcset).not.toMatch(/\/api\/file\/down\/[^/ ]+\/[^/ ]+\.(jpe?g|webp) /);
    expect(await img.getAttribute('sizes')).toBeTruthy();
  }
  const info = page.locator('.gallery-photo-info li').first();
  await info.getByText('노을 진 다리').waitFor();
  await expect.poll(() => info.locator('.exif-line').textContent(), WAIT).toContain('35');
  expect(await info.locator('.exif-line').textContent()).toContain('ISO 400');
  expect(await info.locator('.exif-line').textContent()).toContain('2024-05-01');
  const body = info.getByRole('link', { name: /5D Mark IV/ });
  expect(await body.getAttribute('href')).toMatch(/^\/info\/view\//);
  const lens = info.getByRole('link', { name: /24-70/ });
  expect(await lens.getAttribute('href')).toMatch(/^\/info\/view\//);
  await shot(page, 'gallery-view-1280');
  await expectAccessible(page);

  // The viewer, by keyboard alone: Enter on a photo opens it there, the arrow keys move, the
  // caption follows, Escape closes.
  await page.getByRole('button', { name: '사진 1 크게 보기' }).first().focus();
  await page.keyboard.press('Enter');
  const viewer = page.locator('.yarl__root');
  await viewer.waitFor();
  await viewer.locator('.yarl__slide_title').getByText('노을 진 다리').waitFor();
  await expect.poll(() => viewer.locator('.yarl__counter').textContent(), WAIT).toBe('1 / 3');
  // Focus starts on the photo shown, not in the photo before it (loaded ahead, inert and hidden):
  // its caption 돌아가는 길 is nowhere in what has focus; Tab goes on to this photo's EXIF links.
  await expect.poll(() => viewerFocus(page), WAIT).toMatchObject({ shownPhoto: true, inInert: false });
  expect((await viewerFocus(page)).text).not.toContain('돌아가는 길');
  expect(await viewer.locator('.yarl__slide:not(.yarl__slide_current)').evaluateAll((els) => els.map((e) => e.hasAttribute('inert')))).not.toContain(false);
  await page.keyboard.press('Tab');
  expect(await viewerFocus(page)).toMatchObject({ inShown: true, text: expect.stringContaining('5D Mark IV') });
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => viewer.locator('.yarl__counter').textContent(), WAIT).toBe('2 / 3');
  // The next photo shown takes focus in its turn.
  await expect.poll(() => viewerFocus(page), WAIT).toMatchObject({ shownPhoto: true });
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => viewer.locator('.yarl__counter').textContent(), WAIT).toBe('3 / 3');
  await viewer.locator('.yarl__slide_title').getByText('돌아가는 길').waitFor();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => viewer.locator('.yarl__counter').textContent(), WAIT).toBe('2 / 3');
  await shot(page, 'gallery-viewer-1280');
  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'detached' });

  // The owner's list shows the item; the space shows the card, tabs and the grid.
  await page.goto('/gallery/my/list');
  await page.getByRole('link', { name: '한강의 저녁', exact: true }).waitFor();
  await page.getByText('사진 3장').waitFor();
  await expectAccessible(page);
  await shot(page, 'gallery-my-1280');
  await context.close();
});

it('works at 360 px for a visitor: space, grid and a swiped viewer, without any 2,560 px download', async () => {
  expect(galleryKey).toBeGreaterThan(0);
  const { context, page } = await newPage(browser, PHONE, { touch: true });
  const fullFiles = new Set(photos.map((p) => p.url));
  const fetched: string[] = [];
  page.on('request', (r: Request) => {
    const path = new URL(r.url()).pathname;
    if (fullFiles.has(path) || fullFiles.has(decodeURI(path))) fetched.push(path);
  });

  await page.goto(`/space/${member.userId}`);
  await page.getByRole('heading', { name: `${member.nickName}님의 공간` }).waitFor();
  const tabs = page.getByRole('navigation', { name: '개인 공간 메뉴' });
  await tabs.getByRole('link', { name: /갤러리/ }).waitFor();
  await page.locator('.gallery-grid img').first().waitFor();
  await expectAccessible(page);
  await shot(page, 'space-home-360');
  // All six tabs stand in sight, 박물관 the last, each at least 44 px tall; a tap on it opens it.
  const tabBoxes = await tabs.getByRole('link').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, height: r.height })));
  expect(tabBoxes).toHaveLength(6);
  for (const box of tabBoxes) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  expect(await auditTargets(page)).toEqual([]);
  await tabs.getByRole('link', { name: /박물관/ }).tap();
  await page.waitForURL(`**/space/${member.userId}/museum`);
  await page.getByRole('heading', { name: '박물관' }).waitFor();
  // The address changes before the tabs draw again: wait for the current tab to follow it.
  await expect.poll(() => tabs.getByRole('link', { name: /박물관/ }).getAttribute('aria-current'), WAIT).toBe('page');

  await tabs.getByRole('link', { name: /갤러리/ }).click();
  await page.waitForURL(`**/space/${member.userId}/gallery`);
  // The address changes before the tabs draw again: wait for the current tab to follow it.
  await expect.poll(() => tabs.getByRole('link', { name: /갤러리/ }).getAttribute('aria-current'), WAIT).toBe('page');
  await page.locator('.gallery-grid img').first().waitFor();
  await shot(page, 'space-gallery-360');
  await page.getByRole('link', { name: /한강의 저녁/ }).click();
  await page.waitForURL(`**/gallery/view/${galleryKey}`);
  await page.getByRole('heading', { name: '한강의 저녁' }).waitFor();
  await page.locator('.gallery-photos img').first().waitFor();
  await expect.poll(() => page.locator('.gallery-photo-info .exif-link').count(), WAIT).toBeGreaterThan(0);
  await expectAccessible(page);
  expect(await auditTargets(page)).toEqual([]);
  // The EXIF links are 24 px tall at least.
  for (const h of await page.locator('.gallery-photo-info .exif-link').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))) expect(h).toBeGreaterThanOrEqual(24);
  await shot(page, 'gallery-view-360');

  // A tap opens the viewer with focus on the photo shown; a swipe left moves to the next photo.
  await page.getByRole('button', { name: '사진 1 크게 보기' }).first().tap();
  const viewer = page.locator('.yarl__root');
  await viewer.waitFor();
  await expect.poll(() => viewer.locator('.yarl__counter').textContent(), WAIT).toBe('1 / 3');
  await expect.poll(() => viewerFocus(page), WAIT).toMatchObject({ shownPhoto: true, inInert: false });
  await viewer.locator('.yarl__slide_current img').waitFor();
  const box = (await viewer.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width * (0.8 - i * 0.075), y);
  await page.mouse.up();
  await expect.poll(() => viewer.locator('.yarl__counter').textContent(), WAIT).toBe('2 / 3');
  await shot(page, 'gallery-viewer-360');
  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'detached' });

  // Not one full-size file was asked for on the phone (thumbnails, grid and viewer alike).
  expect(fetched).toEqual([]);

  // The other tabs answer at their own addresses, empty ones politely.
  await page.goto(`/space/${member.userId}/comment`);
  await page.getByText('아직 쓴 댓글이 없습니다.').waitFor();
  await page.goto(`/space/${member.userId}/board`);
  await page.getByText('아직 쓴 글이 없습니다.').waitFor();
  await expectAccessible(page);

  // The old board address of the item leads to its page.
  await page.goto(`/board/gallery/view/${galleryKey}`);
  await page.waitForURL(`**/gallery/view/${galleryKey}`);
  await context.close();
});

it('lets the owner reorder and delete at 360 px, and keeps visitors out of the manager', async () => {
  const visitor = await newPage(browser, PHONE, { touch: true });
  await visitor.page.goto('/gallery/my/list');
  await visitor.page.getByText('내 갤러리는 로그인한 회원만 볼 수 있습니다.').waitFor();
  await visitor.context.close();

  // Another member writes a letter from the space's card.
  const other = await memberPage(browser, PHONE, { touch: true });
  await other.page.goto(`/space/${member.userId}`);
  await other.page.getByRole('button', { name: `${member.nickName}님에게 쪽지 보내기` }).click();
  await other.page.getByRole('dialog').waitFor();
  await other.context.close();

  const { context, page } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, member.userId, member.password);
  await page.goto('/gallery/my/list');
  // The row is one target: a tap on its counts opens the item; its buttons stay their own.
  const row = page.locator('.my-gallery-row').filter({ hasText: '한강의 저녁' });
  await row.getByText('사진 3장').waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await tapOver(page, row.getByText('사진 3장'));
  await page.waitForURL(`**/gallery/view/${galleryKey}`);
  await page.goBack();
  await page.getByRole('link', { name: '한강의 저녁 수정' }).click();
  await page.getByRole('heading', { name: '갤러리 수정' }).waitFor();
  await expect.poll(() => page.locator('.sorter-photo').count(), WAIT).toBe(3);
  await page.getByRole('button', { name: '사진 1을 뒤로' }).click();
  const order = await keysInForm(page);
  expect(order).toEqual([photos[1]!.fileKey, photos[0]!.fileKey, photos[2]!.fileKey]);
  await page.getByRole('button', { name: '사진 3 빼기' }).click();
  await expect.poll(() => page.locator('.sorter-photo').count(), WAIT).toBe(2);
  await expectAccessible(page);
  await shot(page, 'gallery-form-360');
  await page.getByRole('button', { name: '저장' }).click();
  await page.waitForURL(`**/gallery/view/${galleryKey}`);
  await expect.poll(() => page.locator('.gallery-photos img').count(), WAIT).toBe(2);

  await page.getByRole('button', { name: '삭제' }).click();
  await page.getByRole('button', { name: '예' }).click();
  await page.waitForURL(`**/space/${member.userId}/gallery`);
  await page.getByText('아직 올린 사진이 없습니다.').waitFor();
  await context.close();
});

it('pages the photos taken with a product: 사진 더 보기 adds the gallery photos past the first twelve', async () => {
  const { context, page } = await newPage(browser);
  await loginByApi(page, member.userId, member.password);
  // Fourteen more photos of the same body, in one new gallery item.
  const keys: string[] = [];
  let product = '';
  for (let i = 0; i < 14; i++) {
    const buffer = await cameraJpeg(320, 240, i % 2 ? '#4477aa' : '#aa7744');
    const res = await page.request.post('/api/file/upload', { multipart: { file: { name: `more-${i}.jpg`, mimeType: 'image/jpeg', buffer } } });
    expect(res.ok()).toBe(true);
    const up = (await res.json()) as { fileKey: string; cameraProduct?: { key: string } | null };
    keys.push(up.fileKey);
    product = up.cameraProduct?.key ?? product;
  }
  expect(product).not.toBe('');
  const saved = await page.request.post('/api/gallery/save', { data: { title: '더 많은 사진', photos: keys.map((fileKey) => ({ fileKey })) } });
  expect(saved.ok()).toBe(true);

  await page.goto(`/info/view/${encodeURIComponent(product)}`);
  const section = page.locator('#product-photos').locator('xpath=ancestor::section[1]');
  const tiles = section.locator('.product-photos li');
  await expect.poll(() => tiles.count(), WAIT).toBe(12);
  // The keyboard reaches the button; each press adds a page, each photo once, until all are shown.
  const more = section.getByRole('button', { name: '사진 더 보기' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => tiles.count(), WAIT).toBeGreaterThan(12);
  const hrefs = await tiles.locator('a').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
  expect(hrefs.some((h) => h.startsWith('/gallery/view/'))).toBe(true);
  const srcs = await tiles.locator('img').evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? ''));
  expect(new Set(srcs).size).toBe(srcs.length);
  await expectAccessible(page);
  await context.close();
});
