// A phone's first visit (issue 26, "Fast on a phone"): the opened page's chunks and first calls are
// fetched beside the entry rather than after it has run (each call once), and on a slow phone (bench/phone-page.ts: 4× CPU
// slowdown, slow 4G) nothing shifts once it shows. `npm run bench:phone` measures the times.
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { measurePage } from '../bench/phone-page.js';
import { baseURL, launch, loginByApi, memberPage, newPage, PHONE } from './browser.js';

let browser: Browser;
let postKey: number;
let galleryKey: number;
beforeAll(async () => {
  browser = await launch();
  // A few posts with a comment, so the list and the thread are as long as a real board's.
  const { page, context } = await memberPage(browser);
  for (let i = 0; i < 3; i++) {
    const saved = await page.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject: `출사 후기 ${i + 1}`, content: '<p>새벽 호수에서 찍었습니다.</p>'.repeat(6) } });
    expect(saved.ok(), await saved.text()).toBe(true);
    postKey = ((await saved.json()) as { key: number }).key;
  }
  expect((await page.request.post('/api/comment/save', { data: { boardId: 'free', key: postKey, content: '색감이 좋네요.' } })).ok()).toBe(true);
  const jpeg = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#58a' } }).jpeg().toBuffer();
  const photo = await page.request.post('/api/file/upload', { multipart: { file: { name: 'lake.jpg', mimeType: 'image/jpeg', buffer: jpeg } } });
  const gallery = await page.request.post('/api/gallery/save', { data: { title: '새벽 호수', photos: [{ fileKey: ((await photo.json()) as { fileKey: string }).fileKey }] } });
  expect(gallery.ok(), await gallery.text()).toBe(true);
  galleryKey = ((await gallery.json()) as { galleryKey: number }).galleryKey;
  // Five market items with a photo (by the administrator: a new member may not sell yet), more
  // than a phone's first screen of cards.
  await context.clearCookies();
  await loginByApi(page, 'admin', inject('adminPassword'));
  const categories = (await (await page.request.post('/api/market/categories', { data: {} })).json()) as Array<{ code: string }>;
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#7a9' } }).png().toBuffer();
  for (let i = 0; i < 5; i++) {
    const up = await page.request.post('/api/file/upload', { multipart: { file: { name: 'item.png', mimeType: 'image/png', buffer: png } } });
    const { fileKey } = (await up.json()) as { fileKey: string };
    const data = { category: categories[0]!.code, subject: `렌즈 팝니다 ${i + 1}`, content: '<p>상태 좋습니다.</p>', price: 300_000, condition: 'A', tradeMethod: 'direct', region: 'seoul', files: [fileKey] };
    const saved = await page.request.post('/api/market/save', { data });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  await context.close();
});
afterAll(() => browser.close());

it("a deep link fetches its page's chunk while the entry is still on its way", async () => {
  const html = await (await fetch(`${baseURL()}/board/free/c0/list`)).text();
  const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeDefined();
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  let entryReleasedAt = 0;
  let chunkAskedAt = 0;
  // The entry is held back 1.5 s, as a slow link would: the page's own chunk must not wait for it.
  await page.route(`**${entry}`, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    entryReleasedAt = Date.now();
    await route.continue();
  });
  page.on('request', (req) => {
    if (!chunkAskedAt && /\/assets\/board-list-page-[^/]+\.js$/.test(req.url())) chunkAskedAt = Date.now();
  });
  await page.goto('/board/free/c0/list');
  await page.locator('.post-card-title', { hasText: '출사 후기 3' }).first().waitFor();
  expect(chunkAskedAt).toBeGreaterThan(0);
  expect(chunkAskedAt).toBeLessThan(entryReleasedAt);
  await context.close();
});

it("a deep link's first calls go out while the entry is on its way, and no call is made twice", async () => {
  const html = await (await fetch(`${baseURL()}/`)).text();
  const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeDefined();
  const pages = [
    ['/', '/api/home', 'h1'],
    ['/board/free/c0/list', '/api/board/list', '.post-card-title'],
    [`/board/free/view/${postKey}`, '/api/comment/list', '.comment-list'],
    ['/market/c0/list', '/api/market/list', '.market-card'],
    [`/gallery/view/${galleryKey}`, '/api/comment/list', '.gallery-photos img'],
  ] as const;
  for (const [path, call, shown] of pages) {
    const { page, context } = await newPage(browser, PHONE, { touch: true });
    let entryReleasedAt = 0;
    let callAskedAt = 0;
    await page.route(`**${entry}`, async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      entryReleasedAt = Date.now();
      await route.continue();
    });
    const calls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/file/')) return;
      calls.push(`${url.pathname} ${req.postData() ?? ''}`);
      if (!callAskedAt && url.pathname === call) callAskedAt = Date.now();
    });
    await page.goto(path);
    await page.locator(shown).first().waitFor();
    // Time for a late second call to show (a list's own, say, once it has mounted).
    await page.waitForTimeout(1000);
    expect(callAskedAt, path).toBeGreaterThan(0);
    expect(callAskedAt, path).toBeLessThan(entryReleasedAt);
    expect(calls.filter((c, i) => calls.indexOf(c) !== i), path).toEqual([]);
    await context.close();
  }
});

it('on a slow phone the board list and a post view do not shift after they show (CLS < 0.1)', async () => {
  for (const path of ['/board/free/c0/list', `/board/free/view/${postKey}`]) {
    const figures = await measurePage(browser, baseURL() + path);
    expect(figures.cls, path).toBeLessThan(0.1);
    expect(figures.lcpMs).toBeGreaterThan(0);
  }
});

it("the market list loads the first screen's photos at once and the rest as they come near", async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto('/market/c0/list');
  const photos = page.locator('.market-card-photo img');
  await photos.nth(4).waitFor({ state: 'attached' });
  const loading = await photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')));
  expect(loading.slice(0, 5)).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy']);
  await context.close();
});
