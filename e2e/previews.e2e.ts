// Link previews with the real build: a crawler fetching a post's address gets its title and
// description in the raw HTML, and a browser opening the same address still gets the working app.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { baseURL, DESKTOP, launch, memberPage, PHONE } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('a post unfurls for a crawler and opens as the app in a browser', async () => {
  const { page, context } = await memberPage(browser, DESKTOP);
  const subject = `미리보기 "확인" <글> ${Date.now().toString(36)}`;
  const saved = await page.request.post('/api/board/save', {
    data: { boardId: 'free', category: 'c1', subject, content: '<p>공유하면 제목과 사진이 보입니다.</p>' },
  });
  expect(saved.ok()).toBe(true);
  const { key } = (await saved.json()) as { key: number };

  const raw = await fetch(`${baseURL()}/board/free/view/${key}`, { headers: { 'user-agent': 'kakaotalk-scrap/1.0' } });
  expect(raw.status).toBe(200);
  const html = await raw.text();
  const escaped = subject.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  expect(html).toContain(`<meta property="og:title" content="${escaped}">`);
  expect(html).toContain('<meta property="og:description" content="공유하면 제목과 사진이 보입니다.">');
  expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/);

  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await page.goto(`/board/free/view/${key}`);
  await expect.poll(() => page.locator('#post-subject').innerText()).toContain(subject);
  expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(subject);
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  mkdirSync('/tmp/shots', { recursive: true });
  await page.screenshot({ path: '/tmp/shots/previews-post-1280.png' });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: '/tmp/shots/previews-post-360.png' });
  await context.close();
});
