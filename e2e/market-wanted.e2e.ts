// Wanted ads (삽니다) and price alerts in the browser. At 1280 px by keyboard: the administrator
// writes a wanted ad from a product page's 이 제품 삽니다 (the form filled from the product), finds
// it under the list's 삽니다 tab and on the product page; a member sets 알림 받기 on the product,
// sees the alert in my info's 가격 알림, gets the alarm when the administrator lists a matching item
// for sale, and removes the alert. On a touch phone at 360 px: the 삽니다 tab, a search in the
// filter sheet, 알림 받기 on that search, the alert in 가격 알림 and its removal to the empty state.
// axe finds nothing serious on any of these screens; screenshots under e2e/screenshots/.
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, shot, signUpByApi, waitForToast } from './browser.js';

const WAIT = { timeout: 20_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const tag = () => Date.now().toString(36).slice(-5);

/** A small valid PNG, built here so the test needs no fixture file. */
function makePng(hue: number, width = 96, height = 72): Buffer {
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
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y * (width * 3 + 1) + 1 + x * 3] = hue;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A catalogue product (its key and name as the product page shows it). */
async function someProduct(page: Page): Promise<{ key: string; name: string }> {
  for (const q of ['EOS R6', 'EOS', 'Nikon', 'Canon']) {
    const res = await page.request.post('/api/product/search', { data: { q } });
    const items = ((await res.json()) as { items: Array<{ key: string; name: string }> }).items;
    if (items.length > 0) return items[0]!;
  }
  throw new Error('no product in the catalogue');
}

/** An item for sale listed by the page's member through the calls. */
async function listForSale(page: Page, data: { subject: string; price: number; productKey?: string }) {
  const up = await page.request.post('/api/file/upload', { multipart: { file: { name: 'item.png', mimeType: 'image/png', buffer: makePng(80) } } });
  expect(up.ok(), await up.text()).toBe(true);
  const { fileKey } = (await up.json()) as { fileKey: string };
  const res = await page.request.post('/api/market/save', {
    data: { category: 'c1', content: '<p>상태 좋습니다.</p>', condition: 'A', tradeMethod: 'both', region: 'seoul', files: [fileKey], ...data },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { key: number }).key;
}

/** The member's unread alarms of a kind, as the drawer's call answers them. */
async function alarmsOf(page: Page, kind: string) {
  const res = await page.request.post('/api/letter/alarm/list', { data: {} });
  return ((await res.json()) as Array<{ kind: string; articleKey: number }>).filter((a) => a.kind === kind);
}

it('at 1280 px by keyboard: a wanted ad from the product page, the 삽니다 tab, 알림 받기, the alarm for a matching item, the alert removed', async () => {
  const admin = await newPage(browser, DESKTOP);
  await loginByApi(admin.page, 'admin', inject('adminPassword'));
  const product = await someProduct(admin.page);
  const subject = `구해요 ${product.name} ${tag()}`;

  // The product page's 삽니다 section, then its 이 제품 삽니다: the form comes with the product.
  const a = admin.page;
  await a.goto(`/info/view/${encodeURIComponent(product.key)}`);
  const section = a.locator('section.product-wanted');
  await section.getByRole('heading', { name: '삽니다' }).waitFor(WAIT);
  const write = section.getByRole('link', { name: '이 제품 삽니다' });
  await write.focus();
  await a.keyboard.press('Enter');
  await a.waitForURL(/\/market\/write\?kind=wanted&product=/);
  await a.getByRole('heading', { name: '삽니다 글쓰기' }).waitFor();
  await a.locator('.rich-editor-content').waitFor();
  // No auction for a wanted ad.
  expect(await a.locator('#market-auction-switch').count()).toBe(0);
  await a.getByLabel('제목').fill(subject);
  await a.getByLabel('최소 가격 (선택)').fill('900000');
  await a.getByLabel('최대 가격').fill('1500000');
  await a.getByRole('radio', { name: /^A급 / }).check();
  await a.getByRole('radio', { name: '둘 다' }).check();
  await a.getByLabel('지역').selectOption('seoul');
  await a.locator('.rich-editor-content').click();
  await a.keyboard.type('상태 좋은 바디 구합니다. 직거래 선호.');
  await expectAccessible(a);
  await shot(a, 'market-wanted-write-1280');
  await a.getByRole('button', { name: '저장' }).focus();
  await a.keyboard.press('Enter');
  await a.waitForURL(/\/market\/view\/\d+$/);
  await a.locator('#market-subject', { hasText: subject }).waitFor();
  expect(await a.getByTestId('market-price').innerText()).toBe('900,000원 ~ 1,500,000원');
  await a.locator('.market-price-line .market-status', { hasText: '구하는 중' }).waitFor();
  await expectAccessibleWithoutToasts(a);

  // The list: 팝니다 by default, the ad under 삽니다.
  await a.goto('/market/c0/list');
  await a.locator('.market-kinds').waitFor();
  expect(await a.locator('.market-card', { hasText: subject }).count()).toBe(0);
  await a.locator('.market-kinds').getByRole('link', { name: '삽니다' }).focus();
  await a.keyboard.press('Enter');
  await a.waitForURL(/kind=wanted/);
  const card = a.locator('.market-card', { hasText: subject });
  await card.waitFor(WAIT);
  expect(await card.locator('.market-card-price').innerText()).toBe('900,000원 ~ 1,500,000원');
  await expectAccessible(a);
  await shot(a, 'market-wanted-list-1280');

  // A member: the ad on the product page, and 알림 받기 on the product.
  const m = await signUpByApi();
  const member = await newPage(browser, DESKTOP);
  const p = member.page;
  await loginByApi(p, m.userId, m.password);
  await p.goto(`/info/view/${encodeURIComponent(product.key)}`);
  const wanted = p.locator('section.product-wanted');
  await wanted.locator('li', { hasText: subject }).waitFor(WAIT);
  await wanted.getByRole('button', { name: '알림 받기' }).focus();
  await p.keyboard.press('Enter');
  const dialog = p.getByRole('dialog', { name: '가격 알림 만들기' });
  await dialog.waitFor();
  await dialog.getByLabel('최고 가격 (선택)').fill('2000000');
  await expectAccessible(p);
  await dialog.getByLabel('최고 가격 (선택)').press('Enter');
  await waitForToast(p, '가격 알림을 만들었습니다. 맞는 매물이 올라오면 알려 드립니다.');
  await shot(p, 'market-wanted-product-1280');

  // my info → 가격 알림.
  await p.goto('/');
  await p.locator('.home-aside').getByRole('button', { name: '내 정보' }).click();
  await p.getByRole('dialog').getByRole('button', { name: '가격 알림' }).click();
  await p.waitForURL('**/user/market-alerts');
  const row = p.locator('.market-alerts-list li').first();
  await row.waitFor(WAIT);
  expect(await row.innerText()).toContain('2,000,000원 이하');
  await expectAccessibleWithoutToasts(p);
  await shot(p, 'market-alerts-1280');

  // Another member (the administrator) lists a matching item: the alarm arrives.
  const itemKey = await listForSale(a, { subject: `${product.name} 바디 팝니다 ${tag()}`, price: 1_400_000, productKey: product.key });
  await expect.poll(async () => (await alarmsOf(p, 'market_alert')).map((x) => x.articleKey), { timeout: 20_000 }).toContain(itemKey);
  await p.goto('/');
  const bell = p.locator('.site-header').getByRole('button', { name: /^신규 알람 \d+개$/ });
  await bell.waitFor(WAIT);
  await bell.click();
  const drawer = p.locator('.alarms-drawer');
  await drawer.getByText(/가격 알림에 맞는 매물: 1,400,000원/).first().waitFor(WAIT);
  await expectAccessibleWithoutToasts(p);
  await p.keyboard.press('Escape');

  // The alert removed: the empty state.
  await p.goto('/user/market-alerts');
  await p.locator('.market-alerts-list li').first().waitFor(WAIT);
  await p.locator('.market-alerts-list').getByRole('button', { name: /지우기$/ }).first().focus();
  await p.keyboard.press('Enter');
  await waitForToast(p, '가격 알림을 지웠습니다.');
  await p.getByText('만든 가격 알림이 없습니다.', { exact: false }).waitFor(WAIT);
  await expectAccessibleWithoutToasts(p);
  await member.context.close();
  await admin.context.close();
});

it('on a touch phone at 360 px: the 삽니다 tab, a search in the filter sheet, 알림 받기 on it, the alert in 가격 알림 and its removal', async () => {
  const { page, context } = await memberPage(browser, PHONE, { touch: true });
  await page.goto('/market/c0/list');
  await page.locator('.market-kinds').getByRole('link', { name: '삽니다' }).tap();
  await page.waitForURL(/kind=wanted/);
  await page.locator('.market-total').waitFor(WAIT);
  await expectAccessible(page);
  await shot(page, 'market-wanted-list-360');

  // Back to items for sale, a search from the sheet, then 알림 받기 on it.
  await page.locator('.market-kinds').getByRole('link', { name: '팝니다' }).tap();
  await page.waitForURL((u) => !u.search.includes('kind='));
  await page.getByRole('button', { name: /^필터/ }).tap();
  const sheet = page.locator('.market-filter-sheet');
  await sheet.getByLabel('검색어').fill('라이카 M6');
  await sheet.getByRole('button', { name: '검색', exact: true }).tap();
  await page.waitForURL(/q=/);
  const set = page.getByRole('button', { name: '알림 받기' });
  await set.waitFor(WAIT);
  const box = await set.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await set.tap();
  const dialog = page.getByRole('dialog', { name: '가격 알림 만들기' });
  await dialog.getByText('검색어: 라이카 M6').waitFor();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '알림 만들기' }).tap();
  await waitForToast(page, '가격 알림을 만들었습니다. 맞는 매물이 올라오면 알려 드립니다.');

  await page.goto('/user/market-alerts');
  const row = page.locator('.market-alerts-list li', { hasText: '검색어: 라이카 M6' });
  await row.waitFor(WAIT);
  // The row holds at 360 px: nothing runs past the screen.
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'market-alerts-360');
  await row.getByRole('button', { name: /지우기$/ }).tap();
  await waitForToast(page, '가격 알림을 지웠습니다.');
  await page.getByText('만든 가격 알림이 없습니다.', { exact: false }).waitFor(WAIT);
  await expectAccessibleWithoutToasts(page);
  await context.close();
});
