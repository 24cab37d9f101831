// The market end to end, on the built app: a seller writes an item with photos and a product,
// finds it with the list's filters, a member comments, the seller marks it reserved and then sold,
// and the sold price shows on the product's price trace (chart and table); two members bid on an
// auction in two browsers and each sees the other's bid without reloading (and the outbid toast);
// the list, an item, the bid form, a letter to the seller, the write page and a trace at 360 px;
// axe on list, view, write and trace at both widths; screenshots
// at 1280 and 360 px under /tmp/shots/market-*.png.
import { mkdirSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, newPage, PHONE, signUpByApi, waitForToast } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const SHOTS = '/tmp/shots';
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/market-${name}.png`, fullPage: true });
}

/** A small valid PNG in a given hue, built here so the test needs no fixture file. */
function makePng(hue: number, width = 120, height = 90): Buffer {
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
      rows[row + 1 + x * 3] = hue;
      rows[row + 2 + x * 3] = 90 + Math.round((x / width) * 120);
      rows[row + 3 + x * 3] = 140 + Math.round((y / height) * 100);
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const tag = () => Date.now().toString(36).slice(-5);

/** A product of the catalogue the picker can find, as the search call answers it. */
async function someProduct(page: Page): Promise<{ key: string; query: string }> {
  for (const q of ['EOS R5', 'EOS', 'Nikon', 'Canon']) {
    const res = await page.request.post('/api/product/search', { data: { q } });
    const items = ((await res.json()) as { items: Array<{ key: string; name: string }> }).items;
    if (items.length > 0) return { key: items[0]!.key, query: items[0]!.name };
  }
  throw new Error('no product in the catalogue');
}

/** An auction by the admin through the calls (the write form is covered by the first test). */
async function auctionByApi(page: Page, subject: string) {
  const up = await page.request.post('/api/file/upload', { multipart: { file: { name: 'auction.png', mimeType: 'image/png', buffer: makePng(200) } } });
  expect(up.ok()).toBe(true);
  const { fileKey } = (await up.json()) as { fileKey: string };
  const categories = (await (await page.request.post('/api/market/categories', { data: {} })).json()) as Array<{ code: string }>;
  const res = await page.request.post('/api/market/save', {
    data: {
      category: categories[0]!.code,
      subject,
      content: '<p>경매 테스트 매물입니다.</p>',
      price: 100_000,
      condition: 'A',
      tradeMethod: 'both',
      region: 'busan',
      files: [fileKey],
      auction: { startPrice: 100_000, bidStep: 5_000, endsAt: new Date(Date.now() + 3 * 3600_000).toISOString() },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { key: number }).key;
}

it('a seller writes an item with photos and a product, finds it with filters, gets a comment, marks it reserved and sold, and sees the price on the trace', async () => {
  const { page, context } = await newPage(browser, DESKTOP);
  await loginByApi(page, 'admin', inject('adminPassword'));
  const product = await someProduct(page);
  const subject = `중고 바디 판매 ${tag()}`;

  await page.goto('/market/write');
  const form = page.locator('form.market-editor');
  await form.waitFor();
  await page.locator('.rich-editor-content').waitFor();
  await expectAccessible(page);

  await page.getByLabel('제목').fill(subject);
  await page.getByLabel('제품 (선택)').pressSequentially(product.query.slice(0, 12));
  await page.locator('.p-autocomplete-item').first().click();
  await page.getByLabel('가격').fill('1250000');
  await expect.poll(() => page.getByLabel('가격').inputValue()).toBe('1,250,000');
  await page.getByRole('radio', { name: /^A / }).check();
  await page.getByRole('radio', { name: '둘 다' }).check();
  await page.getByLabel('지역').selectOption('seoul');
  await page.locator('#market-photo-input').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: makePng(30) },
    { name: 'back.png', mimeType: 'image/png', buffer: makePng(160) },
  ]);
  await expect.poll(() => page.locator('.photo-list li').count()).toBe(2);
  // The second photo first: the order is the member's.
  await page.getByRole('button', { name: '사진 2을 앞으로' }).click();
  await page.locator('.rich-editor-content').click();
  await page.keyboard.type('2019년 구입, 셔터 2만 컷. 배터리 2개와 정품 박스 포함.');
  await shot(page, 'write-1280');
  await page.getByRole('button', { name: '저장' }).click();
  await page.waitForURL(/\/market\/view\/\d+$/);
  const viewPath = new URL(page.url()).pathname;
  await page.locator('#market-subject', { hasText: subject }).waitFor();
  expect(await page.getByTestId('market-price').innerText()).toBe('1,250,000원');
  await expect.poll(() => page.locator('.market-thumbs button').count()).toBe(2);
  // The product picked (the trace below is this product's).
  const productHref = await page.locator('.market-facts a[href^="/info/view/"]').getAttribute('href');
  const productKey = decodeURIComponent(productHref!.split('/').pop()!);

  // The list: filter by region and auctions; the address keeps the filters.
  await page.goto('/market/c0/list');
  await page.locator('.market-card', { hasText: subject }).waitFor();
  await page.getByLabel('지역').selectOption('seoul');
  await page.waitForURL(/region=seoul/);
  await page.locator('.market-card', { hasText: subject }).waitFor();
  // A click, not check(): the box shows the address, which changes a moment after the click.
  await page.getByLabel('경매만 보기').click();
  await page.waitForURL(/auction=1/);
  await expect.poll(() => page.getByLabel('경매만 보기').isChecked()).toBe(true);
  // The switch keeps the keyboard focus while the list changes under it.
  expect(await page.evaluate<string>('document.activeElement?.id ?? ""')).toBe('market-auction');
  await expect.poll(() => page.locator('.market-card', { hasText: subject }).count()).toBe(0);
  await page.goBack();
  await page.waitForURL((u) => !u.search.includes('auction'));
  await page.locator('.market-card', { hasText: subject }).waitFor();
  expect(await page.locator('.market-card', { hasText: subject }).locator('.market-card-price').innerText()).toBe('1,250,000원');
  await expectAccessible(page);
  await shot(page, 'list-1280');

  // A member comments.
  const buyer = await signUpByApi();
  const other = await newPage(browser, DESKTOP);
  await loginByApi(other.page, buyer.userId, buyer.password);
  await other.page.goto(viewPath);
  const box = other.page.getByLabel('댓글 쓰기');
  await box.fill('직거래 가능할까요?');
  await box.press('Control+Enter');
  await other.page.locator('.comment', { hasText: '직거래 가능할까요?' }).waitFor();
  // No seller controls for someone else.
  expect(await other.page.locator('.seller-controls').count()).toBe(0);
  await expectAccessibleWithoutToasts(other.page);
  await other.context.close();

  // Reserved, then sold for a little less.
  await page.goto(viewPath);
  await page.locator('.comment', { hasText: '직거래 가능할까요?' }).waitFor();
  await page.getByRole('group', { name: '거래 상태 바꾸기' }).getByRole('button', { name: '예약 중' }).click();
  await page.locator('.market-price-line .market-status', { hasText: '예약 중' }).waitFor();
  await page.getByRole('group', { name: '거래 상태 바꾸기' }).getByRole('button', { name: '판매 완료' }).click();
  const dialog = page.getByRole('dialog', { name: '판매 완료' });
  await dialog.getByLabel('실제 판매 가격').fill('1200000');
  await dialog.getByRole('button', { name: '판매 완료로 바꾸기' }).click();
  await page.locator('.market-price-line .market-status', { hasText: '판매 완료' }).waitFor();
  await page.locator('.market-sold', { hasText: '1,200,000원' }).waitFor();
  await shot(page, 'view-1280');

  // The trace shows the sale in its table and chart.
  await page.goto(`/market/trace/${encodeURIComponent(productKey)}`);
  await page.locator('.trace-table').first().waitFor();
  await expect.poll(() => page.locator('.trace-items').innerText()).toContain('1,200,000원');
  await page.locator('.price-chart-box canvas').waitFor();
  expect(await page.locator('.trace-table').first().innerText()).toContain('1,200,000원');
  await expectAccessible(page);
  await shot(page, 'trace-1280');
  await context.close();
});

it('two members bid on an auction in two browsers and each sees the other’s bid without reloading', async () => {
  const seller = await newPage(browser, DESKTOP);
  await loginByApi(seller.page, 'admin', inject('adminPassword'));
  const key = await auctionByApi(seller.page, `경매 렌즈 ${tag()}`);
  await seller.context.close();

  const [m1, m2] = await Promise.all([signUpByApi(), signUpByApi()]);
  const a = await newPage(browser, DESKTOP);
  const b = await newPage(browser, DESKTOP);
  await loginByApi(a.page, m1.userId, m1.password);
  await loginByApi(b.page, m2.userId, m2.password);
  await Promise.all([a.page.goto(`/market/view/${key}`), b.page.goto(`/market/view/${key}`)]);
  await Promise.all([a.page.locator('.auction-panel').waitFor(), b.page.locator('.auction-panel').waitFor()]);
  // The countdown ticks.
  const first = await a.page.getByTestId('auction-countdown').innerText();
  await expect.poll(() => a.page.getByTestId('auction-countdown').innerText(), { timeout: 5000 }).not.toBe(first);
  await expectAccessible(a.page);

  // A bids the minimum (prefilled); B sees it without reloading.
  expect(await a.page.getByRole('textbox', { name: '입찰가' }).inputValue()).toBe('100,000');
  await a.page.getByRole('button', { name: '입찰하기' }).click();
  await a.page.locator('.p-confirm-dialog').getByRole('button', { name: '예' }).click();
  await waitForToast(a.page, '100,000원에 입찰했습니다.');
  // (The first bid is at the start price, so the price alone cannot show B has it: the count does.)
  await expect.poll(() => b.page.getByTestId('auction-bids').innerText(), { timeout: 15_000 }).toBe('1');
  expect(await b.page.getByTestId('auction-price').innerText()).toBe('100,000원');
  await expect.poll(() => b.page.getByRole('textbox', { name: '입찰가' }).inputValue()).toBe('105,000');

  // B outbids with a step button (added to the prefilled minimum); A sees the new price and
  // the outbid toast.
  await b.page.getByRole('button', { name: '입찰가에 25,000원 더하기' }).click();
  expect(await b.page.getByRole('textbox', { name: '입찰가' }).inputValue()).toBe('130,000');
  await b.page.getByRole('button', { name: '입찰하기' }).click();
  await b.page.locator('.p-confirm-dialog').getByRole('button', { name: '예' }).click();
  await waitForToast(b.page, '130,000원에 입찰했습니다.');
  await expect.poll(() => a.page.getByTestId('auction-price').innerText(), { timeout: 15_000 }).toBe('130,000원');
  // The headline price follows the auction too.
  await expect.poll(() => a.page.getByTestId('market-price').innerText()).toBe('130,000원');
  await waitForToast(a.page, '다른 회원이 130,000원에 입찰해');
  await expect.poll(() => a.page.locator('.bid-history tbody tr').count()).toBe(2);
  expect(await a.page.getByTestId('auction-bids').innerText()).toBe('2');
  await shot(a.page, 'auction-1280');

  // At 360 px: the list is one column and the bid form fits.
  const phone = await newPage(browser, PHONE, { touch: true });
  await loginByApi(phone.page, m1.userId, m1.password);
  await phone.page.goto('/market/c0/list');
  await phone.page.locator('.market-card').first().waitFor();
  const cards = phone.page.locator('.market-card');
  if ((await cards.count()) > 1) {
    const [one, two] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(two!.y).toBeGreaterThan(one!.y); // stacked, not side by side
  }
  expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  await expectAccessible(phone.page);
  await shot(phone.page, 'list-360');
  await phone.page.goto(`/market/view/${key}`);
  await phone.page.locator('.bid-form').waitFor();
  expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  await shot(phone.page, 'view-360');
  // A letter to the seller from the item: the compose dialog comes addressed, with the item's subject.
  await phone.page.getByRole('button', { name: '판매자에게 쪽지' }).click();
  const compose = phone.page.locator('.compose-dialog');
  await compose.waitFor();
  expect(await compose.getByLabel('제목').inputValue()).toContain('[장터] 경매 렌즈');
  await compose.getByLabel('내용').fill('직거래도 가능할까요?');
  await compose.getByRole('button', { name: '보내기' }).click();
  await phone.page.locator('.p-confirm-dialog').getByRole('button', { name: '예' }).click();
  await waitForToast(phone.page, '쪽지를 보냈습니다.');
  // A trace and the write form (for a member who may sell) fit the phone too, and axe finds
  // nothing serious there.
  const { key: traced } = await someProduct(phone.page);
  await phone.page.goto(`/market/trace/${encodeURIComponent(traced)}`);
  await phone.page.locator('.trace-page').waitFor();
  expect(await phone.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  await expectAccessible(phone.page);
  await shot(phone.page, 'trace-360');
  await phone.context.close();
  const sellerPhone = await newPage(browser, PHONE, { touch: true });
  await loginByApi(sellerPhone.page, 'admin', inject('adminPassword'));
  await sellerPhone.page.goto('/market/write');
  await sellerPhone.page.getByLabel('제목').waitFor();
  expect(await sellerPhone.page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  await expectAccessible(sellerPhone.page);
  await shot(sellerPhone.page, 'write-360');
  await sellerPhone.context.close();
  await a.context.close();
  await b.context.close();
});
