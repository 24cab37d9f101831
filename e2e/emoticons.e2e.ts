// Emoticons end to end, on a 360 px phone: a member picks one in the comment box, posts, and
// the comment shows the picture; the post editor's toolbar picker works from the keyboard.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessibleWithoutToasts, launch, memberPage, PHONE, shot } from './browser.js';

// This project type-checks the tests without the DOM library: what the page functions touch.
declare const document: { activeElement: { getAttribute(name: string): string | null; classList: { contains(c: string): boolean } } | null };
type TextArea = { setSelectionRange(start: number, end: number): void };
type Img = { complete: boolean; naturalWidth: number };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('a member picks an emoticon in the comment box and the comment shows the picture', async () => {
  const { page, context } = await memberPage(browser, PHONE);
  const saved = await page.request.post('/api/board/save', {
    data: { boardId: 'free', category: 'c1', subject: '이모티콘 시험', content: '<p>새 렌즈 작례입니다.</p>' },
  });
  expect(saved.ok()).toBe(true);
  const { key } = (await saved.json()) as { key: number };

  await page.goto(`/board/free/view/${key}`);
  const box = page.getByLabel('댓글 쓰기');
  await box.fill('멋져요  최고');
  // The cursor between the two spaces: the emoticon goes there, not at the end.
  await box.evaluate((el: TextArea) => el.setSelectionRange(4, 4));
  const toggle = page.locator('.comment-form').getByRole('button', { name: '이모티콘' });
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const grid = page.getByRole('group', { name: '이모티콘 고르기' });
  await expect.poll(() => grid.getByRole('button').count()).toBe(4);
  // The grid fits the phone's width.
  const rect = await grid.boundingBox();
  expect(rect!.x + rect!.width).toBeLessThanOrEqual(PHONE.width);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'emoticons-comment-picker');
  await grid.getByRole('button', { name: '웃음 넣기' }).click();
  await grid.waitFor({ state: 'detached' });
  expect(await box.inputValue()).toBe('멋져요 ^{smile} 최고');

  await page.locator('.comment-form').getByRole('button', { name: '등록' }).click();
  const comment = page.locator('.comment', { hasText: '멋져요' });
  const icon = comment.locator('img.tok-icon');
  await icon.waitFor();
  expect(await icon.getAttribute('src')).toBe('/images/emoticons/smile.svg');
  expect(await icon.getAttribute('alt')).toBe('웃음');
  // The picture is really there.
  await expect.poll(() => icon.evaluate((img: Img) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  await shot(page, 'emoticons-comment');
  await context.close();
});

it('the post editor puts the picked emoticon at the cursor, by keyboard', async () => {
  const { page, context } = await memberPage(browser, PHONE);
  await page.goto('/board/free/write');
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('출사 다녀왔어요 ');

  const toggle = page.locator('.editor-toolbar').getByRole('button', { name: '이모티콘' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const grid = page.getByRole('group', { name: '이모티콘 고르기' });
  // The first emoticon has the focus; arrows move along, Enter picks.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('웃음 넣기');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('찰칵 넣기');
  await page.keyboard.press('Enter');
  await grid.waitFor({ state: 'detached' });
  await expect.poll(() => editor.innerText()).toContain('출사 다녀왔어요 ^{camera}');

  // Escape closes the grid and gives the focus back to the button.
  await toggle.click();
  await grid.waitFor();
  await shot(page, 'emoticons-editor-picker');
  await page.keyboard.press('Escape');
  await grid.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.classList.contains('emoticon-toggle'))).toBe(true);

  // Saved, the post shows the picture; opened for editing, the token is back in the text.
  await page.getByLabel('제목').fill('이모티콘 글');
  await page.getByRole('button', { name: '저장' }).click();
  await page.waitForURL('**/board/free/view/**');
  const icon = page.locator('.post-content img.tok-icon');
  await icon.waitFor();
  expect(await icon.getAttribute('alt')).toBe('찰칵');
  await page.getByRole('link', { name: '수정' }).click();
  await page.waitForURL('**/edit**');
  await expect.poll(() => page.locator('.ProseMirror').innerText()).toContain('출사 다녀왔어요 ^{camera}');
  await context.close();
});
