// Login and logout: the inline form, the header popup, the header's member links and logout,
// the menu reload, and "remember me" across a browser restart.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseURL, launch, loginByApi, newPage, PHONE, sessionUser, signUpByApi } from './browser.js';

// The browser's window, inside page.evaluate (this project type-checks without the DOM lib).
declare const window: { marker?: number };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const SESSION_COOKIE = 'chalkak_sid';

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
}

const menuLoad = (page: Page) => page.waitForRequest((r) => r.url().endsWith('/api/menu/topMenu'), { timeout: 5_000 });

it('inline form: Enter submits, 저장 makes the session outlive the browser, logout ends it', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await page.goto('/');
  const box = page.locator('.home-aside');
  await box.getByLabel('아이디').fill(m.userId);
  await box.getByLabel('암호', { exact: true }).fill(m.password);

  // The lock toggles both ways.
  const lock = box.getByRole('button', { name: '저장' });
  expect(await lock.getAttribute('aria-pressed')).toBe('false');
  await lock.click();
  expect(await lock.getAttribute('aria-pressed')).toBe('true');
  await lock.click();
  expect(await lock.getAttribute('aria-pressed')).toBe('false');
  await lock.click();
  expect(await lock.getAttribute('aria-pressed')).toBe('true');
  expect(await lock.locator('.pi-lock').count()).toBe(1);

  const menuAfterLogin = menuLoad(page);
  await box.getByLabel('암호', { exact: true }).press('Enter');
  await menuAfterLogin;

  // Header: nickname, home link to the member's space, logout icon.
  const header = page.locator('.site-header');
  await header.getByText(m.nickName).waitFor();
  expect(await header.getByRole('link', { name: '내 공간으로 가기' }).getAttribute('href')).toBe(`/space/${m.userId}`);
  await header.getByRole('button', { name: '로그아웃' }).waitFor();
  expect(await header.getByRole('button', { name: '로그인', exact: true }).count()).toBe(0);
  // The box now greets the member and offers letters, scraps, my info and logout.
  await box.getByText(`${m.nickName}님, 반갑습니다.`).waitFor();
  for (const name of ['쪽지함', '스크랩', '내 정보']) await box.getByRole('button', { name }).waitFor();
  // 저장: a cookie with an expiry date (weeks away), not a browser-session cookie.
  const cookie = await sessionCookie(context);
  expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 7 * 86_400);
  expect(cookie?.httpOnly).toBe(true);

  const menuAfterLogout = menuLoad(page);
  await box.getByRole('button', { name: '로그아웃' }).click();
  await menuAfterLogout;
  await header.getByRole('button', { name: '로그인', exact: true }).waitFor();
  await box.getByLabel('아이디').waitFor();
  expect(await sessionUser(page)).toMatchObject({ logined: false });

  // Without 저장 the session cookie ends with the browser.
  if ((await lock.getAttribute('aria-pressed')) === 'true') await lock.click();
  expect(await lock.getAttribute('aria-pressed')).toBe('false');
  await box.getByLabel('아이디').fill(m.userId);
  await box.getByLabel('암호', { exact: true }).fill(m.password);
  await box.getByLabel('암호', { exact: true }).press('Enter');
  await header.getByText(m.nickName).waitFor();
  expect((await sessionCookie(context))?.expires).toBe(-1);
  expect(await sessionUser(page)).toMatchObject({ logined: true, userId: m.userId });
  await context.close();
});

it('login popup from the header: 30rem wide, 로그인 상태 유지, then home', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await page.goto('/all/list');
  await page.getByRole('heading', { level: 1, name: '전체 글' }).waitFor();
  await page.locator('.site-header').getByRole('button', { name: '로그인', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '로그인' });
  await dialog.getByLabel('아이디').waitFor();
  // Polled: the dialog grows into place.
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBeCloseTo(30 * 16, 0);
  await dialog.getByRole('button', { name: '아이디/암호 찾기' }).waitFor();
  expect(await dialog.getByRole('link', { name: '회원 가입을 합니다' }).getAttribute('href')).toBe('/user/join');
  const keep = dialog.getByRole('checkbox', { name: '로그인 상태 유지' });
  expect(await keep.isChecked()).toBe(false);
  await dialog.getByText('로그인 상태 유지').click();
  expect(await keep.isChecked()).toBe(true);

  await dialog.getByLabel('아이디').fill(m.userId);
  await dialog.getByLabel('암호', { exact: true }).fill(m.password);
  const menuAfterLogin = menuLoad(page);
  const loginCall = page.waitForRequest((r) => r.url().endsWith('/api/login/do'));
  await dialog.getByRole('button', { name: '로그인', exact: true }).click();
  // The checkbox sends its value Y as the remember flag, form-encoded.
  expect(new URLSearchParams((await loginCall).postData() ?? '').get('remember')).toBe('Y');
  await page.waitForURL((u) => u.pathname === '/');
  await menuAfterLogin;
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('.site-header').getByText(m.nickName).waitFor();
  expect((await sessionCookie(context))?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 7 * 86_400);
  await context.close();
});

