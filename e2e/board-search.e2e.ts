// Board search in slices (decision 20): a word with more hits than a slice counts shows the capped
// total, "더 이전 글에서 찾기" opens the older slice, "최근 글부터 다시 찾기" comes back, by keyboard
// and on a 360 px phone. The e2e server counts at most 20 hits in slices of 100 posts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessibleWithoutToasts, launch, memberPage, newPage, PHONE, shot } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('shows a capped search total and searches further back, by keyboard and on a phone', async () => {
  const { page, context } = await memberPage(browser);
  // 26 posts with a word no other test writes: 20 are counted in the first slice, 6 in the next.
  const word = `풍경${Date.now().toString(36).slice(-4)}`;
  for (let i = 1; i <= 26; i++) {
    const res = await page.request.post('/api/board/save', {
      data: { boardId: 'free', category: 'c1', subject: `${word} 사진 ${i}`, content: `<p>오늘의 ${word}</p>` },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  await page.goto('/board/free/c0/list');
  await page.getByLabel('검색어').fill(word);
  await page.getByLabel('검색어').press('Enter');
  const summary = page.locator('.search-summary');
  await summary.getByText(`‘${word}’ 검색 결과 20건 이상`).waitFor();
  await page.locator('.post-table').getByRole('link', { name: `${word} 사진 26` }).waitFor();
  await expectAccessibleWithoutToasts(page);

  // The older slice, by keyboard: focus the link and press Enter.
  const further = summary.getByRole('link', { name: '더 이전 글에서 찾기' });
  await further.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/before=\d+/);
  await summary.getByText(`‘${word}’ 검색 결과 6건`).waitFor();
  await summary.getByText(/이전 글 100여 개에서 찾았습니다/).waitFor();
  const older = page.locator('.post-table').getByRole('link', { name: new RegExp(`^${word} 사진 \\d+$`) });
  await older.first().waitFor();
  expect(await older.allInnerTexts()).toEqual([6, 5, 4, 3, 2, 1].map((n) => `${word} 사진 ${n}`));
  await shot(page, 'board-search-older-slice');

  // Back to the newest posts.
  await summary.getByRole('link', { name: '최근 글부터 다시 찾기' }).click();
  await summary.getByText(`‘${word}’ 검색 결과 20건 이상`).waitFor();
  expect(page.url()).not.toContain('before=');
  await context.close();

  // On a phone the summary and its links wrap inside the screen.
  const phone = await newPage(browser, PHONE);
  await phone.page.goto(`/board/free/c0/list?q=${encodeURIComponent(word)}`);
  await phone.page.locator('.search-summary').getByRole('link', { name: '더 이전 글에서 찾기' }).waitFor();
  const wide = (p: Page) => p.evaluate<number>('document.querySelector("main").scrollWidth');
  expect(await wide(phone.page)).toBeLessThanOrEqual(PHONE.width);
  await shot(phone.page, 'board-search-phone');
  await phone.context.close();
});
