// A member on a 360 px touch screen can do what a mouse user can: toasts never cover the control
// needed next and a tap does not hold them, the shell's targets (header, drawer, footer, login
// popup, toasts, pager, the password field's eye) pass the target audit, keyboard-only hints
// stay away, the header keeps the nickname readable beside the unread badges and leaves the
// second logo to the drawer, where its name is written out, the category chips show that more are
// off screen, the search field's placeholder fits. Desktop keeps its hints and the second logo.
import { resolve } from 'node:path';
import { type Browser, type Locator, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { baseURL, DESKTOP, launch, loginByApi, newPage, PHONE, shot, signUpByApi, uniqueMember, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

// The browser's document, inside evaluate (this project type-checks without the DOM lib).
interface El {
  contains(other: El | null): boolean;
  scrollWidth: number;
  clientWidth: number;
  scrollLeft: number;
  getBoundingClientRect(): { left: number; right: number; top: number; bottom: number; width: number; height: number };
}
declare const document: { elementFromPoint(x: number, y: number): El | null };
declare function getComputedStyle(el: El, pseudo?: string): { display: string; opacity: string; font: string; paddingLeft: string; paddingRight: string };
declare const window: { matchMedia(q: string): { matches: boolean } };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const TAP = 44;

/** True when a tap at the control's centre would reach the control (nothing lies over it). */
async function reachable(target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  return target.evaluate((el: El, p: { x: number; y: number }) => {
    const hit = document.elementFromPoint(p.x, p.y);
    return hit !== null && (hit === el || el.contains(hit));
  }, at);
}

async function size(target: Locator) {
  const box = await target.boundingBox();
  return { width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) };
}

/** The toast is still on screen (the checks above ran while it was). */
const toastUp = async (page: Page) => expect(await page.locator('.club-toast .p-toast-message').count()).toBeGreaterThan(0);

/**
 * The target audit's findings for the shell alone: the page's own content, another screen's
 * business, is hidden, except what `keep` names inside it (the pager, the home page's login box).
 */
async function shellFindings(page: Page, keep?: string): Promise<string[]> {
  const hide = keep ? `main *:not(:has(${keep})):not(${keep}):not(${keep} *)` : 'main';
  const style = await page.addStyleTag({ content: `${hide} { visibility: hidden !important; }` });
  const found = await auditTargets(page);
  await style.evaluate((el: El & { remove(): void }) => el.remove());
  return found.map((f) => `${f.kind} ${f.what} ${f.width}×${f.height}`);
}

/** The second logo as the server gives it (an administrator may change it during the run). */
async function secondLogo(page: Page) {
  const res = await page.request.post('/api/session/logo', { data: {} });
  return (await res.json()) as { image: string; imageUrl: string; name: string };
}

const shown = (target: Locator) => target.evaluate((el: El) => getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().height > 0);

/** A second member's session (for letters and comments to the first). */
async function as(m: { userId: string; password: string }) {
  const api = await request.newContext({ baseURL: baseURL() });
  const res = await api.post('/api/login/do', { form: { userId: m.userId, password: m.password, remember: 'N' } });
  expect(res.ok()).toBe(true);
  return api;
}

async function post(page: Page, subject: string) {
  const saved = await page.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject, content: '<p>새 렌즈 작례입니다.</p>' } });
  expect(saved.ok(), await saved.text()).toBe(true);
  return ((await saved.json()) as { key: number }).key;
}

