// Museum, today's photo and the home page in the browser. A member with three gallery items
// (made through the upload and gallery calls) builds a museum: picks the items, writes a note,
// orders them with the 앞으로 button and by a keyboard drag, and saves; the catalogue shows them in
// that order with the note and the EXIF line. The slideshow plays from the exhibit in the address
// and answers the keyboard alone, focus on the photo shown: arrows, Space to pause and resume,
// Escape back to the catalogue.
// The admin picks today's photo (a member's item, its second photo, a note); the home page and
// the today list show it, at 1280 and 360 px, and a phone gets at most the 1,280 px file; the
// admin then deletes the pick. Axe finds nothing serious on the museum, today and home pages. At
// 360 px every target on them is a thumb's size and a tap anywhere on an exhibit or a today entry
// opens it; at 1280 px the home page's side column holds the ways around the site under the login box.
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, newPage, PHONE, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

/** EXIF of a Canon EOS 5D Mark IV with the EF 24-70mm f/2.8L II, both in the shipped catalogue. */
const CANON = {
  IFD0: { Make: 'Canon', Model: 'Canon EOS 5D Mark IV' },
  IFD2: { LensModel: 'EF24-70mm f/2.8L II USM', FocalLength: '50/1', FNumber: '40/10', ExposureTime: '1/250', ISOSpeedRatings: '200', DateTimeOriginal: '2024:11:02 07:10:00' },
};

const cameraJpeg = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } }).jpeg({ quality: 70 }).withExif(CANON).toBuffer();

// Browser globals used inside page.evaluate (this project type-checks without the DOM lib).
declare const document: { activeElement: { textContent: string | null; getAttribute(name: string): string | null } | null };
type Img = { complete: boolean; naturalWidth: number; currentSrc: string };
type Box = { getBoundingClientRect(): { width: number } };

/** Each test scans several pages with axe and loads photos; a busy two-core machine needs time. */
const SLOW = 180_000;
/** Polls wait as long as a locator does (the default second is too short under load). */
const POLL = { timeout: 30_000 };

const TITLES = ['새벽 호수', '골목의 오후', '겨울 숲'] as const;

