// Feed autodiscovery in the browser: the all-list feed on every page, a board's (or category's)
// feed in the head while its list is shown, gone when the member leaves it; the feed itself opens.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseURL, launch, newPage } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const feedLinks = (page: Page) =>
  page.$$eval('head link[rel="alternate"][type="application/rss+xml"]', (links) => links.map((l) => [l.getAttribute('href'), l.getAttribute('title')]));

it('links the board feed while a board list is shown', async () => {
  const { page, context } = await newPage(browser);
  await page.goto('/board/free/c0/list');
  await expect.poll(() => feedLinks(page)).toEqual([
    ['/feed/all.xml', '찰칵 전체 새 글'],
    ['/feed/board/free.xml', '자유게시판 새 글'],
  ]);
  // A category's list links that category's feed instead.
  await page.getByRole('navigation', { name: '분류' }).getByRole('link', { name: '질문' }).click();
  await expect.poll(() => feedLinks(page)).toEqual([
    ['/feed/all.xml', '찰칵 전체 새 글'],
    ['/feed/board/free.xml?category=c2', '자유게시판 › 질문 새 글'],
  ]);
  await page.goto('/all/list');
  await expect.poll(() => feedLinks(page)).toEqual([['/feed/all.xml', '찰칵 전체 새 글']]);

  const res = await fetch(`${baseURL()}/feed/board/free.xml`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
  expect(await res.text()).toContain('<title>자유게시판 - 찰칵</title>');
  await context.close();
});
