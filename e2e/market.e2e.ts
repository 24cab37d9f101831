// The market end to end, on the built app: a seller writes an item with photos and a product,
// finds it with the list's filters, a member comments, the seller marks it reserved and then sold,
// and the sold price shows on the product's price trace (chart and table); two members bid on an
// auction in two browsers and each sees the other's bid without reloading (and the outbid toast);
// the list, an item, the bid form, a letter to the seller, the write page and a trace at 360 px;
// axe on list, view, write and trace at both widths; screenshots
// at 1280 and 360 px under /tmp/shots/market-*.png; an auction hidden from the report queue is
// cancelled and offers another member no bid form, and restoring it says what happens next; on a
// phone the filters open from one button into a sheet and show as chips a tap removes, a card is
// one target, grades read in Korean, a grade's guidance is the seller's alone, bidders' names stay
// whole, and the list, the sheet, an item, the write and edit forms and a trace pass the target
// audit as a visitor, a buyer and the seller (the administrator).
import { mkdirSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, signUpByApi, uniqueMember, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

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

/** A plain item (not an auction) by the admin through the calls. */
async function itemByApi(page: Page, data: { subject: string; condition: string; region: string; productKey: string }) {
  const up = await page.request.post('/api/file/upload', { multipart: { file: { name: 'item.png', mimeType: 'image/png', buffer: makePng(90) } } });
  const { fileKey } = (await up.json()) as { fileKey: string };
  const categories = (await (await page.request.post('/api/market/categories', { data: {} })).json()) as Array<{ code: string }>;
  const res = await page.request.post('/api/market/save', {
    data: { category: categories[0]!.code, content: '<p>폰으로 보는 매물입니다.</p>', price: 800_000, tradeMethod: 'direct', files: [fileKey], ...data },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { key: number }).key;
}

/** How many lines an element's text takes (its boxes' distinct tops). */
const lineCount = (page: Page, selector: string) =>
  page.evaluate<number>(
    `(() => { const r = document.createRange(); r.selectNodeContents(document.querySelector(${JSON.stringify(selector)})); return new Set(Array.from(r.getClientRects(), (x) => Math.round(x.top))).size; })()`,
  );

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
  await page.getByRole('radio', { name: /^A급 / }).check();
  await page.getByRole('radio', { name: '둘 다' }).check();
  await page.getByLabel('지역').selectOption('seoul');
  await page.locator('#market-photo-input').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: makePng(30) },
    { name: 'back.png', mimeType: 'image/png', buffer: makePng(160) },
  ]);
  await expect.poll(() => page.locator('.photo-list li').count()).toBe(2);
  // The second photo first: the order is the member's.
  await page.getByRole('button', { name: '사진 2를 앞으로' }).click();
  await page.locator('.rich-editor-content').click();
  await page.keyboard.type('2019년 구입, 셔터 2만 컷. 배터리 2개와 정품 박스 포함.');
  await shot(page, 'write-1280');
  await page.getByRole('button', { name: '저장' }).click();
  await page.waitForURL(/\/market\/view\/\d+$/);
  const viewPath = new URL(page.url()).pathname;
  await page.locator('#market-subject', { hasText: subject }).waitFor();
  expect(await page.getByTestId('market-price').innerText()).toBe('1,250,000원');
  await expect.poll(() => page.locator('.market-thumbs button').count()).toBe(2);
  // The large photo opens the site's one viewer there; the arrow moves on, and the photo the
  // viewer showed last stays chosen on the page after Escape.
  await page.getByRole('button', { name: /^사진 1 크게 보기/ }).click();
  const viewer = page.locator('.yarl__root');
  await expect.poll(() => viewer.locator('.yarl__counter').textContent()).toBe('1 / 2');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => viewer.locator('.yarl__counter').textContent()).toBe('2 / 2');
  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'detached' });
  expect(await page.getByRole('button', { name: '사진 2 / 2', exact: true }).getAttribute('aria-pressed')).toBe('true');
  await page.getByRole('button', { name: /^사진 2 크게 보기/ }).waitFor();
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
  const other = await memberPage(browser, DESKTOP);
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

  const a = await memberPage(browser, DESKTOP);
  const b = await memberPage(browser, DESKTOP);
  const m1 = a.user;
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