it('on a phone a toast leaves the login fields and the dialog buttons reachable', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto('/');
  expect(await page.evaluate(() => window.matchMedia('(hover: none) and (pointer: coarse)').matches)).toBe(true);

  // The login popup: an empty form is an info toast; the fields and the button stay reachable.
  await page.locator('.site-header').getByRole('button', { name: '로그인', exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: '로그인' });
  await dialog.getByLabel('아이디').waitFor();
  await dialog.getByRole('button', { name: '로그인', exact: true }).tap();
  await page.locator('.club-toast .p-toast-message-info').waitFor();
  // The popup, its checkbox and find link, the toast's close button, the header and footer.
  expect(await shellFindings(page)).toEqual([]);
  for (const control of [dialog.getByLabel('아이디'), dialog.getByLabel('암호', { exact: true }), dialog.getByRole('button', { name: '로그인', exact: true })]) {
    await expect.poll(() => reachable(control)).toBe(true);
  }
  await toastUp(page);
  await shot(page, 'phone-toast-login-popup');
  // A wrong password: the error toast does not cover the fields either.
  await dialog.getByLabel('아이디').fill(m.userId);
  await dialog.getByLabel('암호', { exact: true }).fill('not-the-password-1');
  await dialog.getByLabel('암호', { exact: true }).press('Enter');
  await waitForToast(page, '아이디 또는 암호가 올바르지 않습니다.');
  await expect.poll(() => reachable(dialog.getByLabel('암호', { exact: true }))).toBe(true);
  await expect.poll(() => reachable(dialog.getByRole('button', { name: '로그인', exact: true }))).toBe(true);
  await toastUp(page);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // The home page's login box, scrolled to the top of the screen, as when the member types.
  const box = page.locator('.home-aside');
  await box.getByLabel('아이디').evaluate((el: El & { scrollIntoView(o: object): void }) => el.scrollIntoView({ block: 'start' }));
  await box.getByLabel('아이디').fill(m.userId);
  await box.getByLabel('암호', { exact: true }).fill('not-the-password-1');
  await box.getByLabel('암호', { exact: true }).press('Enter');
  await waitForToast(page, '아이디 또는 암호가 올바르지 않습니다.');
  await expect.poll(() => reachable(box.getByLabel('아이디'))).toBe(true);
  await expect.poll(() => reachable(box.getByLabel('암호', { exact: true }))).toBe(true);
  await toastUp(page);
  expect(await shellFindings(page, '.inline-login')).toEqual([]);
  await shot(page, 'phone-toast-login-box');

  // My info: a refused save leaves 저장 and 회원 탈퇴 reachable.
  await box.getByLabel('암호', { exact: true }).fill(m.password);
  await box.getByLabel('암호', { exact: true }).press('Enter');
  await box.getByRole('button', { name: '내 정보' }).tap();
  const info = page.locator('.my-info-dialog');
  await info.getByLabel('암호', { exact: true }).fill(m.password);
  await info.getByLabel('암호', { exact: true }).press('Enter');
  const nick = info.getByLabel('닉네임', { exact: true });
  await nick.fill('a');
  await info.getByRole('button', { name: '저장' }).tap();
  await waitForToast(page, '닉네임은 2~20자로 입력해 주세요.');
  await expect.poll(() => reachable(info.getByRole('button', { name: '저장' })), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => reachable(info.getByRole('button', { name: '회원 탈퇴' })), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => reachable(nick), { timeout: 10_000 }).toBe(true);
  await toastUp(page);
  await shot(page, 'phone-toast-my-info');

  // The withdrawal dialog: its 탈퇴 button and password field stay reachable under a toast.
  await info.getByRole('button', { name: '회원 탈퇴' }).tap();
  const out = page.locator('.withdrawal-dialog');
  await out.getByRole('button', { name: '탈퇴' }).tap();
  await waitForToast(page, '암호를 입력해 주세요.');
  await expect.poll(() => reachable(out.getByRole('button', { name: '탈퇴' }))).toBe(true);
  await expect.poll(() => reachable(out.getByLabel('암호', { exact: true }))).toBe(true);
  await toastUp(page);
  await shot(page, 'phone-toast-withdrawal');
  await context.close();
});

it('on a phone a tap on a toast does not keep it up: it still closes by itself', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto('/');
  const box = page.locator('.home-aside');
  await box.getByLabel('아이디').fill(m.userId);
  await box.getByLabel('암호', { exact: true }).fill('not-the-password-1');
  await box.getByLabel('암호', { exact: true }).press('Enter');
  const message = page.locator('.club-toast .p-toast-message').first();
  await message.waitFor();
  const shownAt = Date.now();
  await message.locator('.p-toast-detail').tap();
  await message.waitFor({ state: 'detached', timeout: 8_000 });
  expect(Date.now() - shownAt).toBeLessThan(6_000);
  await context.close();
});