/** A thumb's tap where the element shows: a row's stretched link lies over it, so the tap is the link's. */
async function tapOver(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

let browser: Browser;
let member: Awaited<ReturnType<typeof signUpByApi>>;
/** Gallery keys by title. */
const keys = new Map<string, number>();

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function uploadPhoto(page: Page, name: string, data: Buffer): Promise<string> {
  const res = await page.request.post('/api/file/upload', { multipart: { file: { name, mimeType: 'image/jpeg', buffer: data } } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { fileKey: string }).fileKey;
}

beforeAll(async () => {
  browser = await launch();
  member = await signUpByApi();
  // Three gallery items; the last has two photos (the admin picks its second).
  const { context, page } = await newPage(browser);
  await loginByApi(page, member.userId, member.password);
  const colours = ['#334f6e', '#6e5a33', '#2f5a3c', '#8a8f96'];
  for (const [i, title] of TITLES.entries()) {
    const photos = [{ fileKey: await uploadPhoto(page, `${i}.jpg`, await cameraJpeg(2000 + i * 200, 1400, colours[i]!)) }];
    if (i === 2) photos.push({ fileKey: await uploadPhoto(page, 'snow.jpg', await cameraJpeg(1600, 2400, colours[3]!)) });
    const saved = await post<{ galleryKey: number }>(page, '/api/gallery/save', { title, description: `${title} 설명`, photos });
    keys.set(title, saved.galleryKey);
  }
  await context.close();
}, SLOW);
afterAll(() => browser?.close());

/** The exhibit titles of the catalogue, in order. */
const catalogue = (page: Page) => page.locator('.exhibit-title').allTextContents();
/** The titles in the editor's order list. */
const order = (page: Page) => page.locator('.order-title').allTextContents();

it('a member builds a museum: picks from the gallery, writes a note, orders by button and keyboard drag, saves', async () => {
  const { context, page } = await newPage(browser);
  await loginByApi(page, member.userId, member.password);
  await page.goto(`/space/${member.userId}/museum`);
  await page.getByText('갤러리의 사진을 골라 첫 전시를 꾸며 보세요.').waitFor();
  await expectAccessible(page);

  await page.getByRole('button', { name: '전시 편집' }).click();
  // Focus moves into the editor.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()), POLL).toBe('전시 편집');
  for (const title of TITLES) await page.getByRole('button', { name: `${title} 전시에 추가` }).click();
  await expect.poll(() => order(page), POLL).toEqual([...TITLES]);
  await expect.poll(() => page.locator('.pick-chosen').count(), POLL).toBe(3);

  await page.getByLabel('새벽 호수: 작품 설명').fill('안개가 걷히던 순간');

  // 겨울 숲 to the front with its 앞으로 button twice, by keyboard; focus stays on the button
  // until it can go no further, then lands on the row's handle.
  const forward = page.getByRole('button', { name: '겨울 숲 앞으로' });
  await forward.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => order(page), POLL).toEqual(['새벽 호수', '겨울 숲', '골목의 오후']);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), POLL).toBe('겨울 숲 앞으로');
  await page.keyboard.press('Enter');
  await expect.poll(() => order(page), POLL).toEqual(['겨울 숲', '새벽 호수', '골목의 오후']);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), POLL).toBe('겨울 숲 끌어서 순서 바꾸기');
  await page.getByRole('status').filter({ hasText: '겨울 숲: 3점 중 1번째' }).waitFor({ state: 'attached' });

  // 새벽 호수 one place down by a keyboard drag on its handle: Space picks it up, ArrowDown moves,
  // Space drops; each step waits for what the drag announces.
  await page.getByRole('button', { name: '새벽 호수 끌어서 순서 바꾸기' }).focus();
  await page.keyboard.press('Space');
  await page.getByText('새벽 호수를 집었습니다.').waitFor({ state: 'attached' });
  // The drag measures the rows after the pick-up; an arrow pressed before that moves nothing, so
  // it is pressed again until the move is announced (it is the last place: a second press is a no-op).
  const moved = page.getByText('새벽 호수: 골목의 오후 자리');
  await expect
    .poll(async () => {
      if ((await moved.count()) === 0) await page.keyboard.press('ArrowDown');
      return moved.count();
    }, { ...POLL, interval: 700 })
    .toBeGreaterThan(0);
  await page.keyboard.press('Space');
  await expect.poll(() => order(page), POLL).toEqual(['겨울 숲', '골목의 오후', '새벽 호수']);
  expect(await page.getByLabel('새벽 호수: 작품 설명').inputValue()).toBe('안개가 걷히던 순간');
  await shot(page, 'museum-editor-1280');
  await expectAccessible(page);

  await page.getByRole('button', { name: '전시 저장' }).click();
  await waitForToast(page, '전시를 저장했습니다.');
  // Focus goes back to the button that opened the editor.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()), POLL).toBe('전시 편집');
  await expect.poll(() => catalogue(page), POLL).toEqual(['겨울 숲', '골목의 오후', '새벽 호수']);
  const dawn = page.locator('.exhibit').filter({ hasText: '새벽 호수' });
  await dawn.getByText('안개가 걷히던 순간').waitFor();
  expect(await dawn.locator('.exif-line').textContent()).toContain('ISO 200');
  // The space's museum tab counts the exhibits.
  await expect.poll(() => page.locator('.space-tabs').getByRole('link', { name: /박물관/ }).textContent(), POLL).toContain('3');
  await shot(page, 'museum-catalogue-1280');
  await expectAccessibleWithoutToasts(page);
  await context.close();
}, SLOW);

it('the slideshow starts at the exhibit in the address and answers the keyboard: arrows, Space, Escape', async () => {
  const { context, page } = await newPage(browser);
  // Asking for less motion starts it paused, so each step below sees the photo it expects.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/space/${member.userId}/museum/show/${keys.get('골목의 오후')}`);
  const current = page.locator('.yarl__slide_current');
  const title = () => current.locator('.yarl__slide_title').textContent();
  const focusOnShownPhoto = () => page.evaluate(`document.activeElement?.matches('.yarl__slide_current img') ?? false`);
  await expect.poll(title, POLL).toBe('골목의 오후');
  await current.getByText(`${member.nickName}님의 사진`).waitFor();
  await expect.poll(() => current.locator('.exif-line').textContent(), POLL).toContain('f/4');
  await page.getByRole('button', { name: '자동 재생' }).waitFor();
  // The photos beside this one are already there before they are shown.
  await expect.poll(() => page.locator('.yarl__slide img').count(), POLL).toBeGreaterThan(1);
  // Focus is on the photo shown, not in the exhibit loaded ahead of it (inert, out of sight).
  await expect.poll(focusOnShownPhoto, POLL).toBe(true);

  await page.keyboard.press('ArrowRight');
  await expect.poll(title, POLL).toBe('새벽 호수');
  await expect.poll(focusOnShownPhoto, POLL).toBe(true);
  await current.getByText('안개가 걷히던 순간').waitFor();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(title, POLL).toBe('골목의 오후');
  // Space plays (the button then offers to pause) and pauses again.
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: '일시 정지' }).waitFor();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: '자동 재생' }).waitFor();
  await shot(page, 'museum-show-1280');
  await expectAccessible(page);

  // Escape leaves even when focus has fallen out of the viewer, as when the photo that had it
  // turned inert while the slideshow played on.
  await page.evaluate(`document.activeElement?.blur()`);
  await page.keyboard.press('Escape');
  await page.waitForURL(`**/space/${member.userId}/museum`);
  await expect.poll(() => catalogue(page), POLL).toEqual(['겨울 숲', '골목의 오후', '새벽 호수']);
  await context.close();
}, SLOW);

