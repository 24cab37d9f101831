// Product pages end to end, on a 360 px phone and a desktop: the menu leads to the lens list,
// makers and types are browsed by their tabs, a search for "24-70" (kept in the address, so back
// returns to it) opens a lens with its specs and the lensfun credit; an admin-made product shows
// its Korean name, announce date and picture (with the preview), a merged product's address moves
// to the product it went into, and a removed one opens the error page. axe on list and view;
// on a phone, a product's price trace reads in Korean (axis and legend, the legend showing the
// latest prices untouched), its monthly table fits 360 px, a used price's row is one target, and
// the trace, view and lists pass the target audit for a visitor, a member and the admin;
// screenshots at 360 and 1280 px under /tmp/shots.
import { mkdirSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, launch, loginByApi, newPage, PHONE, signUpByApi } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const SHOTS = '/tmp/shots';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Nothing on the page is wider than the screen. */
const pageWidth = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

/** A small valid PNG (an orange-blue gradient), so the test needs no fixture file. */
function makePng(width = 120, height = 80): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = 230 - Math.round((x / width) * 150);
      rows[row + 2 + x * 3] = 120;
      rows[row + 3 + x * 3] = 60 + Math.round((y / height) * 180);
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

// Loaded cards only: the loading skeletons wear the card's shape too.
const cards = (page: Page) => page.locator('.product-card:not(.product-card-skeleton)');

it('browses makers and types from the menu at 360 px', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto('/');
  await page.getByRole('button', { name: '메뉴 열기' }).tap();
  const drawer = page.locator('.menu-drawer');
  await drawer.getByRole('heading', { name: '제품 정보', exact: true }).waitFor();
  await drawer.getByRole('link', { name: /^렌즈/ }).tap();
  await page.waitForURL('**/info/lens/canon/list');
  await page.getByRole('heading', { level: 1, name: '제품 정보' }).waitFor();

  const types = page.getByRole('navigation', { name: '제품 종류' });
  const makers = page.getByRole('navigation', { name: '제조사' });
  await expect.poll(() => types.getByRole('link', { name: /^렌즈/ }).getAttribute('aria-current')).toBe('page');
  await expect.poll(() => makers.getByRole('link', { name: /^Canon/ }).getAttribute('aria-current')).toBe('page');
  await cards(page).first().waitFor();
  expect(await cards(page).first().innerText()).toContain('Canon');
  // The counts arrive with the maker list: "렌즈 138개" to a screen reader.
  await expect.poll(() => types.getByRole('link', { name: /^렌즈 \d[\d,]*개$/ }).count()).toBe(1);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await shot(page, 'products-list-360');

  // Another maker: the tab row scrolls sideways; the tab is a link with the logo's name.
  await makers.getByRole('link', { name: /^Nikon/ }).tap();
  await page.waitForURL('**/info/lens/nikon/list');
  await expect.poll(() => cards(page).first().innerText()).toContain('Nikon');
  // Another type keeps the maker.
  await types.getByRole('link', { name: /^바디/ }).tap();
  await page.waitForURL('**/info/body/nikon/list');
  await expect.poll(() => cards(page).first().innerText()).toMatch(/Nikon/);
  // Every maker at once, then page 2 in the address.
  await makers.getByRole('link', { name: /^전체/ }).tap();
  await page.waitForURL('**/info/body/all/list');
  await page.getByRole('navigation', { name: '제품 목록 페이지' }).getByRole('link', { name: /^2\s?페이지$/ }).tap();
  await page.waitForURL('**/info/body/all/list/2');
  await cards(page).first().waitFor();

  // A maker with nothing of a type says so.
  await page.goto('/info/flash/canon/list');
  await page.getByText('이 제조사의 플래시가 아직 없습니다.').waitFor();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await context.close();
});

