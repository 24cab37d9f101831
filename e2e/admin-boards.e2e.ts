// Board management end to end: the admin (at 360 px) creates a board with two categories (a bad
// address is marked at its field first), moves it up with the keyboard alone, a member opens the
// new board and posts in it, then the admin merges one category into the other after a confirm
// naming the posts that move; axe on the page and its dialog; screenshots at 360 and 1280 px.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, waitForToast } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const SHOTS = '/tmp/shots';
async function shot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

it('visitors and members who open board management see the error page', async () => {
  const { page, context } = await memberPage(browser);
  await page.goto('/system/board/list');
  await page.waitForURL('**/error/**');
  expect((await page.request.post('/api/admin/board/list', { data: {} })).status()).toBe(403);
  await context.close();
});

it('the admin creates a board with two categories, a member posts there, the admin merges the categories (360 px)', async () => {
  const tag = Date.now().toString(36).slice(-5);
  const slug = `outing-${tag}`;
  const boardName = `출사 모임 ${tag}`;

  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, 'admin', inject('adminPassword'));
  await page.goto('/system/board/list');
  await page.getByRole('heading', { level: 1, name: '게시판 관리' }).waitFor();
  await page.locator('.admin-count').getByText('게시판').waitFor();
  await page.locator('.admin-table tbody tr', { hasText: '자유게시판' }).waitFor();
  await shot(page, 'admin-boards-360');
  await expectAccessibleWithoutToasts(page);

  // New board: a bad address is marked at its field; then two categories.
  await page.getByRole('button', { name: '새 게시판' }).click();
  const dialog = page.getByRole('dialog', { name: '새 게시판' });
  await dialog.getByLabel('게시판 이름').fill(boardName);
  await dialog.getByLabel('주소').fill('Bad_Address');
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect.poll(() => dialog.getByLabel('주소').getAttribute('aria-invalid')).toBe('true');
  expect(await dialog.locator('.field-error').first().innerText()).toContain('게시판 주소는 영문 소문자');
  await dialog.getByLabel('주소').fill(slug);
  await dialog.getByLabel('설명').fill('주말 출사 모임 이야기');
  await dialog.getByLabel('1번째 분류 이름').fill('출사 후기');
  await dialog.getByRole('button', { name: '분류 추가' }).click();
  await dialog.getByLabel('2번째 분류 이름').fill('장비 질문');
  await dialog.getByLabel('글 포인트', { exact: true }).fill('3');
  await dialog.getByRole('button', { name: '분류 추가' }).scrollIntoViewIfNeeded();
  await shot(page, 'admin-board-dialog-360');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '저장' }).click();
  await waitForToast(page, '게시판을 만들었습니다.');
  await dialog.waitFor({ state: 'detached' });

  // The new board is last; the keyboard alone moves it up one place, focus stays on the button.
  const row = page.locator('.admin-table tbody tr', { hasText: boardName });
  await row.waitFor();
  const before = await page.locator('.admin-table tbody tr').allInnerTexts();
  const at = before.findIndex((text) => text.includes(boardName));
  expect(at).toBe(before.length - 1);
  await row.getByRole('button', { name: `${boardName} 위로` }).focus();
  await page.keyboard.press('Enter');
  await waitForToast(page, '순서를 저장했습니다.');
  await expect.poll(async () => (await page.locator('.admin-table tbody tr').allInnerTexts()).findIndex((text) => text.includes(boardName))).toBe(at - 1);
  await expect.poll(() => page.evaluate("document.activeElement && document.activeElement.getAttribute('aria-label')")).toBe(`${boardName} 위로`);

  // A member opens the board at its address and posts in the second category.
  const { page: mp, context: mc } = await memberPage(browser, PHONE, { touch: true });
  await mp.goto(`/board/${slug}/c0/list`);
  await mp.getByRole('link', { name: '글쓰기' }).first().click();
  await mp.waitForURL(`**/board/${slug}/write`);
  const editor = mp.locator('.ProseMirror');
  await editor.waitFor();
  await mp.getByLabel('분류').selectOption({ label: '장비 질문' });
  const subject = `삼각대 추천 부탁드립니다 ${tag}`;
  await mp.getByLabel('제목').fill(subject);
  await editor.click();
  await mp.keyboard.type('가벼운 여행용 삼각대를 찾고 있습니다.');
  await mp.getByRole('button', { name: '저장' }).click();
  await mp.waitForURL(new RegExp(`/board/${slug}/view/\\d+$`));
  await mp.getByRole('heading', { name: subject }).waitFor();
  await mc.close();

  // The admin merges 장비 질문 into 출사 후기: the confirm names the one post that moves.
  await page.reload();
  await row.getByRole('button', { name: `${boardName} 수정` }).click();
  const edit = page.getByRole('dialog', { name: '게시판 수정' });
  expect(await edit.getByLabel('주소').getAttribute('readonly')).not.toBeNull();
  await edit.getByText('글 1개').waitFor();
  await edit.getByRole('button', { name: '장비 질문 분류 합치기' }).click();
  await edit.getByLabel('합칠 분류').selectOption({ label: '출사 후기' });
  await edit.getByRole('button', { name: '합치기', exact: true }).click();
  const confirmBox = page.locator('.p-confirm-dialog');
  await confirmBox.getByText("'장비 질문' 분류의 글 1개를 '출사 후기' 분류로 옮기고").waitFor();
  await confirmBox.getByRole('button', { name: '예' }).click();
  await waitForToast(page, '글 1개를 옮기고 분류를 합쳤습니다.');
  expect(await edit.getByLabel('2번째 분류 이름').count()).toBe(0);
  await edit.getByText('글 1개').waitFor();
  await edit.getByRole('button', { name: '취소' }).click();

  const list = await (await page.request.post('/api/board/list', { data: { boardId: slug, category: 'c1', page: 1 } })).json();
  expect(list.items.map((i: { subject: string }) => i.subject)).toEqual([subject]);
  await context.close();

  // Desktop: the table and the edit dialog.
  const { page: dp, context: dc } = await newPage(browser, DESKTOP);
  await loginByApi(dp, 'admin', inject('adminPassword'));
  await dp.goto(`/system/board/list`);
  await dp.locator('.admin-table tbody tr', { hasText: boardName }).waitFor();
  await shot(dp, 'admin-boards-1280');
  await expectAccessible(dp);
  // Dragging the board's row handle onto the first row makes it the first board. The drag is the
  // table's own HTML drag and drop, sent as its events: a pointer drag from the test depends on the
  // browser starting a drag session within its moves, which a busy machine does not always do.
  const source = dp.locator('.admin-table tbody tr', { hasText: boardName });
  const target = dp.locator('.admin-table tbody tr').first();
  await dp.evaluate('window.scrollTo(0, 0)');
  const box = (await target.boundingBox())!;
  const dropAt = { clientX: box.x + 40, clientY: box.y + 4 };
  const dataTransfer = await dp.evaluateHandle('new DataTransfer()');
  await source.locator('.p-datatable-reorderablerow-handle').dispatchEvent('mousedown');
  await source.dispatchEvent('dragstart', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer, ...dropAt });
  await target.dispatchEvent('drop', { dataTransfer, ...dropAt });
  await source.dispatchEvent('dragend', { dataTransfer });
  await waitForToast(dp, '순서를 저장했습니다.');
  await expect.poll(async () => (await dp.locator('.admin-table tbody tr').first().innerText()).includes(boardName)).toBe(true);
  await dp.locator('.admin-table tbody tr', { hasText: boardName }).getByRole('button', { name: `${boardName} 수정` }).click();
  await dp.getByRole('dialog', { name: '게시판 수정' }).getByLabel('게시판 이름').waitFor();
  // The dialog's opening animation is over before the picture.
  await dp.waitForTimeout(500);
  await shot(dp, 'admin-board-dialog-1280');
  await expectAccessible(dp);
  await dc.close();
  // Two browsers, four sign-ins and axe three times: more than the default minute on a busy machine.
}, 150_000);