it('the slideshow and the catalogue work on a phone: autoplay, swipe to the next photo, never the 2,560 px file', async () => {
  const { context, page } = await newPage(browser, PHONE, { touch: true });
  const big: string[] = [];
  page.on('request', (r: { url(): string }) => {
    if (/\/api\/file\/down\/[^/]+\/(?!thumb$|medium$)[^/]+$/.test(new URL(r.url()).pathname)) big.push(r.url());
  });
  await page.goto(`/space/${member.userId}/museum`);
  await expect.poll(() => catalogue(page), POLL).toEqual(['겨울 숲', '골목의 오후', '새벽 호수']);
  await shot(page, 'museum-catalogue-360');
  await expectAccessible(page);
  expect(await auditTargets(page)).toEqual([]);
  // An exhibit is one target: a tap on its note plays the slideshow from it.
  await tapOver(page, page.locator('.exhibit').filter({ hasText: '새벽 호수' }).getByText('안개가 걷히던 순간'));
  await page.waitForURL(`**/space/${member.userId}/museum/show/${keys.get('새벽 호수')}`);
  await expect.poll(() => page.locator('.yarl__slide_current .yarl__slide_title').textContent(), POLL).toBe('새벽 호수');

  await page.goto(`/space/${member.userId}/museum/show`);
  const current = page.locator('.yarl__slide_current');
  const title = () => current.locator('.yarl__slide_title').textContent();
  await expect.poll(title, POLL).not.toBeNull();
  // It plays by itself; pause it, then a swipe to the left shows the exhibit after this one.
  await page.getByRole('button', { name: '일시 정지' }).click();
  await page.getByRole('button', { name: '자동 재생' }).waitFor();
  const order = ['겨울 숲', '골목의 오후', '새벽 호수'];
  // A slide the autoplay started just before the pause may still be moving in: read the title once
  // it has stayed the same for a moment (the viewer ignores a swipe during its animation).
  let shown = '';
  await expect.poll(async () => {
    const before = await title();
    await page.waitForTimeout(400);
    shown = (await title()) ?? '';
    return before === shown;
  }, POLL).toBe(true);
  const next = order[(order.indexOf(shown) + 1) % order.length];
  const box = (await page.locator('.yarl__container').boundingBox())!;
  const y = box.y + box.height / 2;
  const swipe = async () => {
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.15, y, { steps: 5 });
    await page.mouse.up();
  };
  await swipe();
  // Swiped again only while the same photo is still shown (a busy machine may drop the first).
  await expect.poll(async () => ((await title()) === shown ? (await swipe(), title()) : title()), { ...POLL, interval: 1000 }).toBe(next);
  await shot(page, 'museum-show-360');
  expect(big).toEqual([]);
  await context.close();
}, SLOW);

/** Deletes any pick left for today by an earlier, failed run (other tests read the home page). */
async function clearToday(page: Page, date: string) {
  await page.request.post('/api/admin/today/delete', { data: { date } });
}

