// My gear (내 장비) in the browser. On a touch phone at 360 px a member who posted camera photos
// opens 내 장비 from my info, adds the body their photos name ("이 카메라를 쓰시나요?"), says they do
// not use the lens (it stays away after a reload), adds a product by search, makes the list
// private and sees it on their space, where 팔기 opens the market form. On a desktop at 1280 px
// the same by keyboard alone, and 팔기 fills the form: product attached, subject from its name,
// category from its type. Visitors see a private list's notice only; axe finds nothing serious.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, shot, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

/** EXIF of a Canon EOS 5D Mark IV with the EF 24-70mm f/2.8L II, both in the shipped catalogue. */
const CANON = { IFD0: { Make: 'Canon', Model: 'Canon EOS 5D Mark IV' }, IFD2: { LensModel: 'EF24-70mm f/2.8L II USM' } };
const WAIT = { timeout: 20_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

interface Card {
  key: string;
  type: string;
  brand: string;
  name: string;
}
/** As the picker names a product (web/ui/product-picker.tsx cardName). */
const nameOf = (p: Card) => (p.name.toLowerCase().startsWith(p.brand.toLowerCase()) || p.brand === '' ? p.name : `${p.brand} ${p.name}`);
/** The picker's line for exactly this product (not "EOS R5 C" for "EOS R5"). */
const optionOf = (page: Page, p: Card) => page.locator('.p-autocomplete-item').filter({ has: page.getByText(nameOf(p), { exact: true }) });

/** Two camera photos in a post of the page's member: their EXIF names a body and a lens. */
async function postCameraPhotos(page: Page) {
  const files: string[] = [];
  for (const background of ['#335577', '#775533']) {
    const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background } }).jpeg().withExif(CANON).toBuffer();
    const up = await page.request.post('/api/file/upload', { multipart: { file: { name: 'shot.jpg', mimeType: 'image/jpeg', buffer } } });
    expect(up.ok(), await up.text()).toBe(true);
    files.push(((await up.json()) as { fileKey: string }).fileKey);
  }
  const res = await page.request.post('/api/board/save', {
    data: { boardId: 'free', category: 'c1', subject: '장비 시험 사진', content: '<p><img src="file0"><img src="file1"></p>', files },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The suggestions the server makes for the page's member now. */
async function suggestions(page: Page): Promise<Card[]> {
  const res = await page.request.post('/api/gear/suggestions', { data: {} });
  return ((await res.json()) as { items: Array<{ product: Card }> }).items.map((i) => i.product);
}

/** A catalogue lens the picker finds by this query (a product other than those given). */
async function searchable(page: Page, q: string, not: string[]): Promise<Card> {
  const res = await page.request.post('/api/product/search', { data: { q } });
  const found = ((await res.json()) as { items: Card[] }).items.find((p) => p.type !== 'flash' && p.type !== 'accessory' && !not.includes(p.key));
  expect(found, q).toBeTruthy();
  return found!;
}

it('on a touch phone: add from a suggestion, dismiss one, add by search, make it private, see it on the space, 팔기', async () => {
  const { page, context, user: m } = await memberPage(browser, PHONE, { touch: true });
  await postCameraPhotos(page);
  const suggested = await suggestions(page);
  const body = suggested.find((p) => p.type === 'body')!;
  const lens = suggested.find((p) => p.type === 'lens')!;
  expect(body && lens).toBeTruthy();

  // my info → 내 장비, no password asked.
  await page.goto('/');
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).tap();
  await page.getByRole('dialog').getByRole('button', { name: '내 장비' }).tap();
  await page.waitForURL('**/user/gear');
  await page.getByRole('heading', { name: '사진에서 찾은 장비' }).waitFor(WAIT);
  await page.getByText('이 카메라를 쓰시나요?').waitFor();
  await page.getByText('이 렌즈를 쓰시나요?').waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'gear-phone-suggestions');

  await page.getByRole('button', { name: `${nameOf(body)} 추가` }).tap();
  await waitForToast(page, `${nameOf(body)}을(를) 내 장비에 추가했습니다.`);
  await page.getByRole('button', { name: `${nameOf(lens)} 쓰지 않아요` }).tap();
  await waitForToast(page, `${nameOf(lens)}은(는) 다시 추천하지 않습니다.`);
  const mine = page.getByRole('list', { name: '내 장비 목록' });
  await mine.getByRole('link', { name: nameOf(body), exact: true }).waitFor();
  await expect.poll(() => page.getByRole('heading', { name: '사진에서 찾은 장비' }).count()).toBe(0);
  // Dismissed stays dismissed.
  await page.reload();
  await mine.getByRole('link', { name: nameOf(body), exact: true }).waitFor(WAIT);
  expect(await page.getByText('이 렌즈를 쓰시나요?').count()).toBe(0);

  // Add by search, with a note.
  const other = await searchable(page, 'EOS R5', [body.key, lens.key]);
  await page.getByLabel('제품', { exact: true }).pressSequentially(other.name.slice(0, 12));
  await optionOf(page, other).first().tap();
  await page.getByLabel('메모', { exact: true }).fill('2019년 구입');
  await page.getByRole('button', { name: '추가', exact: true }).tap();
  await waitForToast(page, `${nameOf(other)}을(를) 내 장비에 추가했습니다.`);
  await expect.poll(() => mine.getByRole('textbox', { name: `${nameOf(other)} 메모` }).inputValue()).toBe('2019년 구입');

  // Private for the whole list.
  await page.getByRole('switch', { name: '장비 목록을 나만 보기' }).tap();
  await waitForToast(page, '장비 목록을 비공개로 바꿨습니다.');
  expect(await page.getByRole('switch', { name: '장비 목록을 나만 보기' }).isChecked()).toBe(true);
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'gear-phone-manage');

  // The space: the owner sees the list (marked private) with 팔기; the space's tabs are unchanged.
  await page.goto(`/space/${m.userId}`);
  const section = page.getByRole('list', { name: `${m.nickName}님의 장비` });
  await section.getByRole('link', { name: nameOf(body), exact: true }).waitFor(WAIT);
  await page.getByText('비공개 목록입니다. 나만 볼 수 있습니다.').waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'gear-phone-space');

  // A visitor sees the notice only.
  const visitor = await newPage(browser, PHONE, { touch: true });
  await visitor.page.goto(`/space/${m.userId}`);
  await visitor.page.getByText('이 회원은 장비 목록을 공개하지 않습니다.').waitFor(WAIT);
  expect(await visitor.page.getByRole('link', { name: nameOf(body), exact: true }).count()).toBe(0);
  await visitor.context.close();

  await section.getByRole('link', { name: `${nameOf(body)} 장터에 팔기` }).tap();
  await page.waitForURL((u) => u.pathname === '/market/write' && u.searchParams.get('product') === body.key);
  await context.close();
});

