// Board managers: the administrator names a member manager of two boards; on a touch phone at
// 360 px the manager moves a post to the other board with 이동 (board and category in the dialog),
// its old address leads to the new one, and from the board's 신고 관리 the manager hides a
// reported post in a queue that holds only their boards' reports (no suspending); the author is
// told of the move. On a desktop at 1280 px the same by keyboard alone. Target audit and axe on
// the post, the dialog and the queue.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { toward } from '../common/korean.js';
import { proofHeadersAt } from '../server/test/spam-proof.js';
import { baseURL, DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, newPage, PHONE, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

type Member = Awaited<ReturnType<typeof signUpByApi>>;
const tag = Date.now().toString(36).slice(-5);
const boardA = { id: `ma-${tag}`, name: `매니저 시험 가${tag}` };
const boardB = { id: `mb-${tag}`, name: `매니저 시험 나${tag}` };
let manager: Member;
let writer: Member;
let reporter: Member;
const posts = { phone: 0, desk: 0, other: 0 };
const subjects = { phone: `폰에서 옮길 글 ${tag}`, desk: `키보드로 옮길 글 ${tag}`, other: `다른 게시판 신고 글 ${tag}` };

/** The page's cookies as a Cookie header (for calls made outside the browser). */
const cookieOf = async (page: Page) => (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

/** A post by the page's member, with the proof of work a new member's post may need. */
async function postAs(page: Page, boardId: string, subject: string): Promise<number> {
  const headers = await proofHeadersAt(baseURL(), 'post', await cookieOf(page));
  const res = await page.request.post('/api/board/save', { data: { boardId, category: 'c1', subject, content: `<p>${subject}의 내용입니다.</p>` }, headers });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).key as number;
}

beforeAll(async () => {
  [manager, writer, reporter] = await Promise.all([signUpByApi(), signUpByApi(), signUpByApi()]);
  const { page: admin, context } = await newPage(browser);
  await loginByApi(admin, 'admin', inject('adminPassword'));
  for (const b of [boardA, boardB]) {
    const res = await admin.request.post('/api/admin/board/save', {
      data: { id: b.id, name: b.name, readLevel: 0, writeLevel: 1, commentLevel: 1, categories: [{ name: '풍경' }, { name: '인물' }], managers: [manager.userId] },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  // A post on a board the manager does not manage, reported too: it must not be in their queue.
  posts.other = await postAs(admin, 'free', subjects.other);
  await context.close();

  const w = await newPage(browser);
  await loginByApi(w.page, writer.userId, writer.password);
  posts.phone = await postAs(w.page, boardA.id, subjects.phone);
  posts.desk = await postAs(w.page, boardA.id, subjects.desk);
  await w.context.close();

  const r = await newPage(browser);
  await loginByApi(r.page, reporter.userId, reporter.password);
  for (const key of [posts.phone, posts.desk, posts.other]) {
    const res = await r.page.request.post('/api/report/save', { data: { kind: 'post', key, reason: `광고 글입니다 ${tag}` } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await r.context.close();
});

const focusedText = (page: Page) => page.evaluate('document.activeElement && (document.activeElement.textContent || document.activeElement.id)') as Promise<string>;

it('on a touch phone: a manager moves a post with 이동, its old address follows, and hides a report from the queue', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, manager.userId, manager.password);
  await page.goto(`/board/${boardA.id}/view/${posts.phone}`);
  await page.getByRole('heading', { level: 1, name: subjects.phone }).waitFor();
  const moveButton = page.getByRole('button', { name: '이동', exact: true });
  await moveButton.waitFor();
  // The manager is not the author: no 수정 or 삭제, but 공지로 지정 and 이동.
  await page.getByRole('button', { name: '공지로 지정' }).waitFor();
  expect(await page.getByRole('link', { name: '수정' }).count()).toBe(0);
  expect(await auditTargets(page)).toEqual([]);

  await moveButton.tap();
  const dialog = page.getByRole('dialog', { name: '다른 게시판으로 이동' });
  await dialog.waitFor();
  const boardSelect = dialog.getByLabel('옮겨 갈 게시판');
  await boardSelect.waitFor();
  // Only the other board the manager looks after is offered.
  expect(await boardSelect.locator('option').allTextContents()).toEqual(['게시판을 고르세요', boardB.name]);
  // Without a board the field says so.
  await dialog.getByRole('button', { name: '이동하기' }).tap();
  await dialog.getByText('옮겨 갈 게시판을 골라 주세요.').waitFor();
  await boardSelect.selectOption({ label: boardB.name });
  await dialog.getByLabel('옮겨 갈 분류').selectOption({ label: '인물' });
  await page.waitForTimeout(300);
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessible(page);
  await shot(page, 'managers-move-dialog-360');
  await dialog.getByRole('button', { name: '이동하기' }).tap();
  await waitForToast(page, `${toward(boardB.name)} 옮겼습니다.`);
  await page.waitForURL(`**/board/${boardB.id}/view/${posts.phone}`);
  await page.locator('.post-where').getByRole('link', { name: boardB.name }).waitFor();
  await page.locator('.post-where').getByRole('link', { name: '인물' }).waitFor();

  // The old address (a bookmark) lands on the new one.
  await page.goto(`/board/${boardA.id}/view/${posts.phone}`);
  await page.waitForURL(`**/board/${boardB.id}/view/${posts.phone}`);
  await page.getByRole('heading', { level: 1, name: subjects.phone }).waitFor();

  // From the board's list to its report queue.
  await page.goto(`/board/${boardB.id}/c0/list`);
  await page.getByRole('link', { name: '신고 관리' }).tap();
  await page.waitForURL('**/system/report/list');
  await page.getByRole('heading', { level: 1, name: '신고 관리' }).waitFor();
  await page.getByText('맡은 게시판의 글과 댓글에 들어온 신고만 보입니다.', { exact: false }).waitFor();
  const row = page.locator('.admin-table tbody tr', { hasText: subjects.phone });
  await row.waitFor();
  // Their boards' reports only, and nobody to suspend.
  await page.locator('.admin-table tbody tr', { hasText: subjects.desk }).waitFor();
  expect(await page.locator('.admin-table tbody tr', { hasText: subjects.other }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /이용 정지/ }).count()).toBe(0);
  await page.waitForTimeout(300);
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'managers-queue-360');
  await row.getByRole('button', { name: `게시글 '${subjects.phone}': 가리기` }).tap();
  await page.locator('.p-confirm-dialog').getByRole('button', { name: '예' }).tap();
  await waitForToast(page, '내용을 가렸습니다.');
  await row.getByText('가림', { exact: true }).waitFor();
  await context.close();

  // The author was told where the post went.
  const w = await newPage(browser, PHONE, { touch: true });
  await loginByApi(w.page, writer.userId, writer.password);
  const alarms = (await (await w.page.request.post('/api/letter/alarm/list', { data: {} })).json()) as Array<{ kind: string; articleKey: number; boardId: string }>;
  expect(alarms.filter((a) => a.kind === 'moved' && a.articleKey === posts.phone).map((a) => a.boardId)).toEqual([boardB.id]);
  await w.context.close();
});

it('on a desktop by keyboard alone: a manager moves a post and dismisses a report', async () => {
  const { page, context } = await newPage(browser, DESKTOP);
  await loginByApi(page, manager.userId, manager.password);
  await page.goto(`/board/${boardA.id}/view/${posts.desk}`);
  await page.getByRole('heading', { level: 1, name: subjects.desk }).waitFor();
  const moveButton = page.getByRole('button', { name: '이동', exact: true });
  await moveButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '다른 게시판으로 이동' });
  await dialog.getByLabel('옮겨 갈 게시판').waitFor();
  // The board picker takes focus when the choices come; arrows choose, Tab goes on.
  await expect.poll(() => focusedText(page)).toContain('게시판을 고르세요');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => dialog.getByLabel('옮겨 갈 분류').inputValue()).toBe('c1');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => dialog.getByLabel('옮겨 갈 분류').inputValue()).toBe('c2');
  await expectAccessible(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedText(page)).toContain('이동하기');
  await page.keyboard.press('Enter');
  await waitForToast(page, `${toward(boardB.name)} 옮겼습니다.`);
  await page.waitForURL(`**/board/${boardB.id}/view/${posts.desk}`);
  await shot(page, 'managers-moved-1280');

  // The queue: the admin frame with only this page in its navigation.
  await page.goto('/system/report/list?status=open');
  await page.getByRole('heading', { level: 1, name: '신고 관리' }).waitFor();
  const nav = page.getByRole('navigation', { name: '관리 메뉴' });
  expect(await nav.getByRole('link').allTextContents()).toEqual(['신고 관리']);
  const row = page.locator('.admin-table tbody tr', { hasText: subjects.desk });
  await row.waitFor();
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'managers-queue-1280');
  await row.getByRole('button', { name: `게시글 '${subjects.desk}': 기각` }).focus();
  await page.keyboard.press('Enter');
  const confirmBox = page.locator('.p-confirm-dialog');
  await confirmBox.waitFor();
  // Focus starts on 아니오 (the safe answer); Tab reaches 예.
  await page.keyboard.press('Tab');
  await expect.poll(() => focusedText(page)).toContain('예');
  await page.keyboard.press('Enter');
  await waitForToast(page, '신고를 기각했습니다.');
  await row.waitFor({ state: 'detached' });
  await context.close();

  // Anything else of the admin area sends a manager away.
  const other = await newPage(browser, DESKTOP);
  await loginByApi(other.page, manager.userId, manager.password);
  await other.page.goto('/system/board/list');
  await other.page.waitForURL('**/error/**');
  await other.context.close();
});
