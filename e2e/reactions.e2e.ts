// Reactions (공감): on a touch phone at 360 px a member reacts to a post and a comment through the
// 공감하기 menu and takes a reaction back with a tap; on a desktop, by keyboard alone, a member
// chooses from the menu with the arrow keys and opens who reacted from a count.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callAs, cookieOf, expectAccessible, launch, loginByApi, newPage, PHONE, shot, signUpByApi } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

type Member = Awaited<ReturnType<typeof signUpByApi>>;

/** A post by `author` with one comment of theirs: the post's and the comment's keys. */
async function postWithComment(author: Member) {
  const cookie = await cookieOf(author);
  const { key } = (await callAs(cookie, '/api/board/save', { boardId: 'free', category: 'c1', subject: '공감 시험 글', content: '<p>새 렌즈로 찍었습니다.</p>' })) as { key: number };
  const { commentKey } = (await callAs(cookie, '/api/comment/save', { boardId: 'free', key, content: '작례 더 올릴게요' })) as { commentKey: number };
  return { key, commentKey };
}

it('on a touch phone: react to the post and a comment from the menu, and tap again to take it back', async () => {
  const author = await signUpByApi();
  const m = await signUpByApi();
  const { key } = await postWithComment(author);
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, m.userId, m.password);
  await page.goto(`/board/free/view/${key}`);

  const postBar = page.getByRole('group', { name: '글 공감', exact: true });
  await postBar.getByRole('button', { name: '글에 공감하기', exact: true }).tap();
  const menu = page.getByRole('menu', { name: '공감 고르기' });
  await menu.waitFor();
  expect(await menu.getByRole('menuitemradio').allTextContents()).toEqual(['👍좋아요', '🤩멋져요', '😆웃겨요', '😢슬퍼요', '💡도움돼요']);
  expect(await auditTargets(page)).toEqual([]);
  await menu.getByRole('menuitemradio', { name: '좋아요' }).tap();
  const liked = postBar.getByRole('button', { name: '좋아요 1명, 내가 선택함' });
  await liked.waitFor();
  expect(await liked.getAttribute('aria-pressed')).toBe('true');
  expect(await menu.count()).toBe(0);

  // The comment's own bar.
  const commentBar = page.getByRole('group', { name: `${author.nickName}님의 댓글 공감`, exact: true });
  await commentBar.getByRole('button', { name: `${author.nickName}님의 댓글에 공감하기` }).tap();
  await page.getByRole('menu', { name: '공감 고르기' }).getByRole('menuitemradio', { name: '도움돼요' }).tap();
  await commentBar.getByRole('button', { name: '도움돼요 1명, 내가 선택함' }).waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessible(page);
  await shot(page, 'reactions-phone');

  // Tapped again: taken back, and the reaction leaves the bar.
  await liked.tap();
  await postBar.locator('.reaction-chip').waitFor({ state: 'detached' });
  // Still so after a reload (the view answer carries the counts and the reader's own).
  await page.reload();
  await commentBar.getByRole('button', { name: '도움돼요 1명, 내가 선택함' }).waitFor();
  expect(await postBar.getByRole('button', { name: /^좋아요/ }).count()).toBe(0);
  await context.close();
});

it('on a desktop by keyboard: choose from the menu with the arrow keys, then see who reacted from a count', async () => {
  const author = await signUpByApi();
  const [a, b, m] = await Promise.all([signUpByApi(), signUpByApi(), signUpByApi()]);
  const { key } = await postWithComment(author);
  await callAs(await cookieOf(a), '/api/reaction/toggle', { target: { kind: 'post', key }, reaction: 'wow' });
  await callAs(await cookieOf(b), '/api/reaction/toggle', { target: { kind: 'post', key }, reaction: 'like' });
  const { page, context } = await newPage(browser);
  await loginByApi(page, m.userId, m.password);
  await page.goto(`/board/free/view/${key}`);

  const postBar = page.getByRole('group', { name: '글 공감', exact: true });
  const add = postBar.getByRole('button', { name: '글에 공감하기', exact: true });
  await add.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: '공감 고르기' });
  await menu.waitFor();
  // Focus starts on the first reaction; → moves to 멋져요, Enter chooses it and closes the menu.
  await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('👍좋아요');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await postBar.getByRole('button', { name: '멋져요 2명, 내가 선택함' }).waitFor();
  expect(await menu.count()).toBe(0);
  expect(await add.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  // Escape closes the menu back to its button without choosing.
  await page.keyboard.press('Enter');
  await menu.waitFor();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  expect(await add.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);

  // Who reacted: the 멋져요 count, by keyboard.
  const count = postBar.getByRole('button', { name: '멋져요 2명, 공감한 회원 보기' });
  await count.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '공감한 회원' });
  await dialog.getByRole('link', { name: a.nickName }).waitFor();
  expect(await dialog.getByRole('link', { name: m.nickName }).count()).toBe(1);
  expect(await dialog.getByRole('link', { name: b.nickName }).count()).toBe(0);
  expect(await dialog.getByRole('button', { name: /^🤩 멋져요/ }).getAttribute('aria-pressed')).toBe('true');
  await expectAccessible(page);
  await shot(page, 'reactions-who-desktop');
  // The filter 전체 (focus starts on it) lists every reactor.
  await page.keyboard.press('Enter');
  await dialog.getByRole('link', { name: b.nickName }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await count.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  await context.close();
});
