// My info, withdrawal and password reset: the dialogs end to end against the built server.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectAccessibleWithoutToasts, launch, loginInline, newPage, PHONE, sessionUser, shot, signUpByApi, waitForToast } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

it('my info: wrong then right password, a new nickname shows in the history and the header', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await loginInline(page, m.userId, m.password);

  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).click();
  const dialog = page.locator('.my-info-dialog');
  const password = dialog.getByLabel('암호', { exact: true });
  await password.waitFor();
  await shot(page, 'account-my-info-prompt');

  // Empty: the schema's message; wrong: the server's message, and the prompt stays.
  await password.press('Enter');
  await waitForToast(page, '암호를 입력해 주세요.');
  await password.fill('Wrong-pass-9');
  await password.press('Enter');
  await waitForToast(page, '암호가 올바르지 않습니다.');
  expect(await dialog.getByLabel('닉네임', { exact: true }).count()).toBe(0);

  await password.fill(m.password);
  await password.press('Enter');
  const nick = dialog.getByLabel('닉네임', { exact: true });
  await nick.waitFor();
  expect(await dialog.locator('.profile-facts').innerText()).toContain(m.userId);
  expect(await dialog.locator('.profile-facts').innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  expect(await nick.inputValue()).toBe(m.nickName);
  await dialog.getByRole('button', { name: '실명 미인증 — 인증하기' }).waitFor();
  await dialog.locator('.history-table').first().waitFor();
  await expectAccessibleWithoutToasts(page);

  // A rule broken on the client: the first failure as an info toast, nothing sent.
  await nick.fill('a');
  await dialog.getByRole('button', { name: '저장' }).click();
  await waitForToast(page, '닉네임은 2~20자로 입력해 주세요.');

  const newNick = `${m.nickName.slice(0, 14)}새`;
  await nick.fill(newNick);
  await nick.press('Enter');
  await waitForToast(page, '변경되었습니다.');
  await page.locator('.site-header').getByText(newNick).waitFor();
  expect((await sessionUser(page)).nickName).toBe(newNick);
  await dialog.locator('.history-table').getByText(`${m.nickName} → ${newNick}`).waitFor();
  await dialog.getByRole('tab', { name: '등급 변경 이력' }).click();
  await dialog.locator('.history-tabs').getByText(/등급|가입/).first().waitFor();
  await shot(page, 'account-my-info-profile');

  // Closing forgets the profile: the password is asked again.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).click();
  await dialog.getByLabel('암호', { exact: true }).waitFor();
  expect(await dialog.getByLabel('닉네임', { exact: true }).count()).toBe(0);
  await context.close();
});

it('password reset: three steps on a phone, then the new password logs in', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE);
  await page.goto('/');
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  await page.locator('.menu-drawer').getByRole('button', { name: '아이디/암호 찾기' }).click();
  const dialog = page.locator('.reset-dialog');
  await dialog.getByLabel('아이디').waitFor();
  expect(await dialog.locator('[aria-current="step"]').innerText()).toContain('질문 조회');
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'account-reset-step1');

  // Step 1: the schema first, then the server.
  await dialog.getByLabel('아이디').press('Enter');
  await waitForToast(page, '아이디는 필수 입력 항목입니다.');
  await dialog.getByLabel('아이디').fill(m.userId);
  await dialog.getByLabel('이메일').fill(m.email);
  await dialog.getByLabel('이메일').press('Enter');

  // Step 2: the question shown read-only; a wrong answer is the server's toast.
  const answer = dialog.getByLabel('비밀번호 답변');
  await answer.waitFor();
  expect(await dialog.locator('.reset-facts').innerText()).toContain('첫 카메라는?');
  await shot(page, 'account-reset-step2');
  await answer.fill('nikon');
  await answer.press('Enter');
  await waitForToast(page, '답변이 올바르지 않습니다.');
  await answer.fill('fm2');
  await answer.press('Enter');

  // Step 3: the new password twice, with the strength meter.
  const next = 'Fresh-pass-77';
  const pw = dialog.getByLabel('새 암호', { exact: true });
  await pw.waitFor();
  await pw.fill(next);
  await dialog.locator('.strength-strong').waitFor();
  await dialog.getByLabel('새 암호 확인').fill('Fresh-pass-78');
  await dialog.getByLabel('새 암호 확인').press('Enter');
  await waitForToast(page, '암호와 암호 확인 값이 일치하지 않습니다.');
  await dialog.getByLabel('새 암호 확인').fill(next);
  await shot(page, 'account-reset-step3');
  await dialog.getByLabel('새 암호 확인').press('Enter');

  // Step 4, then the login popup with the new password.
  await dialog.getByText('암호가 변경되었습니다.').waitFor();
  await shot(page, 'account-reset-done');
  await dialog.getByRole('button', { name: '로그인' }).click();
  const popup = page.locator('.login-popup');
  await popup.getByLabel('아이디').fill(m.userId);
  await popup.getByLabel('암호').fill(m.password);
  await popup.getByLabel('암호').press('Enter');
  await waitForToast(page, '아이디 또는 암호가 올바르지 않습니다.');
  await popup.getByLabel('암호').fill(next);
  await popup.getByLabel('암호').press('Enter');
  await expect.poll(async () => (await sessionUser(page)).logined).toBe(true);
  await context.close();
});