it('searches "24-70", opens a lens, and back returns to the results (360 px)', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto('/info/lens/all/list');
  await cards(page).first().waitFor();
  const box = page.getByRole('searchbox', { name: '제품 이름' });
  // Typing searches after a pause; the words go into the address.
  await box.fill('24-70');
  await page.waitForURL('**/info/lens/all/list?search=24-70');
  await page.locator('.search-summary').getByText(/‘24-70’ 검색 결과 \d+개/).waitFor();
  await expect.poll(async () => (await cards(page).allInnerTexts()).every((t) => t.includes('24-70'))).toBe(true);
  await shot(page, 'products-search-360');

  const first = cards(page).first();
  const name = (await first.locator('.product-card-name').innerText()).trim();
  await first.getByRole('link').tap();
  await page.waitForURL('**/info/view/**');
  await page.getByRole('heading', { level: 1, name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).waitFor();
  const specs = page.locator('.product-specs');
  await specs.getByText('초점 거리').waitFor();
  expect(await specs.innerText()).toContain('24–70mm');
  for (const section of ['중고 시세', '판매 중', '이 제품으로 찍은 사진']) await page.getByRole('heading', { level: 2, name: section }).waitFor();
  await page.getByText('아직 이 제품으로 찍은 사진이 없습니다.').waitFor();
  await page.locator('.product-exif').getByText('EXIF 이름').waitFor();
  // A catalogue product credits lensfun and links its licence.
  expect(await page.getByRole('link', { name: 'CC BY-SA 3.0' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by-sa/3.0/');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await shot(page, 'products-view-360');

  await page.goBack();
  await page.waitForURL('**/info/lens/all/list?search=24-70');
  await expect.poll(() => box.inputValue()).toBe('24-70');

  // Enter searches at once; on one maker's tab a link widens the search to every maker.
  await page.goto('/info/lens/canon/list');
  await box.fill('24-70');
  await box.press('Enter');
  await page.waitForURL('**/info/lens/canon/list?search=24-70');
  await page.locator('.search-summary').getByRole('link', { name: '모든 제조사에서 찾기' }).tap();
  await page.waitForURL('**/info/lens/all/list?search=24-70');
  await page.locator('.search-summary').getByRole('link', { name: '검색 지우기' }).tap();
  await page.waitForURL('**/info/lens/all/list');
  await expect.poll(() => box.inputValue()).toBe('');
  await context.close();
});

it('shows an admin-made product with its picture, follows a merge and refuses a removed product (1280 px)', async () => {
  const tag = Date.now().toString(36).slice(-5);
  const { page: admin, context: adminContext } = await newPage(browser);
  await loginByApi(admin, 'admin', inject('adminPassword'));
  const uploaded = await admin.request.post('/api/file/upload', { multipart: { file: { name: 'lens.png', mimeType: 'image/png', buffer: makePng() } } });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const { fileKey } = (await uploaded.json()) as { fileKey: string };
  const save = async (data: Record<string, unknown>) => {
    const res = await admin.request.post('/api/admin/product/save', { data });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { key: string }).key;
  };
  const lens = {
    type: 'lens',
    company: 'other',
    brand: 'Samyang',
    name: `AF 24-70mm F2.8 FE 시험${tag}`,
    nameKo: `삼양 표준 줌 시험${tag}`,
    mount: 'Sony E',
    focalMin: 24,
    focalMax: 70,
    apertureMin: 2.8,
    apertureMax: 2.8,
    announced: '2024-05',
    specs: [{ label: '무게', value: '630g' }],
    imageKeys: [fileKey],
  };
  const key = await save(lens);
  const twin = await save({ ...lens, name: `AF 24-70 F2.8 중복${tag}`, nameKo: '', imageKeys: [] });
  const gone = await save({ ...lens, name: `지울 제품${tag}`, nameKo: '', imageKeys: [] });

  const { page, context } = await newPage(browser, DESKTOP);
  // In the list of other makers, found by its Korean name.
  await page.goto(`/info/lens/other/list?search=${encodeURIComponent(`시험${tag}`)}`);
  const card = cards(page).filter({ hasText: lens.name });
  await card.getByText(lens.nameKo).waitFor();
  await card.getByText('발표 2024.05').waitFor();
  expect(await card.locator('img').count()).toBe(1);
  await expectAccessible(page);
  await shot(page, 'products-list-1280');

  await card.getByRole('link').click();
  await page.waitForURL(`**/info/view/${key}`);
  await page.getByRole('heading', { level: 1, name: `Samyang ${lens.name}` }).waitFor();
  const facts = page.locator('.product-facts');
  expect(await facts.innerText()).toMatch(/발표일\s+2024\.05/);
  expect(await page.locator('.product-specs').innerText()).toMatch(/무게\s+630g/);
  // An admin's product carries no catalogue credit.
  expect(await page.getByRole('link', { name: 'CC BY-SA 3.0' }).count()).toBe(0);
  // The picture opens in the preview (Korean button names) and closes again.
  await page.getByRole('button', { name: '사진 크게 보기' }).click();
  await page.getByRole('button', { name: '확대' }).waitFor();
  await page.getByRole('button', { name: '닫기' }).click();
  await page.getByRole('button', { name: '확대' }).waitFor({ state: 'detached' });
  await expectAccessible(page);
  await shot(page, 'products-view-1280');

  // Keyboard: the maker tabs are reachable and say which one is current.
  await page.goto('/info/lens/other/list');
  const other = page.getByRole('navigation', { name: '제조사' }).getByRole('link', { name: /^기타 제조사/ });
  await other.focus();
  expect(await other.getAttribute('aria-current')).toBe('page');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/info\/lens\/(?!other)[a-z]+\/list$/);

  // A merged product's address becomes the product it went into.
  const merged = await admin.request.post('/api/admin/product/merge', { data: { from: twin, into: key } });
  expect(merged.ok(), await merged.text()).toBe(true);
  await page.goto(`/info/view/${twin}`);
  await page.waitForURL(`**/info/view/${key}`);
  await page.getByRole('heading', { level: 1, name: `Samyang ${lens.name}` }).waitFor();

  // A removed product (and one that never was) opens the error page, with no toast.
  const removed = await admin.request.post('/api/admin/product/delete', { data: { key: gone } });
  expect(removed.ok(), await removed.text()).toBe(true);
  await page.goto(`/info/view/${gone}`);
  await page.waitForURL('**/error/**');
  await page.locator('section.notice-error').getByText('제품을 찾을 수 없습니다').waitFor();
  expect(await page.locator('.club-toast .p-toast-message').count()).toBe(0);
  await page.goto('/info/view/no-such-product');
  await page.waitForURL('**/error/**');
  // An address with an unknown type or maker is the site's not-found page.
  await page.goto('/info/tripod/canon/list');
  await page.getByText('요청하신 화면을 찾을 수 없습니다.').waitFor();
  await context.close();
  await adminContext.close();
});

/** Every text the page's canvases draw (the chart's axis labels), gathered from the first paint. */
const DRAWN_TEXTS = `(() => {
  const drawn = (window.__drawnTexts = []);
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
    drawn.push(String(text));
    return fillText.call(this, text, ...rest);
  };
})()`;

/** A product of its own with two sales and one item for sale, one of them over ten million won. */
async function tracedProduct(admin: Page): Promise<string> {
  const tag = Date.now().toString(36).slice(-5);
  const res = await admin.request.post('/api/admin/product/save', {
    data: { type: 'body', company: 'other', brand: 'Hasselblad', name: `X2D 100C 시세${tag}`, nameKo: '', specs: [], imageKeys: [] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const productKey = ((await res.json()) as { key: string }).key;
  const categories = (await (await admin.request.post('/api/market/categories', { data: {} })).json()) as Array<{ code: string }>;
  const item = async (price: number, soldPrice?: number) => {
    const up = await admin.request.post('/api/file/upload', { multipart: { file: { name: 'x2d.png', mimeType: 'image/png', buffer: makePng() } } });
    const { fileKey } = (await up.json()) as { fileKey: string };
    const saved = await admin.request.post('/api/market/save', {
      data: { category: categories[0]!.code, subject: `X2D 판매 ${tag}`, content: '<p>상태 좋습니다.</p>', price, condition: 'A', tradeMethod: 'both', region: 'seoul', files: [fileKey], productKey },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const { key } = (await saved.json()) as { key: number };
    if (soldPrice === undefined) return;
    const sold = await admin.request.post('/api/market/status', { data: { key, status: 'sold', soldPrice } });
    expect(sold.ok(), await sold.text()).toBe(true);
  };
  await item(9_900_000, 9_850_000);
  await item(12_800_000, 12_300_000);
  await item(11_500_000);
  return productKey;
}

it('a product and its price trace on a phone: Korean chart, latest prices, a table that fits, thumb-sized targets for visitor, member and admin', async () => {
  const admin = await newPage(browser, PHONE, { touch: true });
  await loginByApi(admin.page, 'admin', inject('adminPassword'));
  const productKey = await tracedProduct(admin.page);
  const member = await newPage(browser, PHONE, { touch: true });
  const m = await signUpByApi();
  await loginByApi(member.page, m.userId, m.password);
  const visitor = await newPage(browser, PHONE, { touch: true });
  const { page } = visitor;
  await page.addInitScript(DRAWN_TEXTS);

  await page.goto(`/market/trace/${encodeURIComponent(productKey)}`);
  const legend = page.locator('.trace-chart .u-legend');
  await legend.waitFor();
  // Without a finger on the chart the legend shows the latest prices, not "--".
  await expect.poll(() => legend.innerText()).toMatch(/판매가\s*12,300,000원/);
  const shown = await legend.innerText();
  expect(shown).toMatch(/날짜\s*최근/);
  expect(shown).toMatch(/호가\s*11,500,000원/);
  expect(shown).not.toContain('--');
  // The axis speaks Korean: months and days, no English month names.
  const drawn = await page.evaluate<string[]>('window.__drawnTexts');
  const xLabels = drawn.filter((text) => !text.endsWith('만'));
  expect(xLabels.some((text) => /^\d{1,2}월/.test(text)), xLabels.join(' | ')).toBe(true);
  expect(xLabels.filter((text) => /[A-Za-z]/.test(text))).toEqual([]);
  // A finger on the chart shows that point's day.
  const plot = page.locator('.trace-chart .u-over');
  const box = (await plot.boundingBox())!;
  await plot.tap({ position: { x: box.width - 4, y: box.height / 2 } });
  await expect.poll(() => legend.innerText(), { timeout: 5_000 }).toMatch(/날짜\s*\d{4}-\d{2}-\d{2}/);

  // The monthly table fits the screen: the month on one line as 2026.11, every price whole with 원.
  const table = page.locator('.trace-table').first();
  const fits = await table.evaluate((t: { getBoundingClientRect(): { right: number }; parentElement: { scrollWidth: number; clientWidth: number } }) => ({
    right: t.getBoundingClientRect().right,
    scrolls: t.parentElement.scrollWidth > t.parentElement.clientWidth,
  }));
  expect(fits.right).toBeLessThanOrEqual(PHONE.width);
  expect(fits.scrolls).toBe(false);
  const month = table.locator('tbody th').first();
  expect(await month.innerText()).toMatch(/^\d{4}\.\d{2}\s+2건$/);
  const monthLines = await month.evaluate((th: { firstChild: unknown; ownerDocument: { createRange(): { selectNodeContents(n: unknown): void; getClientRects(): { length: number } } } }) => {
    const range = th.ownerDocument.createRange();
    range.selectNodeContents(th.firstChild);
    return range.getClientRects().length;
  });
  expect(monthLines).toBe(1);
  const highest = table.locator('tbody td').last();
  expect(await highest.innerText()).toBe('12,300,000원');
  expect((await highest.boundingBox())!.x + (await highest.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'products-trace-360');

  // Every product page passes the target audit at 360 px, for a visitor, a member and the admin.
  for (const [who, p] of [['visitor', page], ['member', member.page], ['admin', admin.page]] as const) {
    for (const path of [`/market/trace/${encodeURIComponent(productKey)}`, `/info/view/${encodeURIComponent(productKey)}`, '/info/body/all/list', '/info/lens/canon/list/2']) {
      await p.goto(path);
      await p.locator('main h1').first().waitFor();
      await expect.poll(() => p.locator('.p-skeleton, .price-chart-loading, .pi-spin').count()).toBe(0);
      expect(await auditTargets(p), `${who} ${path}`).toEqual([]);
    }
  }
  await page.goto(`/info/view/${encodeURIComponent(productKey)}`);
  await page.locator('.product-prices').waitFor();
  await shot(page, 'products-view-prices-360');
  // A used price's row is one target: a tap on its date (left, away from the price) opens the item too.
  await page.locator('.product-prices li').first().tap({ position: { x: 24, y: 20 } });
  await page.waitForURL('**/market/view/**');

  const desk = await newPage(browser, DESKTOP);
  await desk.page.goto(`/market/trace/${encodeURIComponent(productKey)}`);
  await expect.poll(() => desk.page.locator('.trace-chart .u-legend').innerText()).toMatch(/판매가\s*12,300,000원/);
  await shot(desk.page, 'products-trace-1280');
  for (const c of [admin, member, visitor, desk]) await c.context.close();
});
