// The admin area joined up, as an operator uses it: the admin creates a board with two categories
// on the board page (which registers its list as a program) and puts it in the menu with a shortKey;
// a member (another browser, 360 px phone) sees it in the menu drawer, opens it with the shortKey
// and posts in the second category. The names carry markup, which every page shows as text. The
// audit log then answers who created the board. The menu is put back at the end.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { MenuTree } from '../common/api/admin-menus.js';
import { DESKTOP, launch, loginByApi, memberPage, newPage, PHONE, waitForToast } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('an admin creates a board and puts it in the menu with a shortKey; a member opens it with the key and posts (360 px)', async () => {
  const tag = Date.now().toString(36).slice(-5);
  const slug = `trip-${tag}`;
  const boardName = `<b>출사</b> ${tag}`;
  const label = `<i>출사방</i>${tag}`;
  const programId = `board-${slug}`;
  const url = `/board/${slug}/c0/list`;

  const { page, context } = await newPage(browser, DESKTOP);
  await loginByApi(page, 'admin', inject('adminPassword'));
  const before = (await (await page.request.post('/api/admin/menu/list', { data: {} })).json()) as MenuTree;
  const used = new Set(before.groups.flatMap((g) => g.items.map((i) => i.shortKey)));
  const key = [...'JQVWXYZ0123456789'].find((k) => !used.has(k))!;
  try {
    // The board, with two categories.
    await page.goto('/system/board/list');
    await page.locator('.admin-table tbody tr', { hasText: '자유게시판' }).waitFor();
    await page.getByRole('button', { name: '새 게시판' }).click();
    const dialog = page.getByRole('dialog', { name: '새 게시판' });
    await dialog.getByLabel('게시판 이름').fill(boardName);
    await dialog.getByLabel('주소').fill(slug);
    await dialog.getByLabel('1번째 분류 이름').fill('풍경<br>');
    await dialog.getByRole('button', { name: '분류 추가' }).click();
    await dialog.getByLabel('2번째 분류 이름').fill('인물');
    await dialog.getByRole('button', { name: '저장' }).click();
    await waitForToast(page, '게시판을 만들었습니다.');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.admin-table tbody tr').getByText(boardName, { exact: true }).waitFor();

    // Making the board registered its list page as a program.
    await page.goto('/system/program/list');
    await page.getByRole('cell', { name: boardName }).first().waitFor();

    // In the menu, with a free shortKey.
    await page.goto('/system/menu/list');
    await page.getByRole('list', { name: '메뉴 구조' }).waitFor();
    await page.getByRole('button', { name: '메뉴 추가' }).click();
    const md = page.getByRole('dialog', { name: '새 메뉴 항목' });
    await md.getByLabel('프로그램', { exact: true }).selectOption({ label: `${boardName} (${url})` });
    await md.getByLabel('이름', { exact: true }).fill(label);
    await md.getByLabel('단축키').fill(key.toLowerCase());
    await md.getByRole('button', { name: '적용' }).click();
    await md.waitFor({ state: 'hidden' });
    await page.locator('.preview-phone').getByText(label, { exact: true }).waitFor();
    await page.getByRole('button', { name: '메뉴 저장' }).click();
    await waitForToast(page, '메뉴를 저장했습니다.');

    // The member, on a phone: the entry is in the drawer, its key opens the board, a post there.
    const { page: mp, context: mc } = await memberPage(browser, PHONE, { touch: true });
    await mp.goto('/');
    await mp.getByRole('button', { name: '메뉴 열기' }).tap();
    const drawer = mp.locator('.menu-drawer');
    const entry = drawer.locator(`a[href="${url}"]`);
    await expect.poll(() => entry.locator('.menu-label').innerText()).toBe(label);
    expect(await mp.locator('b, i', { hasText: '출사' }).count()).toBe(0);
    await mp.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await mp.locator('#main').focus();
    await mp.keyboard.press(key.toLowerCase());
    await mp.waitForURL(`**${url}`);
    await mp.getByText(boardName, { exact: true }).first().waitFor();
    await mp.getByRole('link', { name: '글쓰기' }).first().click();
    await mp.waitForURL(`**/board/${slug}/write`);
    const editor = mp.locator('.ProseMirror');
    await editor.waitFor();
    expect(await mp.getByLabel('분류').locator('option').allTextContents()).toEqual(expect.arrayContaining(['풍경<br>', '인물']));
    await mp.getByLabel('분류').selectOption({ label: '인물' });
    const subject = `첫 출사 후기 ${tag}`;
    await mp.getByLabel('제목').fill(subject);
    await editor.click();
    await mp.keyboard.type('날씨가 좋아 인물 사진을 많이 찍었습니다.');
    await mp.getByRole('button', { name: '저장' }).click();
    await mp.waitForURL(new RegExp(`/board/${slug}/view/\\d+$`));
    await mp.getByRole('heading', { name: subject }).waitFor();
    await mc.close();

    // Who created the board: the audit log filtered by the board.
    await page.goto(`/system/audit/list?targetKind=board&targetKey=${slug}`);
    const row = page.locator('.audit-table tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('게시판 만들기');
    expect(await row.locator('a[title="admin"]').count()).toBe(1);
    await row.getByRole('button', { name: /자세히 보기/ }).click();
    await page.locator('.audit-diff').getByText(boardName, { exact: true }).first().waitFor();
  } finally {
    const groups = before.groups.map(({ id: _g, items, ...g }) => ({ ...g, items: items.map(({ id: _i, ...i }) => i) }));
    expect((await page.request.post('/api/admin/menu/save', { data: { groups } })).ok()).toBe(true);
    await page.request.post('/api/admin/program/delete', { data: { id: programId } });
    await context.close();
  }
});
