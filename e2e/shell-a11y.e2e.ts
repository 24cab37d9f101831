// Accessibility scans (axe: no serious or critical findings) and screenshots of the shell's
// screens at phone and desktop width.
import { type Browser, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseURL, DESKTOP, expectAccessible, launch, loginByApi, newPage, PHONE, shot, signUpByApi } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const ERROR_TEXT = '게시글을 찾을 수 없습니다';

async function open(page: Page, path: string, ready: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: ready }).waitFor();
}

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  const drawer = page.locator('.menu-drawer');
  await drawer.getByRole('link', { name: /자유게시판/ }).waitFor();
  return drawer;
}

for (const [label, viewport] of [
  ['360', PHONE],
  ['1280', DESKTOP],
] as const) {
  it(`home, join, info, error and a placeholder page pass axe at ${label} px`, async () => {
    const { page, context } = await newPage(browser, viewport);
    await open(page, '/', '찰칵에 오신 것을 환영합니다');
    // The menu (bar or drawer button) is part of what is scanned.
    if (viewport === DESKTOP) await page.getByRole('menubar').waitFor();
    await expectAccessible(page);
    await shot(page, `home-${label}`);

    await open(page, '/user/join', '회원 가입');
    await expectAccessible(page);
    await shot(page, `join-${label}`);

    await open(page, `/info/${encodeURIComponent('회원 가입이 완료되었습니다.')}`, '안내');
    await expectAccessible(page);

    await open(page, `/error/${encodeURIComponent(ERROR_TEXT)}`, '오류');
    await expect.poll(() => page.locator('.notice-message').innerText()).toBe(ERROR_TEXT);
    await expectAccessible(page);
    await shot(page, `error-${label}`);

    await open(page, '/all/list', '전체 글');
    await expectAccessible(page);
    await context.close();
  });

  it(`the login popup passes axe at ${label} px`, async () => {
    const { page, context } = await newPage(browser, viewport);
    await open(page, '/', '찰칵에 오신 것을 환영합니다');
    await page.locator('.site-header').getByRole('button', { name: '로그인', exact: true }).click();
    await page.getByRole('dialog', { name: '로그인' }).getByLabel('아이디').waitFor();
    await expectAccessible(page);
    await shot(page, `login-popup-${label}`);
    await context.close();
  });
}

/** A member with 21 posts (two pages of the free board), one unread letter and one alarm. */
async function memberWithPagesAndUnread(page: Page) {
  const member = await signUpByApi();
  const other = await signUpByApi();
  await loginByApi(page, member.userId, member.password);
  let key = 0;
  for (let i = 1; i <= 21; i++) {
    const saved = await page.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject: `쪽수 시험 ${i}`, content: '<p>본문</p>' } });
    expect(saved.ok(), await saved.text()).toBe(true);
    key = ((await saved.json()) as { key: number }).key;
  }
  const api = await request.newContext({ baseURL: baseURL() });
  const login = await api.post('/api/login/do', { form: { userId: other.userId, password: other.password, remember: 'N' } });
  expect(login.ok()).toBe(true);
  expect((await api.post('/api/letter/send/save', { data: { receiver: member.userId, subject: '안녕하세요', content: '반갑습니다' } })).ok()).toBe(true);
  expect((await api.post('/api/comment/save', { data: { boardId: 'free', key, content: '좋은 글이네요' } })).ok()).toBe(true);
  await api.dispose();
  return member;
}

for (const [label, viewport] of [
  ['360', PHONE],
  ['1280', DESKTOP],
] as const) {
  it(`a list with several pages and the header's unread badges pass axe at ${label} px`, async () => {
    const { page, context } = await newPage(browser, viewport);
    const member = await memberWithPagesAndUnread(page);
    await page.goto('/board/free/c0/list');
    await page.locator('.list-pager').waitFor();
    await page.locator('.site-header').getByText(member.nickName).waitFor();
    await page.locator('.site-header .unread-indicator').nth(1).waitFor();
    // The first page: 이전 (and 처음 on a wide screen) are shown but lead nowhere.
    await page.locator('.list-pager .p-paginator-prev.p-disabled').waitFor();
    await expectAccessible(page);
    await shot(page, `list-pager-${label}`);
    await context.close();
  });
}

it('the drawer passes axe at 360 px, logged out and logged in', async () => {
  const member = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE);
  await open(page, '/', '찰칵에 오신 것을 환영합니다');
  await openDrawer(page);
  await expectAccessible(page);
  await shot(page, 'drawer-360');

  const res = await page.request.post('/api/login/do', { form: { userId: member.userId, password: member.password, remember: 'N' } });
  expect(res.ok()).toBe(true);
  await page.reload();
  await page.locator('.site-header').getByText(member.nickName).waitFor();
  await openDrawer(page);
  await page.locator('.menu-drawer').getByRole('button', { name: '쪽지함' }).waitFor();
  await expectAccessible(page);
  await shot(page, 'drawer-member-360');
  await context.close();
});
