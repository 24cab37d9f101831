// Debian's Chromium driven by playwright-core: one browser per test file, a fresh context per test.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const baseURL = () => inject('baseURL');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 360, height: 740 };

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
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

/** No serious or critical accessibility findings on the page as it is now. */
export async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

let seq = 0;
/** A unique, valid user id and nickname for a test member. */
export function uniqueMember() {
  const n = `${Date.now().toString(36).slice(-5)}${++seq}`;
  return { userId: `e2e_${n}`, nickName: `사진가${n}`, email: `e2e_${n}@example.com`, password: 'Camera-pass-1' };
}

/** Creates a member through the real sign-up call. */
export async function signUpByApi(m = uniqueMember()) {
  const res = await fetch(`${baseURL()}/api/public/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
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