it("logging in from the phone's menu drawer on a post shows what the member may do there at once", async () => {
  const author = await signUpByApi();
  const reader = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE);
  await loginByApi(page, author.userId, author.password);
  const saved = await page.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject: '다른 회원의 글', content: '<p>안녕하세요</p>' } });
  expect(saved.ok()).toBe(true);
  const { key } = (await saved.json()) as { key: number };
  await context.clearCookies();

  await page.goto(`/board/free/view/${key}`);
  await page.getByRole('heading', { name: '다른 회원의 글' }).waitFor();
  const report = page.getByRole('button', { name: '이 글 신고하기' });
  expect(await report.count()).toBe(0);
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  const drawer = page.locator('.menu-drawer');
  await drawer.getByRole('textbox', { name: '아이디' }).fill(reader.userId);
  await drawer.getByLabel('암호', { exact: true }).fill(reader.password);
  await drawer.getByLabel('암호', { exact: true }).press('Enter');
  // The post's answer says what its caller may do: the page asks again for the new caller.
  await report.waitFor();
  expect(new URL(page.url()).pathname).toBe(`/board/free/view/${key}`);
  await context.close();
});

it('the login popup is at most 90% wide on a phone', async () => {
  const { page, context } = await newPage(browser, PHONE);
  await page.goto('/');
  await page.locator('.site-header').getByRole('button', { name: '로그인', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '로그인' });
  await dialog.getByLabel('아이디').waitFor();
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBeCloseTo(PHONE.width * 0.9, 0);
  await context.close();
});

it('header logout reloads the page at / logged out', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await page.request.post('/api/login/do', { form: { userId: m.userId, password: m.password, remember: 'N' } });
  await page.goto('/all/list');
  const header = page.locator('.site-header');
  await header.getByText(m.nickName).waitFor();
  // A marker on the window survives client-side navigation but not a reload.
  await page.evaluate(() => (window.marker = 1));
  await header.getByRole('button', { name: '로그아웃' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await header.getByRole('button', { name: '로그인', exact: true }).waitFor();
  expect(await page.evaluate(() => window.marker)).toBeUndefined();
  expect(await header.getByText(m.nickName).count()).toBe(0);
  expect(await sessionUser(page)).toMatchObject({ logined: false });
  await context.close();
});

/** Logs in through the header popup, with or without 로그인 상태 유지; returns the saved state. */
async function popupLogin(on: Browser, remember: boolean) {
  const m = await signUpByApi();
  const { page, context } = await newPage(on);
  await page.goto('/');
  await page.locator('.site-header').getByRole('button', { name: '로그인', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '로그인' });
  await dialog.getByLabel('아이디').fill(m.userId);
  await dialog.getByLabel('암호', { exact: true }).fill(m.password);
  if (remember) await dialog.getByRole('checkbox', { name: '로그인 상태 유지' }).check();
  await dialog.getByRole('button', { name: '로그인', exact: true }).click();
  await page.locator('.site-header').getByText(m.nickName).waitFor();
  const state = await context.storageState();
  await context.close();
  // A browser restart keeps persistent cookies only.
  return { m, state: { ...state, cookies: state.cookies.filter((c) => c.expires > 0) } };
}

/** Opens / in the restarted browser; the header state once the session call has answered. */
async function headerAfterRestart(on: Browser, saved: Awaited<ReturnType<typeof popupLogin>>) {
  const context = await on.newContext({ baseURL: baseURL(), storageState: saved.state, locale: 'ko-KR' });
  const page = await context.newPage();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/session/info'));
  await page.goto('/');
  const info = (await (await answered).json()) as { logined: boolean; userId: string };
  const header = page.locator('.site-header');
  if (info.logined) await header.getByText(saved.m.nickName).waitFor();
  else await header.getByRole('button', { name: '로그인', exact: true }).waitFor();
  const nickShown = await header.getByText(saved.m.nickName).count();
  await context.close();
  return { info, nickShown };
}

it('after a browser restart only a 로그인 상태 유지 login is still logged in', async () => {
  const first = await launch();
  const kept = await popupLogin(first, true);
  const dropped = await popupLogin(first, false);
  expect(kept.state.cookies.map((c) => c.name)).toContain(SESSION_COOKIE);
  expect(dropped.state.cookies.map((c) => c.name)).not.toContain(SESSION_COOKIE);
  await first.close();

  const second = await launch();
  try {
    const remembered = await headerAfterRestart(second, kept);
    expect(remembered.info).toMatchObject({ logined: true, userId: kept.m.userId });
    expect(remembered.nickShown).toBe(1);
    const forgotten = await headerAfterRestart(second, dropped);
    expect(forgotten.info).toMatchObject({ logined: false });
    expect(forgotten.nickShown).toBe(0);
  } finally {
    await second.close();
  }
});