it('an auction the admin hides from the report queue is cancelled and offers no bid form; restored, the queue says what happens next', async () => {
  const subject = `가려질 경매 ${tag()}`;
  const admin = await newPage(browser, DESKTOP);
  await loginByApi(admin.page, 'admin', inject('adminPassword'));
  const key = await auctionByApi(admin.page, subject);
  const b = await memberPage(browser, DESKTOP);
  expect((await b.page.request.post('/api/market/bid', { data: { key, amount: 100_000 } })).ok()).toBe(true);
  const r = await memberPage(browser, DESKTOP);
  expect((await r.page.request.post('/api/report/save', { data: { kind: 'market', key, reason: '사기 의심 매물' } })).ok()).toBe(true);

  // The queue hides it; the confirmation says what hiding does to a running auction.
  await admin.page.goto('/system/report/list?kind=market&status=open');
  const row = admin.page.locator('.admin-table tbody tr', { hasText: subject });
  await row.getByRole('button', { name: `장터 글 '${subject}': 가리기` }).click();
  const confirmBox = admin.page.locator('.p-confirm-dialog');
  await confirmBox.getByText('진행 중인 경매는 취소되고').waitFor();
  await confirmBox.getByRole('button', { name: '예' }).click();
  await waitForToast(admin.page, '내용을 가렸습니다.');

  // Another member's view: marked hidden, no bid form, no scrap, the cancel's reason.
  await r.page.goto(`/market/view/${key}`);
  await r.page.getByTestId('market-hidden').waitFor();
  await r.page.locator('.auction-panel').waitFor();
  expect(await r.page.locator('.bid-form').count()).toBe(0);
  expect(await r.page.getByRole('button', { name: '입찰하기' }).count()).toBe(0);
  expect(await r.page.getByRole('button', { name: '스크랩' }).count()).toBe(0);
  await r.page.getByText('관리자 취소: 신고 처리로 가려진 매물').waitFor();
  await shot(r.page, 'hidden-1280');

  // Restored from the queue: the toast says the auction stays cancelled.
  await admin.page.goto('/system/report/list?kind=market&status=hidden');
  const hiddenRow = admin.page.locator('.admin-table tbody tr', { hasText: subject });
  await hiddenRow.getByRole('button', { name: `장터 글 '${subject}': 가림 풀기` }).click();
  await admin.page.locator('.p-confirm-dialog').getByRole('button', { name: '예' }).click();
  await waitForToast(admin.page, '가릴 때 취소된 경매는 다시 열리지 않으니');
  await r.page.reload();
  await r.page.locator('.auction-panel').waitFor();
  expect(await r.page.getByTestId('market-hidden').count()).toBe(0);
  expect(await r.page.locator('.bid-form').count()).toBe(0);
  await Promise.all([admin.context.close(), b.context.close(), r.context.close()]);
});