it('password reset: closing returns to step 1 with empty fields', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await page.goto('/');
  await page.locator('.home-aside').getByRole('button', { name: '아이디/암호 찾기' }).click();
  const dialog = page.locator('.reset-dialog');
  await dialog.getByLabel('아이디').fill(m.userId);
  await dialog.getByLabel('이메일').fill(m.email);
  await dialog.getByLabel('이메일').press('Enter');
  await dialog.getByLabel('비밀번호 답변').waitFor();
  await dialog.getByRole('button', { name: '닫기' }).click().catch(() => page.keyboard.press('Escape'));
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('.home-aside').getByRole('button', { name: '아이디/암호 찾기' }).click();
  await dialog.getByLabel('아이디').waitFor();
  expect(await dialog.getByLabel('아이디').inputValue()).toBe('');
  expect(await dialog.getByLabel('이메일').inputValue()).toBe('');
  await context.close();
});

it('withdrawal: confirmation, logged out at home, and the old password no longer logs in', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await loginInline(page, m.userId, m.password);
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).click();
  const dialog = page.locator('.my-info-dialog');
  await dialog.getByLabel('암호', { exact: true }).fill(m.password);
  await dialog.getByLabel('암호', { exact: true }).press('Enter');
  await dialog.getByRole('button', { name: '회원 탈퇴' }).click();

  const out = page.locator('.withdrawal-dialog');
  await out.getByText('삭제되는 정보').waitFor();
  expect(await out.innerText()).toContain('장터 글과 댓글');
  await out.getByRole('button', { name: '탈퇴' }).click();
  await waitForToast(page, '암호를 입력해 주세요.');
  await out.getByLabel('암호').fill(m.password);
  await shot(page, 'account-withdrawal');
  await out.getByLabel('암호').press('Enter');

  // The confirmation: 취소 keeps the account, 탈퇴 goes ahead.
  const confirm = page.locator('.p-confirm-dialog');
  await confirm.getByText('회원 탈퇴를 진행할까요?').waitFor();
  await confirm.getByRole('button', { name: '취소' }).click();
  await confirm.waitFor({ state: 'hidden' });
  expect((await sessionUser(page)).logined).toBe(true);
  await out.getByRole('button', { name: '탈퇴' }).click();
  await confirm.getByRole('button', { name: '탈퇴' }).click();

  await waitForToast(page, '회원 탈퇴가 정상적으로 처리되었습니다.');
  await page.locator('.site-header').getByRole('button', { name: '로그인' }).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await out.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).pathname).toBe('/');
  expect((await sessionUser(page)).logined).toBe(false);

  const res = await page.request.post('/api/login/do', { form: { userId: m.userId, password: m.password, remember: 'N' } });
  expect(res.status()).toBe(401);
  await context.close();
});
