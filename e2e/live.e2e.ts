// Live updates on the built app (decision 35): a letter from another member lights the header's
// badge without a reload and without the one-minute poll; another member's bid shows on an open
// auction at once, with the auction's poll stopped while the stream is connected; with the
// stream blocked (a proxy that refuses it) the badge still comes, by the poll.
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launch, loginByApi, memberPage, newPage, signUpByApi } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** A small valid PNG, built here so the test needs no fixture file. */
function makePng(width = 120, height = 90): Buffer {
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
  const rows = Buffer.alloc((width * 3 + 1) * height, 120);
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

async function auctionByApi(page: Page) {
  const up = await page.request.post('/api/file/upload', { multipart: { file: { name: 'live.png', mimeType: 'image/png', buffer: makePng() } } });
  expect(up.ok(), await up.text()).toBe(true);
  const { fileKey } = (await up.json()) as { fileKey: string };
  const categories = (await (await page.request.post('/api/market/categories', { data: {} })).json()) as Array<{ code: string }>;
  const res = await page.request.post('/api/market/save', {
    data: {
      category: categories[0]!.code,
      subject: `실시간 경매 ${Date.now().toString(36).slice(-5)}`,
      content: '<p>실시간 입찰 확인용 매물입니다.</p>',
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

/** Calls to `path` the page makes from now on. */
function countCalls(page: Page, path: string) {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

const sendLetter = (page: Page, receiver: string) =>
  page.request.post('/api/letter/send/save', { data: { receiver, subject: '출사 일정', content: '토요일에 뵐까요?' } });

it('a letter from another member lights the badge at once, without a reload or the poll', async () => {
  const sender = await memberPage(browser);
  const { page, context, user: b } = await memberPage(browser);
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live' && r.status() === 200);
  const firstCount = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/letter/arrival');
  await page.goto('/');
  await Promise.all([stream, firstCount]);
  const polls = countCalls(page, '/api/letter/arrival');
  const badge = page.locator('.site-header').getByRole('button', { name: '신규 쪽지 1통' });
  expect(await badge.count()).toBe(0);

  const sent = Date.now();
  expect((await sendLetter(sender.page, b.userId)).ok()).toBe(true);
  await badge.waitFor({ timeout: 3000 });
  expect(Date.now() - sent).toBeLessThan(3000);
  // The count came with the event: the page did not ask for it.
  expect(polls).toHaveLength(0);
  await context.close();
  await sender.context.close();
});

it('another member’s bid shows on an open auction at once, and the page does not poll meanwhile', async () => {
  const seller = await newPage(browser);
  await loginByApi(seller.page, 'admin', inject('adminPassword'));
  const key = await auctionByApi(seller.page);
  await seller.context.close();
  const bidder = await memberPage(browser);

  // A visitor: the stream carries the auction only.
  const { page, context } = await newPage(browser);
  const stream = page.waitForResponse((r) => r.url().includes(`/api/live?auction=${key}`) && r.status() === 200);
  const firstBids = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/market/bids');
  await page.goto(`/market/view/${key}`);
  await page.locator('.auction-panel').waitFor();
  await Promise.all([stream, firstBids]);
  await page.locator('html[data-live="connected"]').waitFor({ state: 'attached' });
  await page.waitForTimeout(300);
  await expect.poll(() => page.getByTestId('auction-bids').innerText()).toBe('0');
  const polls = countCalls(page, '/api/market/bids');
  // Longer than the poll's interval: nothing asked while the stream is connected.
  await page.waitForTimeout(3500);
  expect(polls).toHaveLength(0);

  const res = await bidder.page.request.post('/api/market/bid', { data: { key, amount: 100_000 } });
  expect(res.ok(), await res.text()).toBe(true);
  await expect.poll(() => page.getByTestId('auction-bids').innerText(), { timeout: 2000 }).toBe('1');
  expect(await page.getByTestId('auction-price').innerText()).toBe('100,000원');
  await context.close();
  await bidder.context.close();
});

it('with the stream blocked the badge still comes, by the one-minute poll', async () => {
  const sender = await memberPage(browser);
  const b = await signUpByApi();
  const { page, context } = await newPage(browser);
  // A proxy that refuses the stream.
  let refused = 0;
  // On the context: it also sees requests a service worker makes.
  await context.route('**/api/live*', (route) => {
    refused++;
    return route.abort();
  });
  await page.clock.install();
  await loginByApi(page, b.userId, b.password);
  // The header's first count must be in before the letter, or it would bring the letter itself.
  const firstCount = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/letter/arrival');
  await page.goto('/');
  await firstCount;
  await expect.poll(() => refused).toBeGreaterThan(0);
  const badge = page.locator('.site-header').getByRole('button', { name: '신규 쪽지 1통' });
  expect((await sendLetter(sender.page, b.userId)).ok()).toBe(true);
  await page.waitForTimeout(500);
  expect(await badge.count()).toBe(0);
  await page.clock.runFor(61_000);
  await badge.waitFor({ timeout: 5000 });
  await context.close();
  await sender.context.close();
});