it('on a phone the filters open from one button and show as chips a tap removes; a card is one target; grades read in Korean; the guidance is the seller’s; every market screen passes the target audit', { timeout: 150_000 }, async () => {
  const t = tag();
  const admin = await newPage(browser, PHONE, { touch: true });
  await loginByApi(admin.page, 'admin', inject('adminPassword'));
  const product = await someProduct(admin.page);
  const plainKey = await itemByApi(admin.page, { subject: `폰 필터 바디 ${t}`, condition: 'C', region: 'seoul', productKey: product.key });
  const auctionKey = await auctionByApi(admin.page, `폰 필터 경매 ${t}`);
  const m = uniqueMember();
  const bidder = await signUpByApi({ ...m, nickName: `입찰을아주좋아하는사진가${m.userId.slice(-5)}` });
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, bidder.userId, bidder.password);
  expect((await page.request.post('/api/market/bid', { data: { key: auctionKey, amount: 100_000 } })).ok()).toBe(true);

  // The list: no form on the first screen, one 필터 button that opens the filters in a sheet.
  await page.goto('/market/c0/list');
  await page.locator('.market-card').first().waitFor();
  expect(await page.locator('form.market-filters').count()).toBe(0);
  // The category tabs do not all fit: a fade with an arrow says more are off screen.
  const tabs = page.locator('.market-tabs');
  await expect.poll(() => tabs.getAttribute('data-more-end')).toBe('true');
  expect(await tabs.locator('.scroll-more-end').isVisible()).toBe(true);
  const filterButton = page.locator('.market-filter-open');
  await filterButton.tap();
  const sheet = page.locator('.market-filter-sheet');
  await sheet.getByLabel('검색어').fill(t);
  await sheet.getByLabel('지역').selectOption('busan');
  await page.waitForURL(/region=busan/);
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'filters-sheet-360');
  await sheet.getByRole('button', { name: '검색', exact: true }).tap();
  await page.waitForURL(new RegExp(`q=${t}`));
  await sheet.waitFor({ state: 'detached' });

  // The filters in use as chips, counted on the button; the first item on the first screen.
  const chips = page.getByRole('list', { name: '적용 중인 조건' });
  expect(await chips.getByRole('button').count()).toBe(2);
  await chips.getByRole('button', { name: `검색어: ${t} 조건 빼기` }).waitFor();
  expect(await filterButton.innerText()).toContain('2');
  await expect.poll(() => page.locator('.market-card').count()).toBe(1);
  const first = page.locator('.market-card').first();
  expect(await first.innerText()).toContain('A급 (사용감 적음)');
  expect((await first.boundingBox())!.y).toBeLessThan(400);
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'list-chips-360');

  // A chip's tap removes its filter, from the address too.
  await chips.getByRole('button', { name: '부산 조건 빼기' }).tap();
  await page.waitForURL((u) => !u.search.includes('region') && u.search.includes(`q=${t}`));
  await expect.poll(() => page.locator('.market-card').count()).toBe(2);
  expect(await chips.getByRole('button').count()).toBe(1);
  const plainCard = page.locator('.market-card', { hasText: `폰 필터 바디 ${t}` });
  expect(await plainCard.innerText()).toContain('C급 (하자 있음)');

  // A card is one target: a tap on its empty corner opens the item (scrolled to first, as a finger would).
  await plainCard.scrollIntoViewIfNeeded();
  const box = (await plainCard.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width - 6, box.y + box.height - 6);
  await page.waitForURL(new RegExp(`/market/view/${plainKey}$`));
  const facts = page.locator('.market-facts');
  await facts.waitFor();
  // A buyer sees the grade in Korean, not the write form's guidance to the seller.
  expect(await facts.innerText()).toContain('C급 (하자 있음)');
  expect(await facts.innerText()).not.toContain('적어 주세요');
  await page.locator('.trace-link').waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await page.locator('.trace-link').tap();
  await page.locator('.trace-page').waitFor();
  expect(await auditTargets(page)).toEqual([]);

  // The auction: the bidder's long name stays on one line in the history and as the leader.
  await page.goto(`/market/view/${auctionKey}`);
  const who = page.locator('.bid-history .bid-who').first();
  await who.waitFor();
  expect(await who.innerText()).toBe(bidder.nickName);
  expect(await lineCount(page, '.bid-history .bid-who')).toBe(1);
  expect(await lineCount(page, '.auction-leader dd')).toBe(1);
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'auction-history-360');
  await context.close();

  // The seller sees the guidance; the seller's and the administrator's controls, the write and
  // edit forms (radio rows and the switch as tall as a thumb) pass the audit.
  await admin.page.goto(`/market/view/${plainKey}`);
  expect(await admin.page.locator('.market-facts').innerText()).toContain('고장이나 하자를 설명에 적어 주세요');
  await admin.page.locator('.seller-controls').waitFor();
  expect(await auditTargets(admin.page)).toEqual([]);
  for (const path of ['/market/write', `/market/edit/${plainKey}`]) {
    await admin.page.goto(path);
    await admin.page.locator('form.market-editor').waitFor();
    expect(await auditTargets(admin.page), path).toEqual([]);
  }
  for (const label of ['직거래', '경매로 판매']) {
    const row = await admin.page.getByText(label, { exact: true }).boundingBox();
    expect(row!.height, label).toBeGreaterThanOrEqual(44);
  }
  await admin.context.close();

  // A visitor: the list and an item.
  const visitor = await newPage(browser, PHONE, { touch: true });
  await visitor.page.goto(`/market/c0/list?q=${t}`);
  await visitor.page.locator('.market-card').first().waitFor();
  expect(await auditTargets(visitor.page)).toEqual([]);
  await visitor.page.goto(`/market/view/${auctionKey}`);
  await visitor.page.locator('.bid-history').waitFor();
  expect(await auditTargets(visitor.page)).toEqual([]);
  await visitor.context.close();

  // A desktop keeps the inline form, filled from the address.
  const desk = await newPage(browser, DESKTOP);
  await desk.page.goto(`/market/c0/list?region=busan&q=${t}`);
  await desk.page.locator('.market-card').first().waitFor();
  expect(await desk.page.getByLabel('지역').inputValue()).toBe('busan');
  expect(await desk.page.locator('.market-filter-open').count()).toBe(0);
  await shot(desk.page, 'list-filters-1280');
  await desk.context.close();
});
