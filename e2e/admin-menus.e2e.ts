// Program and menu admin pages end to end: visitors and members are refused; the admin (at 360 px)
// registers a board page as a program (a bad id is refused at its field), adds it to the menu
// with a shortKey (a clash is warned at the field), an icon from the picker, moves it with the
// buttons and by keyboard drag, sees it in the previews and saves; a member whose browser was
// already open sees the entry after navigating (no page reload) and its shortKey opens the board.
// axe on both pages; screenshots at 360 and 1280 px. The menu is put back at the end.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { MenuTree } from '../common/api/admin-menus.js';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, signUpByApi, waitForToast } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const SHOTS = '/tmp/shots';
async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

const ADMIN_ONLY = '관리자만 사용할 수 있는 화면입니다.';

it('visitors and members who open the program or menu page see the error page', async () => {
  const member = await signUpByApi();
  const { page, context } = await newPage(browser);
  await page.goto('/system/menu/list');
  await page.waitForURL('**/error/**');
  await expect.poll(() => page.locator('section.notice-error').textContent()).toContain(ADMIN_ONLY);
  await loginByApi(page, member.userId, member.password);
  await page.goto('/system/program/list');
  await page.waitForURL('**/error/**');
  await expect.poll(() => page.locator('section.notice-error').textContent()).toContain(ADMIN_ONLY);
  expect((await page.request.post('/api/admin/menu/save', { data: { groups: [] } })).status()).toBe(403);
  await context.close();
});

