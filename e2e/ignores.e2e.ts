// Ignoring a member (decision 46): on a touch phone at 360 px a member ignores a post's author from
// the post, sees the post fold there and in the board list, shows a folded row with one tap, sees
// the author's comment folded under another post, and undoes it from my info's 차단한 회원 page.
// On a desktop at 1280 px the same by keyboard alone: the folded row and the folded post shown
// with Enter (the focus moves onto what was shown), and the undo on the list page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callAs, cookieOf, expectAccessibleWithoutToasts, launch, loginByApi, newPage, PHONE, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const FOLD = '차단한 회원의 글입니다';

const writePost = async (cookie: string, subject: string) =>
  ((await callAs(cookie, '/api/board/save', { boardId: 'free', category: 'c1', subject, content: '<p>오늘 찍은 사진입니다.</p>' })) as { key: number }).key;

const accept = (page: Page, message: string) => page.locator('.p-confirm-dialog', { hasText: message }).getByRole('button', { name: '예' });

it('on a touch phone: ignore from a post, see the fold in the post, the list and a comment, show a row, undo in my info', async () => {
  const [m, c, d] = await Promise.all([signUpByApi(), signUpByApi(), signUpByApi()]);
  const cCookie = await cookieOf(c);
  const subject = `차단 시험 ${c.nickName}`;
  const key = await writePost(cCookie, subject);
  const other = await writePost(await cookieOf(d), `다른 회원의 글 ${d.nickName}`);
  await callAs(cCookie, '/api/comment/save', { boardId: 'free', key: other, content: '접혀야 하는 댓글' });

  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, m.userId, m.password);
  await page.goto(`/board/free/view/${key}`);
  await page.getByRole('heading', { name: subject }).waitFor();
  await page.getByRole('button', { name: `${c.nickName}님 차단하기` }).tap();
  await accept(page, '상대에게는 알리지 않습니다.').tap();
  await waitForToast(page, `${c.nickName}님을 차단했습니다.`);
  // The post folds at once; its 차단 해제 stays at hand.
  await page.getByRole('heading', { name: FOLD }).waitFor();
  expect(await page.getByText('오늘 찍은 사진입니다.').count()).toBe(0);
  await page.getByRole('button', { name: `${c.nickName}님 차단 해제` }).waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'ignores-phone-post');

  // The board list: the row folds; one tap shows it.
  await page.goto('/board/free/c0/list');
  const folded = page.locator('.post-card.is-ignored');
  await folded.first().waitFor();
  expect(await page.getByRole('link', { name: subject }).count()).toBe(0);
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'ignores-phone-list');
  const count = await folded.count();
  await folded.first().getByRole('button', { name: `${FOLD} 보기` }).tap();
  await page.getByRole('link', { name: subject }).waitFor();
  expect(await folded.count()).toBe(count - 1);

  // Their comment under another member's post folds too.
  await page.goto(`/board/free/view/${other}`);
  const foldedComment = page.locator('.comment').filter({ hasText: '차단한 회원의 댓글입니다' });
  await foldedComment.waitFor();
  expect(await page.getByText('접혀야 하는 댓글').count()).toBe(0);
  expect(await auditTargets(page)).toEqual([]);
  await foldedComment.getByRole('button', { name: '차단한 회원의 댓글입니다 보기' }).tap();
  await page.getByText('접혀야 하는 댓글').waitFor();

  // Undo in my info: 차단한 회원, no password asked.
  await page.goto('/');
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).tap();
  await page.getByRole('dialog').getByRole('button', { name: '차단한 회원' }).tap();
  await page.waitForURL('**/user/ignored');
  const row = page.locator('.ignored-row', { hasText: c.nickName });
  await row.waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'ignores-phone-my-list');
  await row.getByRole('button', { name: `${c.nickName}님 차단 해제` }).tap();
  await waitForToast(page, `${c.nickName}님의 차단을 해제했습니다.`);
  await page.getByText('차단한 회원이 없습니다.').waitFor();
  // Not folded any more.
  await page.goto('/board/free/c0/list');
  await page.getByRole('link', { name: subject }).waitFor();
  expect(await page.locator('.post-card.is-ignored').count()).toBe(0);
  // Silent: the ignored member was told nothing (no alarm, their session as before).
  const theirs = (await callAs(cCookie, '/api/session/info', {})) as { ignored?: string[] };
  expect(theirs.ignored).toBeUndefined();
  await context.close();
});

it('on a desktop by keyboard: show a folded row and a folded post with Enter, then undo from the list page', async () => {
  const [m, c] = await Promise.all([signUpByApi(), signUpByApi()]);
  const subject = `키보드 차단 시험 ${c.nickName}`;
  const key = await writePost(await cookieOf(c), subject);
  await callAs(await cookieOf(m), '/api/user/ignore', { userId: c.userId });

  const { page, context } = await newPage(browser);
  await loginByApi(page, m.userId, m.password);
  await page.goto('/board/free/c0/list');
  const foldedRow = page.locator('tr.is-ignored').first();
  await foldedRow.waitFor();
  expect(await page.getByRole('link', { name: subject }).count()).toBe(0);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'ignores-desktop-list');
  // 보기 is a button in the tab order; Enter shows the row and puts the focus on its post link.
  const show = foldedRow.getByRole('button', { name: `${FOLD} 보기` });
  await show.focus();
  await page.keyboard.press('Enter');
  const link = page.getByRole('link', { name: subject });
  await link.waitFor();
  await expect.poll(() => link.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  // Enter opens the post, which folds in its own right.
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/board/free/view/${key}`);
  const showPost = page.getByRole('button', { name: `${FOLD} 보기` });
  await showPost.waitFor();
  await showPost.focus();
  await page.keyboard.press('Enter');
  const article = page.locator('article.post', { hasText: '오늘 찍은 사진입니다.' });
  await article.waitFor();
  await expect.poll(() => article.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  await expectAccessibleWithoutToasts(page);

  // The list page by keyboard: 차단 해제 with Enter.
  await page.goto('/user/ignored');
  const undo = page.getByRole('button', { name: `${c.nickName}님 차단 해제` });
  await undo.waitFor();
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'ignores-desktop-my-list');
  await undo.focus();
  await page.keyboard.press('Enter');
  await waitForToast(page, `${c.nickName}님의 차단을 해제했습니다.`);
  await page.getByText('차단한 회원이 없습니다.').waitFor();
  await page.goto('/board/free/c0/list');
  await page.getByRole('link', { name: subject }).waitFor();
  expect(await page.locator('tr.is-ignored').count()).toBe(0);
  await context.close();
});