it('at 360 px on a touch screen: 44 px targets, no keyboard hints, a readable nickname beside the badges', async () => {
  // A nickname of six characters, as most are.
  const m = await signUpByApi({ ...uniqueMember(), nickName: `빛담${Date.now().toString(36).slice(-4)}` });
  const other = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, m.userId, m.password);
  // Enough posts for a second page of the list.
  for (let i = 0; i < 20; i++) await post(page, `쪽수 채우기 ${i}`);
  const key = await post(page, '터치 화면 시험');
  const otherKey = await post(page, '알람 받을 글');
  expect((await page.request.post('/api/comment/save', { data: { boardId: 'free', key, content: '제 댓글입니다' } })).ok()).toBe(true);
  const api = await as(other);
  expect((await api.post('/api/comment/save', { data: { boardId: 'free', key, content: '멋진 사진이네요' } })).ok()).toBe(true);
  // Opening a post reads its alarms: the alarm to keep comes from another post.
  expect((await api.post('/api/comment/save', { data: { boardId: 'free', key: otherKey, content: '저도 궁금해요' } })).ok()).toBe(true);
  expect((await api.post('/api/letter/send/save', { data: { receiver: m.userId, subject: '안녕하세요', content: '반갑습니다' } })).ok()).toBe(true);
  await api.dispose();

  // The nickname is shown whole beside the mail and bell badges, and leads to the member's space.
  await page.goto('/board/free/c0/list');
  const header = page.locator('.site-header');
  await header.locator('.unread-indicator').nth(1).waitFor();
  const nick = header.locator('.nick');
  await nick.getByText(m.nickName).waitFor();
  expect(await nick.evaluate((el: El) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  expect(await nick.getAttribute('href')).toBe(`/space/${m.userId}`);
  // Every header control is at least 44 × 44 and nothing spills out of the 360 px width.
  for (const control of await header.locator('a, button').all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    if ((await control.getAttribute('class'))?.includes('nick')) continue;
    expect(box!.width).toBeGreaterThanOrEqual(TAP);
    expect(box!.height).toBeGreaterThanOrEqual(TAP);
  }
  // The second logo, a bare picture here, is left to the drawer.
  expect(await header.locator('.second-logo').count()).toBe(0);
  // The header, footer and pager pass the audit; the page links are 44 px.
  expect(await shellFindings(page, '.list-pager')).toEqual([]);
  for (const link of await page.locator('.list-pager .p-paginator-element').all()) {
    expect((await size(link)).width).toBeGreaterThanOrEqual(TAP);
    expect((await size(link)).height).toBeGreaterThanOrEqual(TAP);
  }

  await shot(page, 'phone-header-badges');

  // The comment buttons too.
  await page.goto(`/board/free/view/${key}`);
  await page.locator('.comment').nth(1).waitFor();
  for (const name of ['답글', '수정', '삭제']) {
    const { width, height } = await size(page.locator('.comment-actions').getByRole('button', { name }).first());
    expect(width, name).toBeGreaterThanOrEqual(TAP);
    expect(height, name).toBeGreaterThanOrEqual(TAP);
  }

  // No keyboard-only hints on a touch screen (the comment box comes a moment after the list).
  await page.locator('.comment-form').first().waitFor();
  const hint = page.locator('.comment-form .field-hint').first();
  expect(await hint.count()).toBe(1);
  expect(await shown(hint)).toBe(false);
  await shot(page, 'phone-post-view');
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: '찰칵에 오신 것을 환영합니다' }).waitFor();
  expect(await shown(page.locator('.home-hint'))).toBe(false);
  await page.getByRole('button', { name: '메뉴 열기' }).tap();
  const drawer = page.locator('.menu-drawer');
  await drawer.getByRole('link', { name: /자유게시판/ }).waitFor();
  expect(await drawer.locator('.shortkey').count()).toBeGreaterThan(0);
  for (const badge of await drawer.locator('.shortkey').all()) expect(await shown(badge)).toBe(false);
  expect(await shellFindings(page)).toEqual([]);
  // The second logo is a row that says what it is, in Korean, and leads to its page.
  const logo = await secondLogo(page);
  expect(logo.name).toMatch(/[가-힣]/);
  const row = drawer.getByRole('link', { name: logo.name, exact: true });
  expect(await row.getAttribute('href')).toBe(logo.imageUrl);
  expect((await size(row)).height).toBeGreaterThanOrEqual(TAP);
  await row.scrollIntoViewIfNeeded();
  // The drawer alone: a full-page capture re-lays the page out as if for a mouse, showing the
  // shortcut badges a touch screen hides.
  await drawer.screenshot({ path: resolve(import.meta.dirname, 'screenshots/phone-drawer-second-logo.png') });
  await context.close();
});

