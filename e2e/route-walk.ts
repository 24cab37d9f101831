// The routes of web/routes.tsx with their parameters filled from content a test makes for them:
// the walks over every route (labels in Korean, targets a thumb can hit) share it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { loginByApi, memberPage, newPage } from './browser.js';

/** The route paths of web/routes.tsx, read from its source so a new route is covered at once. */
export function routePaths(): string[] {
  const source = readFileSync(resolve(import.meta.dirname, '../web/routes.tsx'), 'utf8');
  return [...source.matchAll(/\{ name: '\w+', path: '([^']+)'/g)].map((m) => m[1]!);
}

export interface Sample {
  member: { userId: string; password: string };
  userId: string;
  postKey: number;
  marketKey: number;
  galleryKey: number;
  productKey: string;
}

/** A route's path with its parameters filled from the test's own content. */
export function fill(path: string, s: Sample): string {
  const market = path.startsWith('/market/');
  const values: Record<string, string> = {
    message: encodeURIComponent('시험 안내'),
    userId: s.userId,
    id: 'free',
    category: 'c0',
    key: String(market ? s.marketKey : s.postKey),
    galleryKey: String(s.galleryKey),
    type: 'lens',
    company: 'all',
    product: s.productKey,
    productKey: s.productKey,
  };
  return path
    .replace(/\/:page\?/g, '')
    .replace(/:(\w+)\??/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`no sample value for :${name} in ${path}`);
      return value;
    });
}

async function call<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function uploadPhoto(page: Page): Promise<string> {
  const exif = { IFD0: { Make: 'Canon', Model: 'Canon EOS 5D Mark IV' }, IFD2: { FocalLength: '35/1', FNumber: '28/10', ExposureTime: '1/200', ISOSpeedRatings: '400' } };
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#335577' } }).jpeg({ quality: 70 }).withExif(exif).toBuffer();
  const res = await page.request.post('/api/file/upload', { multipart: { file: { name: '호수.jpg', mimeType: 'image/jpeg', buffer } } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { fileKey: string }).fileKey;
}

/** A post, a gallery and a market item to open the routes with, and the member who wrote them. */
export async function makeSample(browser: Browser): Promise<Sample> {
  const { page, context, user: m } = await memberPage(browser);
  // Lists with several rows and a post with comments, so crowded targets show as they do on a busy site.
  for (const subject of ['필름 현상 후기', '렌즈 청소 방법']) await call(page, '/api/board/save', { boardId: 'free', category: 'c1', subject, content: '<p>질문 있습니다.</p>' });
  const post = await call<{ key: number }>(page, '/api/board/save', { boardId: 'free', category: 'c1', subject: '새벽 호수 출사기', content: '<p>안개가 좋았습니다.</p>' });
  for (const content of ['멋진 사진입니다', '어디서 찍으셨나요?']) await call(page, '/api/comment/save', { boardId: 'free', key: post.key, content });
  const gallery = await call<{ galleryKey: number }>(page, '/api/gallery/save', { title: '새벽 호수', description: '호숫가', photos: [{ fileKey: await uploadPhoto(page) }] });
  await context.close();

  const admin = await newPage(browser);
  await loginByApi(admin.page, 'admin', inject('adminPassword'));
  const found = await call<{ items: Array<{ key: string }> }>(admin.page, '/api/product/search', { q: 'EOS' });
  const productKey = found.items[0]!.key;
  const categories = await call<Array<{ code: string }>>(admin.page, '/api/market/categories', {});
  const market = await call<{ key: number }>(admin.page, '/api/market/save', {
    category: categories[0]!.code,
    subject: '바디 판매합니다',
    content: '<p>상태 좋습니다.</p>',
    price: 500_000,
    condition: 'A',
    tradeMethod: 'both',
    region: 'busan',
    files: [await uploadPhoto(admin.page)],
    productKey,
  });
  await admin.context.close();
  return { member: m, userId: m.userId, postKey: post.key, marketKey: market.key, galleryKey: gallery.galleryKey, productKey };
}

/** Opens a route and waits for its page to arrive: a heading, and no skeleton left. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main h1, main h2').first().waitFor({ timeout: 15_000 }).catch(() => undefined);
  await expect.poll(() => page.locator('.p-skeleton, .page-loading').count(), { timeout: 15_000 }).toBe(0);
}


/** Every route with its parameters filled. */
export const filledRoutes = (s: Sample) => routePaths().map((p) => fill(p, s));