it('the admin picks today’s photo; the home page and the today list show it at 1280 and 360 px; the admin deletes it', async () => {
  const { context, page } = await newPage(browser);
  await loginByApi(page, 'admin', inject('adminPassword'));
  const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  await clearToday(page, today);

  // A visitor's home page before any pick: a friendly empty box.
  const visitor = await newPage(browser);
  await visitor.page.goto('/');
  await visitor.page.getByText('첫 오늘의 사진을 기다리고 있습니다.', { exact: false }).waitFor();

  await page.goto('/system/todayphoto/list');
  await page.getByRole('button', { name: '오늘의 사진 고르기' }).click();
  const dialog = page.getByRole('dialog', { name: '오늘의 사진 고르기' });
  await dialog.waitFor();
  // Saving with no item marks the search field and sends nothing.
  await dialog.getByLabel('날짜').fill(today);
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await expect.poll(() => dialog.getByLabel('회원 아이디로 찾기').getAttribute('aria-invalid'), POLL).toBe('true');

  // The member's items by user id (Enter searches), then the item and its second photo, by keyboard.
  await dialog.getByLabel('회원 아이디로 찾기').fill(member.userId);
  await dialog.getByLabel('회원 아이디로 찾기').press('Enter');
  const item = dialog.getByRole('radio', { name: /^겨울 숲/ });
  await item.waitFor();
  await item.check();
  await expect.poll(() => dialog.locator('.today-pick-photos input').count(), POLL).toBe(2);
  await dialog.getByRole('radio', { name: '2번째 사진' }).check();
  await dialog.getByLabel('한마디').fill('첫눈 오던 아침의 숲');
  await expectAccessible(page);
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await waitForToast(page, '저장했습니다.');
  const row = page.locator('.admin-table tbody tr').filter({ hasText: today });
  await row.getByText('겨울 숲').waitFor();
  await row.getByText('첫눈 오던 아침의 숲').waitFor();
  await shot(page, 'today-admin-1280');
  await expectAccessibleWithoutToasts(page);

  // The home page (a visitor, desktop): today's photo large, with photographer, note and EXIF.
  const home = visitor.page;
  await home.goto('/');
  const figure = home.locator('.home-today-figure');
  await figure.getByRole('link', { name: '겨울 숲' }).waitFor();
  await figure.getByText(member.nickName).waitFor();
  await figure.getByText('첫눈 오던 아침의 숲').waitFor();
  expect(await figure.locator('.exif-line').textContent()).toContain('50mm');
  const img = figure.locator('img');
  expect(await img.getAttribute('width')).toBe('1600');
  expect(await img.getAttribute('height')).toBe('2400');
  await home.locator('.home-gallery').getByText('겨울 숲').waitFor();
  await shot(home, 'home-today-1280');
  await expectAccessible(home);
  // The side column is no box above empty space: the ways around the site stand in it, beside
  // the main column and on the first screen.
  const main = (await home.locator('.home-main').boundingBox())!;
  const sections = (await home.locator('.home-aside').getByRole('heading', { name: '둘러보기' }).boundingBox())!;
  expect(sections.x).toBeGreaterThanOrEqual(main.x + main.width);
  expect(sections.y).toBeLessThan(900);

  // The today list.
  await home.getByRole('link', { name: '지난 오늘의 사진' }).click();
  await home.getByRole('heading', { level: 1, name: '오늘의 사진' }).waitFor();
  const entry = home.locator('.today-entry').first();
  await entry.getByRole('link', { name: '겨울 숲' }).waitFor();
  await entry.getByText('첫눈 오던 아침의 숲').waitFor();
  await shot(home, 'today-list-1280');
  await expectAccessible(home);
  await visitor.context.close();

  // A phone: the home page and the list, the today photo never from the 2,560 px file.
  const phone = await newPage(browser, PHONE, { touch: true });
  await phone.page.goto('/');
  const phoneImg = phone.page.locator('.home-today-figure img');
  await expect.poll(() => phoneImg.evaluate((el: Img) => el.complete && el.naturalWidth > 0), POLL).toBe(true);
  expect(await phoneImg.evaluate((el: Img) => el.currentSrc)).toMatch(/\/(medium|thumb)$/);
  await shot(phone.page, 'home-today-360');
  await expectAccessible(phone.page);
  expect(await auditTargets(phone.page)).toEqual([]);
  await phone.page.goto('/today/photo/list');
  await phone.page.locator('.today-entry').first().getByText('첫눈 오던 아침의 숲').waitFor();
  await shot(phone.page, 'today-list-360');
  await expectAccessible(phone.page);
  expect(await auditTargets(phone.page)).toEqual([]);
  // A today entry is one target: a tap on its photo opens the gallery item.
  await tapOver(phone.page, phone.page.locator('.today-entry').first().locator('.today-photo img'));
  await phone.page.waitForURL(`**/gallery/view/${keys.get('겨울 숲')}`);
  await phone.context.close();

  // Delete, after confirming.
  await row.getByRole('button', { name: `${today} 오늘의 사진 삭제` }).click();
  await page.locator('.p-confirm-dialog').getByRole('button', { name: '예' }).click();
  await waitForToast(page, '삭제했습니다.');
  await page.getByText('고른 오늘의 사진이 없습니다.').waitFor();
  await context.close();
}, SLOW);

it('the admin page at 360 px: the table stacks and the pick dialog fits', async () => {
  const { context, page } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, 'admin', inject('adminPassword'));
  await page.goto('/system/todayphoto/list');
  await page.getByText('고른 오늘의 사진이 없습니다.').waitFor();
  await page.getByRole('button', { name: '오늘의 사진 고르기' }).click();
  const dialog = page.getByRole('dialog', { name: '오늘의 사진 고르기' });
  await dialog.locator('.today-pick-card').first().waitFor();
  const width = await dialog.evaluate((el: Box) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'today-admin-dialog-360');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await context.close();
}, SLOW);