it('the admin puts a board in the menu with a shortKey; an open member browser gets it on its next click', async () => {
  const tag = Date.now().toString(36).slice(-5);
  const programName = `사진 토론${tag}`;
  const label = `토론방${tag}`;
  const url = '/board/free/c1/list';

  // A member is already browsing (desktop): their menu was loaded before the change.
  const { page: mp, context: mc } = await memberPage(browser, DESKTOP);
  await mp.goto('/');
  await mp.getByRole('menubar').waitFor();
  expect(await mp.locator('.menubar-link', { hasText: label }).count()).toBe(0);
  // A mark in the page: still there later means the tab was never reloaded.
  await mp.evaluate('window.sameTab = true');

  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, 'admin', inject('adminPassword'));
  const before = (await (await page.request.post('/api/admin/menu/list', { data: {} })).json()) as MenuTree;
  try {
    // Program: a bad id is refused at the field; then the board page is registered.
    await page.goto('/system/program/list');
    await page.getByRole('heading', { level: 1, name: '프로그램 관리' }).waitFor();
    await page.locator('.admin-count').getByText('프로그램').waitFor();
    await shot(page, 'menus-programs-360', false);
    await expectAccessible(page);
    await page.getByRole('button', { name: '새 프로그램' }).click();
    const pd = page.getByRole('dialog', { name: '새 프로그램' });
    await pd.getByLabel('아이디').fill('Bad_Id');
    await pd.getByLabel('이름', { exact: true }).fill(programName);
    await pd.getByLabel('주소').fill(url);
    await pd.getByRole('button', { name: '저장' }).click();
    await pd.getByText('프로그램 아이디는 영문 소문자, 숫자와 -만 쓸 수 있습니다.').first().waitFor();
    expect(await pd.getByLabel('아이디').getAttribute('aria-invalid')).toBe('true');
    await pd.getByLabel('아이디').fill(`talk-${tag}`);
    await pd.getByRole('button', { name: '저장' }).click();
    await pd.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: programName }).first().waitFor();

    // Menu: add the program to the last group with a shortKey (F clashes), an icon and a label.
    await page.goto('/system/menu/list');
    await page.getByRole('heading', { level: 1, name: '메뉴 관리' }).waitFor();
    await page.getByRole('list', { name: '메뉴 구조' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: '메뉴 추가' }).click();
    const md = page.getByRole('dialog', { name: '새 메뉴 항목' });
    await md.getByLabel('프로그램', { exact: true }).selectOption({ label: `${programName} (${url})` });
    await md.getByLabel('이름', { exact: true }).fill(label);
    await md.getByLabel('단축키').fill('f');
    await md.getByText("단축키 F는 '자유게시판' 메뉴가 이미 쓰고 있습니다.").waitFor();
    await md.getByRole('button', { name: '적용' }).click();
    await waitForToast(page, "단축키 F는 '자유게시판' 메뉴가 이미 쓰고 있습니다.");
    await md.getByLabel('단축키').fill('k');
    await md.getByText('메뉴가 이미 쓰고 있습니다').waitFor({ state: 'detached' });
    await md.getByRole('button', { name: '아이콘 고르기' }).click();
    await md.getByLabel('아이콘 찾기').fill('camera');
    await md.getByRole('button', { name: 'camera', exact: true }).click();
    await md.getByText('camera', { exact: true }).first().waitFor();
    await expectAccessible(page);
    await md.getByRole('button', { name: '적용' }).click();
    await md.waitFor({ state: 'hidden' });

    // It sits last in the last group; move it into the group before with its button, then
    // up by keyboard drag on its handle (Space, ArrowUp, Space).
    const groups = before.groups.filter((g) => g.visible);
    const lastGroup = groups.at(-1)!.label;
    const prevGroup = groups.at(-2)!.label;
    const phonePreview = page.locator('.preview-phone');
    await expect.poll(() => phonePreview.locator('.drawer-group').last().textContent()).toContain(label);
    await page.getByRole('button', { name: `${label} 앞 그룹으로` }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: `${label}: ${prevGroup} 그룹` }).count()).toBe(1);
    await expect.poll(() => phonePreview.locator('.drawer-group').last().textContent()).not.toContain(label);
    const rowIndex = async () => (await page.locator('.menu-row').allTextContents()).findIndex((t) => t.includes(label));
    const was = await rowIndex();
    const handle = page.getByRole('button', { name: `${label} 끌어서 옮기기` });
    await handle.focus();
    // The sensor listens from the frame after it picks the row up, and moves with an animation.
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await expect.poll(rowIndex).toBe(was - 1);
    await expect.poll(() => phonePreview.getByText(label).count()).toBe(1);
    expect(lastGroup).not.toBe('');

    // Keyboard alone: open the entry with Enter, the dialog starts on its first field, Tab to the
    // name, retype it, Enter applies, focus comes back to the row's edit button.
    const edit = page.getByRole('button', { name: `${label} 수정` });
    await edit.focus();
    await page.keyboard.press('Enter');
    const ed = page.getByRole('dialog', { name: '메뉴 항목' });
    await ed.waitFor();
    await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.tagName')).toBe('SELECT');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate('document.activeElement && document.activeElement.value')).toBe(label);
    await page.keyboard.press('End');
    await page.keyboard.type('방');
    await page.keyboard.press('Enter');
    await ed.waitFor({ state: 'hidden' });
    const finalLabel = `${label}방`;
    await expect.poll(() => page.evaluate("document.activeElement && document.activeElement.getAttribute('aria-label')")).toBe(`${finalLabel} 수정`);
    await page.getByText('저장하지 않은 변경이 있습니다.').waitFor();
    await shot(page, 'menus-tree-360');
    await page.getByRole('button', { name: '메뉴 저장' }).click();
    await waitForToast(page, '메뉴를 저장했습니다.');
    await page.getByText('저장하지 않은 변경이 있습니다.').waitFor({ state: 'detached' });
    await expectAccessibleWithoutToasts(page);
    await page.setViewportSize(DESKTOP);
    await page.getByRole('list', { name: '메뉴 구조' }).waitFor();
    await shot(page, 'menus-tree-1280');
    await page.goto('/system/program/list');
    await page.getByRole('cell', { name: programName }).first().waitFor();
    await shot(page, 'menus-programs-1280', false);

    // The member's open browser: one click inside the site, no reload, and the entry is there.
    await mp.keyboard.press('f');
    await mp.waitForURL('**/board/free/c0/list');
    await expect.poll(() => mp.locator('.menubar-link', { hasText: finalLabel }).count(), { timeout: 10_000 }).toBe(1);
    expect(await mp.evaluate('window.sameTab === true')).toBe(true);
    await mp.locator('#main').focus();
    await mp.keyboard.press('k');
    await mp.waitForURL(`**${url}`);
    expect(await mp.evaluate('window.sameTab === true')).toBe(true);
  } finally {
    // Put the menu back for the other tests, then remove the program.
    const groups = before.groups.map(({ id: _g, items, ...g }) => ({ ...g, items: items.map(({ id: _i, ...i }) => i) }));
    expect((await page.request.post('/api/admin/menu/save', { data: { groups } })).ok()).toBe(true);
    await page.request.post('/api/admin/program/delete', { data: { id: `talk-${tag}` } });
    await context.close();
    await mc.close();
  }
});