it('on a desktop by keyboard: add by search and from a suggestion, make it private, and 팔기 fills the market form', async () => {
  const { page, context } = await newPage(browser);
  // The administrator may sell, so 팔기 opens the form itself.
  await loginByApi(page, 'admin', inject('adminPassword'));
  await postCameraPhotos(page);
  const body = (await suggestions(page)).find((p) => p.type === 'body');

  await page.goto('/user/gear');
  await page.getByRole('heading', { name: '장비 추가' }).waitFor(WAIT);
  await expectAccessibleWithoutToasts(page);

  if (body) {
    await page.getByRole('button', { name: `${nameOf(body)} 추가` }).press('Enter');
    await waitForToast(page, `${nameOf(body)}을(를) 내 장비에 추가했습니다.`);
  }
  const lens = await searchable(page, '24-70', body ? [body.key] : []);
  const field = page.getByLabel('제품', { exact: true });
  await field.focus();
  // The query the lens was found by: the picker lists the same answer.
  await page.keyboard.type('24-70');
  await optionOf(page, lens).first().waitFor(WAIT);
  // Down to the product and Enter, as a keyboard picks from the list.
  const items = await page.locator('.p-autocomplete-item').allInnerTexts();
  const at = items.findIndex((text) => text.split('\n')[0]!.trim() === nameOf(lens));
  for (let i = 0; i <= at; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.type('렌즈 메모');
  await page.keyboard.press('Enter');
  await waitForToast(page, `${nameOf(lens)}을(를) 내 장비에 추가했습니다.`);
  const mine = page.getByRole('list', { name: '내 장비 목록' });
  await expect.poll(() => mine.getByRole('textbox', { name: `${nameOf(lens)} 메모` }).inputValue()).toBe('렌즈 메모');

  // The lens goes first.
  await page.getByRole('button', { name: `${nameOf(lens)} 위로 옮기기` }).press('Enter');
  await expect.poll(async () => (await mine.locator('.gear-name').allInnerTexts())[0]).toBe(nameOf(lens));

  const privacy = page.getByRole('switch', { name: '장비 목록을 나만 보기' });
  await privacy.focus();
  await page.keyboard.press('Space');
  await waitForToast(page, '장비 목록을 비공개로 바꿨습니다.');
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'gear-desktop-manage');

  await page.goto('/space/admin');
  const section = page.getByRole('list', { name: /님의 장비$/ });
  await section.getByRole('link', { name: nameOf(lens), exact: true }).waitFor(WAIT);
  await expectAccessibleWithoutToasts(page);

  // 팔기 by keyboard: the write form with the product attached, its name as the subject and the lens category.
  await section.getByRole('link', { name: `${nameOf(lens)} 장터에 팔기` }).press('Enter');
  await page.waitForURL((u) => u.pathname === '/market/write' && u.searchParams.get('product') === lens.key);
  await page.locator('form.market-editor').waitFor(WAIT);
  await expect.poll(() => page.locator('#market-subject').inputValue(), WAIT).toBe(nameOf(lens));
  await expect.poll(() => page.locator('#market-product').inputValue()).toBe(nameOf(lens));
  const category = page.locator('#market-category');
  await expect.poll(async () => (await category.locator('option:checked').innerText()).trim()).toBe('렌즈');
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'gear-desktop-sell');

  // Back to public, so other tests' visitors see the administrator's space as before.
  await page.request.post('/api/gear/privacy', { data: { private: false } });
  await context.close();
});
