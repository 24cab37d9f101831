// Debian's Chromium driven by playwright-core: one browser per test file, a fresh context per test.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { proofHeadersAt } from '../server/test/spam-proof.js';
import { passSecondStep } from './two-step.js';

export const baseURL = () => inject('baseURL');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 360, height: 740 };

/** A fresh context and page; `touch` makes it a phone: touch screen, no hover, a coarse pointer. */
export async function newPage(browser: Browser, viewport = DESKTOP, { touch = false } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  // A page error is a failed test, not a silent one.
  page.on('pageerror', (e) => {
    throw e;
  });
  return { context, page };
}

const SHOTS = resolve(import.meta.dirname, 'screenshots');

/** Saves a screenshot under e2e/screenshots/ for people to look at. */
export async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Rules that fail the scan at any impact: a label that differs from the visible text, ARIA
 * attributes an element may not carry. */
const STRICT_RULES = new Set(['label-content-name-mismatch', 'aria-prohibited-attr', 'aria-allowed-attr']);

/** No serious or critical accessibility findings on the page as it is now. */
export async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = [
    ...result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || STRICT_RULES.has(v.id)),
    // A one-character label ("1" on a page link named "1페이지") is only "needs review" to axe.
    ...result.incomplete.filter((v) => v.id === 'label-content-name-mismatch'),
  ];
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

let seq = 0;
/** A unique, valid user id and nickname for a test member. */
export function uniqueMember() {
  const n = `${Date.now().toString(36).slice(-5)}${++seq}`;
  return { userId: `e2e_${n}`, nickName: `사진가${n}`, email: `e2e_${n}@example.com`, password: 'Camera-pass-1' };
}

/** Creates a member through the real sign-up call, its challenge solved as the join page's widget would. */
export async function signUpByApi(m = uniqueMember()) {
  const res = await fetch(`${baseURL()}/api/public/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await proofHeadersAt(baseURL(), 'join')) },
    body: JSON.stringify({
      userId: m.userId,
      password: m.password,
      rePassword: m.password,
      nickName: m.nickName,
      email: m.email,
      question: '첫 카메라는?',
      answer: 'FM2',
      agree: 'Y',
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return m;
}

/** A member's cookie from the login call, for writes made outside the browser under test. */
export async function cookieOf(m: { userId: string; password: string }): Promise<string> {
  const res = await fetch(`${baseURL()}/api/login/do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userId: m.userId, password: m.password, remember: 'N' }).toString(),
  });
  expect(res.ok).toBe(true);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** A call made with a member's cookie outside the browser; it must answer 200. */
export async function callAs(cookie: string, path: string, data: object) {
  const res = await fetch(`${baseURL()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(data) });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Logs in through the home page's login box, as a member would. */
export async function loginInline(page: Page, userId: string, password: string) {
  await page.goto('/');
  const box = page.locator('.home-aside');
  await box.getByLabel('아이디').fill(userId);
  await box.getByLabel('암호', { exact: true }).fill(password);
  await box.getByLabel('암호', { exact: true }).press('Enter');
  await box.getByRole('button', { name: '내 정보' }).waitFor();
}

/**
 * Logs in through the login call; the page's cookies are the browser's. The administrator also
 * passes the second step (e2e/two-step.ts).
 */
export async function loginByApi(page: Page, userId: string, password: string) {
  const res = await page.request.post('/api/login/do', { form: { userId, password, remember: 'N' } });
  expect(res.ok()).toBe(true);
  await passSecondStep(page, userId, password, (await res.json()) as { secondStep?: string });
}

/** A new member (signed up through the API) signed in on a fresh page of their own. */
export async function memberPage(browser: Browser, viewport = DESKTOP, opts: { touch?: boolean } = {}) {
  const user = await signUpByApi();
  const { context, page } = await newPage(browser, viewport, opts);
  await loginByApi(page, user.userId, user.password);
  return { context, page, user };
}

/** The session as the server sees it for this page's cookies. */
export async function sessionUser(page: Page) {
  const res = await page.request.post('/api/session/info', { data: {} });
  return (await res.json()) as { logined: boolean; userId: string; nickName: string; real: boolean };
}

/** Waits for a toast with this text. */
export const waitForToast = (page: Page, text: string) => page.locator('.club-toast').getByText(text).first().waitFor();

/** The axe scan looks at the page, not at toasts still fading from the step before. */
export async function expectAccessibleWithoutToasts(page: Page) {
  await page.locator('.club-toast .p-toast-message').first().waitFor({ state: 'detached', timeout: 10_000 });
  await expectAccessible(page);
}