it("at 360 px the administrator's header and drawer pass the target audit", async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, 'admin', inject('adminPassword'));
  await page.goto('/');
  await page.locator('.site-header .nick').waitFor();
  expect(await shellFindings(page)).toEqual([]);
  await page.getByRole('button', { name: '메뉴 열기' }).tap();
  await page.locator('.menu-drawer .drawer-link').first().waitFor();
  expect(await shellFindings(page)).toEqual([]);
  await context.close();
});

it("at 360 px the password field's eye is a 44 px switch that shows the password", async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto('/user/join');
  const field = page.locator('#join-password');
  await field.fill('Camera-pass-1');
  const eye = page.getByRole('switch', { name: '암호 보이기' }).first();
  expect(await size(eye)).toEqual({ width: TAP, height: TAP });
  // It sits at the field's end, inside the field.
  const box = (await field.boundingBox())!;
  const eyeBox = (await eye.boundingBox())!;
  expect(eyeBox.x + eyeBox.width).toBeLessThanOrEqual(box.x + box.width + 1);
  await eye.tap();
  await expect.poll(() => field.getAttribute('type')).toBe('text');
  await context.close();
});

it('at 360 px the category chips show that more are off screen and the search placeholder fits', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto('/board/free/c0/list');
  const bar = page.locator('.category-bar');
  await bar.getByRole('link', { name: '전체' }).waitFor();
  const scroller = bar.locator('ul');
  const overflows = await scroller.evaluate((el: El) => el.scrollWidth > el.clientWidth + 1);
  expect(overflows).toBe(true);
  // A hint at the end while more chips are to the right; gone once scrolled to the end.
  const more = bar.locator('.scroll-more-end');
  expect(await shown(more)).toBe(true);
  expect(await bar.getAttribute('data-more-end')).toBe('true');
  await scroller.evaluate((el: El) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect.poll(() => bar.getAttribute('data-more-end')).toBe('false');
  expect(await shown(more)).toBe(false);
  await expect.poll(() => bar.getAttribute('data-more-start')).toBe('true');
  expect(await shown(bar.locator('.scroll-more-start'))).toBe(true);

  // The placeholder is shown whole.
  const search = page.locator('#board-search-text');
  const fits = await search.evaluate((el: El & { placeholder: string }) => {
    const style = getComputedStyle(el);
    const canvas = (globalThis as unknown as { document: { createElement(t: 'canvas'): { getContext(c: '2d'): { font: string; measureText(t: string): { width: number } } } } }).document
      .createElement('canvas')
      .getContext('2d');
    canvas.font = style.font;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return canvas.measureText(el.placeholder).width <= room;
  });
  expect(fits).toBe(true);
  await shot(page, 'phone-board-list');
  await context.close();
});

it('on a desktop with a mouse the keyboard hints and shortcut badges stay', async () => {
  const { page, context } = await newPage(browser, DESKTOP);
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: '찰칵에 오신 것을 환영합니다' }).waitFor();
  expect(await shown(page.locator('.home-hint'))).toBe(true);
  // The second logo stays beside the site logo, named by its picture.
  const logo = await secondLogo(page);
  await page.locator('.site-header').getByRole('link', { name: logo.name, exact: true }).waitFor();
  await page.getByRole('menubar').getByText('커뮤니티').click();
  const badge = page.locator('.top-menu .shortkey').first();
  await badge.waitFor();
  expect(await shown(badge)).toBe(true);
  await context.close();
});

it('the menu and the pages call the cross-board lists by one name', async () => {
  const { page, context } = await newPage(browser, PHONE);
  await page.goto('/');
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  const drawer = page.locator('.menu-drawer');
  await drawer.getByRole('link', { name: /자유게시판/ }).waitFor();
  for (const path of ['/all/list', '/all/topic']) {
    const label = (await drawer.locator(`a[href="${path}"] .menu-label`).innerText()).trim();
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor({ timeout: 5_000 });
    await page.goto('/');
    await page.getByRole('button', { name: '메뉴 열기' }).click();
    await drawer.getByRole('link', { name: /자유게시판/ }).waitFor();
  }
  // The home page's cards say the same.
  await page.keyboard.press('Escape');
  await page.locator('main').getByText('전체 글', { exact: true }).first().waitFor();
  await context.close();
});
