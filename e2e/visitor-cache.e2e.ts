// Cached board answers in a real browser (decision 22): a visitor who comes back to a post asks
// with If-None-Match and the server answers 304, the page shows the same post; after the post
// changes, the list asked with its old ETag gets the new answer.
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launch, loginByApi, newPage, shot, signUpByApi } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('a visitor coming back to a post gets 304 and the same page; after a change the list gets the new answer', async () => {
  const writer = await signUpByApi();
  // The view shows the writer's star (rank by points), and each node reads the ranks again once a
  // minute: with the most points on the site the writer's rank stays 1 whatever others gain, so
  // the view's answer stays the same between the two looks.
  const a = await newPage(browser);
  await loginByApi(a.page, 'admin', inject('adminPassword'));
  const found = await a.page.request.post('/api/admin/user/list', { data: { search: writer.userId } });
  const writerNo = ((await found.json()) as { items: Array<{ no: number }> }).items[0]!.no;
  for (let i = 0; i < 5; i++) {
    const given = await a.page.request.post('/api/admin/user/points', { data: { userNo: writerNo, amount: 1_000_000, reason: '캐시 확인' } });
    expect(given.ok(), await given.text()).toBe(true);
  }
  await a.context.close();
  const w = await newPage(browser);
  await loginByApi(w.page, writer.userId, writer.password);
  const subject = `캐시 확인 ${Date.now().toString(36)}`;
  const saved = await w.page.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject, content: '<p>본문</p>' } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { key } = (await saved.json()) as { key: number };

  const { page, context } = await newPage(browser);
  const calls: Array<{ path: string; ifNoneMatch: string | undefined; status: number }> = [];
  page.on('response', async (res: Response) => {
    const path = new URL(res.url()).pathname;
    if (path !== '/api/board/list' && path !== '/api/board/view') return;
    calls.push({ path, ifNoneMatch: (await res.request().allHeaders())['if-none-match'], status: res.status() });
  });
  const link = page.locator('.post-table').getByRole('link', { name: subject });

  await page.goto('/board/free/c0/list');
  await link.waitFor();
  await link.click();
  const heading = page.locator('#post-subject');
  await expect.poll(() => heading.textContent()).toBe(subject);
  await page.goBack();
  await link.waitFor();

  // (Chromium reports a 304 to a fetch as an aborted request to the driver, hence 'response'.)
  // The page's copies go stale after 30 s (the board queries' freshness); then each look asks
  // again with the ETag it kept.
  await page.waitForTimeout(31_000);
  const of = (path: string) => calls.filter((c) => c.path === path);

  // The post has not changed: 304, and the page shows it as before.
  await page.goForward();
  await expect.poll(() => of('/api/board/view').length).toBe(2);
  expect(of('/api/board/view')[0]).toMatchObject({ ifNoneMatch: undefined, status: 200 });
  expect(of('/api/board/view')[1]!.ifNoneMatch).toMatch(/^W\/"/);
  expect(of('/api/board/view')[1]!.status).toBe(304);
  await expect.poll(() => heading.textContent()).toBe(subject);
  // The call helper took the 304 for the body it kept: no error toast.
  await page.waitForTimeout(500);
  expect(await page.locator('.club-toast').allInnerTexts()).toEqual([]);
  await shot(page, 'visitor-cache-view-after-304');

  // The writer changes the subject: the list asked with its old ETag gets the new answer.
  const edited = await w.page.request.post('/api/board/save', {
    data: { boardId: 'free', category: 'c1', key, subject: `${subject} 고침`, content: '<p>본문</p>' },
  });
  expect(edited.ok(), await edited.text()).toBe(true);
  await page.goBack();
  await page.locator('.post-table').getByRole('link', { name: `${subject} 고침` }).waitFor();
  expect(of('/api/board/list')).toHaveLength(2);
  expect(of('/api/board/list')[1]!.ifNoneMatch).toMatch(/^W\/"/);
  expect(of('/api/board/list')[1]!.status).toBe(200);
  await shot(page, 'visitor-cache-list-after-edit');
  await context.close();
  await w.context.close();
}, 120_000);
