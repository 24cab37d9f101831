// Sign-up through /user/join: every field, the strength meter while typing, availability on
// blur, a validation failure as an info toast, then the new member logged in on the home page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launch, newPage, sessionUser, signUpByApi, uniqueMember } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('signs up with every field and lands logged in on the home page', async () => {
  const taken = await signUpByApi();
  const m = uniqueMember();
  const { page, context } = await newPage(browser);
  await page.goto('/user/join');
  await page.getByRole('heading', { level: 1, name: '회원 가입' }).waitFor();

  // Availability is asked when the member leaves a field.
  const userId = page.locator('#join-userId');
  const userIdCheck = page.locator('#join-userId-check');
  await userId.fill(taken.userId);
  expect(await userIdCheck.count()).toBe(0);
  await userId.blur();
  await expect.poll(() => userIdCheck.textContent()).toContain('이미 사용 중');
  await userId.fill(m.userId);
  await userId.blur();
  await expect.poll(() => userIdCheck.textContent()).toContain('사용 가능');

  // Strength: weak = any text; medium = 6+ with two kinds; strong = 8+ with all three (docs/product/site.md#forms-and-checks).
  const meter = page.locator('#join-password-strength');
  const password = page.locator('#join-password');
  await expect.poll(() => meter.textContent()).toContain('암호를 입력하세요');
  const steps: Array<[string, string]> = [
    ['a', '약함'],
    ['b', '약함'],
    ['c', '약함'],
    ['1', '약함'],
    ['2', '약함'],
    ['3', '보통'], // abc123: 6 characters, lower + digit
    ['4', '보통'],
    ['X', '강함'], // abc1234X: 8 characters, all three kinds
  ];
  for (const [key, label] of steps) {
    await password.press(key);
    await expect.poll(() => meter.textContent()).toContain(label);
  }
  // Eight characters of one kind stay weak.
  await password.fill('');
  await password.pressSequentially('abcdefgh');
  await expect.poll(() => meter.textContent()).toContain('약함');
  await password.fill(m.password);
  await expect.poll(() => meter.textContent()).toContain('강함');

  await page.locator('#join-rePassword').fill(m.password);
  const nick = page.locator('#join-nickName');
  await nick.fill(taken.nickName);
  await nick.blur();
  await expect.poll(() => page.locator('#join-nickName-check').textContent()).toContain('이미 사용 중');
  // A reserved name says why, without claiming somebody has it.
  await nick.fill('운영자\u3164');
  await nick.blur();
  await expect.poll(() => page.locator('#join-nickName-check').textContent()).toBe(' 사용할 수 없는 닉네임입니다.');
  await nick.fill(m.nickName);
  await nick.blur();
  await expect.poll(() => page.locator('#join-nickName-check').textContent()).toContain('사용 가능');
  const email = page.locator('#join-email');
  await email.fill(m.email);
  await email.blur();
  await expect.poll(() => page.locator('#join-email-check').textContent()).toContain('사용 가능');
  await page.locator('#join-question').fill('처음 산 카메라는?');
  await page.locator('#join-answer').fill('FM2');

  // Not agreeing to the terms is the first failure: an info toast, and no account.
  await page.getByRole('button', { name: '가입하기' }).click();
  const info = page.locator('.club-toast .p-toast-message-info');
  await info.filter({ hasText: '이용약관과 개인정보 처리방침에 동의해 주세요.' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/user/join');

  await page.getByLabel('이용약관과 개인정보 처리방침에 동의합니다').check();
  await page.getByRole('button', { name: '가입하기' }).click();

  // The new member is logged in at once: home, the nickname in the header, a welcome toast.
  await page.waitForURL((u) => u.pathname === '/');
  await page.locator('.club-toast .p-toast-message-success').filter({ hasText: `${m.nickName}님, 찰칵 회원이 되신 것을 환영합니다.` }).waitFor();
  await page.locator('.site-header').getByText(m.nickName).waitFor();
  expect(await page.locator('.site-header').getByRole('button', { name: '로그인', exact: true }).count()).toBe(0);
  expect(await sessionUser(page)).toMatchObject({ logined: true, userId: m.userId, nickName: m.nickName });
  await context.close();
});

it('a mismatched confirmation stops at the first failure and creates nothing', async () => {
  const m = uniqueMember();
  const { page, context } = await newPage(browser);
  await page.goto('/user/join');
  await page.locator('#join-userId').fill(m.userId);
  await page.locator('#join-password').fill(m.password);
  await page.locator('#join-rePassword').fill(`${m.password}x`);
  await page.locator('#join-nickName').fill(m.nickName);
  await page.locator('#join-email').fill(m.email);
  await page.locator('#join-question').fill('처음 산 카메라는?');
  await page.locator('#join-answer').fill('FM2');
  await page.getByLabel('이용약관과 개인정보 처리방침에 동의합니다').check();
  await page.getByRole('button', { name: '가입하기' }).click();
  await page.locator('.club-toast .p-toast-message-info').filter({ hasText: '암호와 암호 확인 값이 일치하지 않습니다.' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/user/join');
  const check = await page.request.post('/api/public/check', { data: { field: 'userId', value: m.userId } });
  expect(await check.json()).toMatchObject({ available: true });
  await context.close();
});
