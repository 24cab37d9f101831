// My info, withdrawal and password reset: the dialogs end to end against the built server.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { expectAccessibleWithoutToasts, launch, loginByApi, loginInline, newPage, PHONE, sessionUser, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

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

it('on a touch phone: the join form, the my-info prompt and profile have thumb-sized targets', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto('/user/join');
  await page.getByLabel('아이디').first().waitFor();
  expect(await auditTargets(page)).toEqual([]);

  await loginByApi(page, m.userId, m.password);
  await page.goto('/');
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  await page.locator('.menu-drawer').getByRole('button', { name: '내 정보' }).click();
  const dialog = page.locator('.my-info-dialog');
  const password = dialog.getByLabel('암호', { exact: true });
  await password.waitFor();
  await page.waitForTimeout(300); // the dialog's fade-in
  expect(await auditTargets(page)).toEqual([]);
  await password.fill(m.password);
  await password.press('Enter');
  await dialog.getByLabel('닉네임', { exact: true }).waitFor();
  await dialog.locator('.history-table').first().waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'account-my-info-phone');
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
  await dialog.getByRole('button', { name: '로그인', exact: true }).click();
  const popup = page.locator('.login-popup');
  await popup.getByLabel('아이디').fill(m.userId);
  await popup.getByLabel('암호', { exact: true }).fill(m.password);
  await popup.getByLabel('암호', { exact: true }).press('Enter');
  await waitForToast(page, '아이디 또는 암호가 올바르지 않습니다.');
  await popup.getByLabel('암호', { exact: true }).fill(next);
  await popup.getByLabel('암호', { exact: true }).press('Enter');
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
  expect(await out.innerText()).toContain('장터 매물과 갤러리 사진, 그 아래의 댓글');
  await out.getByText('남아 있는 게시판 글과 진행 중인 경매가 없어 바로 탈퇴할 수 있습니다.').waitFor();
  await out.getByRole('button', { name: '탈퇴' }).click();
  await waitForToast(page, '암호를 입력해 주세요.');
  await out.getByLabel('암호', { exact: true }).fill(m.password);
  await shot(page, 'account-withdrawal');
  await out.getByLabel('암호', { exact: true }).press('Enter');

  // The confirmation: 취소 keeps the account, 탈퇴 goes ahead.
  const confirm = page.locator('.p-confirm-dialog');
  await confirm.getByText('회원 탈퇴를 진행할까요?').waitFor();
  await confirm.getByRole('button', { name: '취소' }).click();
  await confirm.waitFor({ state: 'hidden' });
  expect((await sessionUser(page)).logined).toBe(true);
  await out.getByRole('button', { name: '탈퇴' }).click();
  await confirm.getByRole('button', { name: '탈퇴' }).click();

  await waitForToast(page, '회원 탈퇴가 정상적으로 처리되었습니다.');
  await page.locator('.site-header').getByRole('button', { name: '로그인', exact: true }).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await out.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).pathname).toBe('/');
  expect((await sessionUser(page)).logined).toBe(false);
  // Logging out asks nothing more of the server for the gone member: no 로그인이 필요합니다 toast.
  await page.waitForLoadState('networkidle');
  expect(await page.locator('.club-toast').getByText('로그인이 필요합니다').count()).toBe(0);

  const res = await page.request.post('/api/login/do', { form: { userId: m.userId, password: m.password, remember: 'N' } });
  expect(res.status()).toBe(401);
  await context.close();
});

/** An auction of the administrator's through the calls, ending in three hours; answers its key. */
async function auctionByApi(page: Page, subject: string): Promise<number> {
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#4477aa' } }).png().toBuffer();
  const up = await page.request.post('/api/file/upload', { multipart: { file: { name: 'lens.png', mimeType: 'image/png', buffer: png } } });
  expect(up.ok(), await up.text()).toBe(true);
  const res = await page.request.post('/api/market/save', {
    data: {
      category: 'c2',
      subject,
      content: '<p>경매 매물입니다.</p>',
      price: 100_000,
      condition: 'A',
      tradeMethod: 'both',
      region: 'seoul',
      files: [((await up.json()) as { fileKey: string }).fileKey],
      auction: { startPrice: 100_000, bidStep: 5_000, endsAt: new Date(Date.now() + 3 * 3600_000).toISOString() },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { key: number }).key;
}

it('withdrawal of a member leading an auction: the dialog says what becomes of trades and what holds it, with a link; the server refuses', async () => {
  const seller = await newPage(browser);
  await loginByApi(seller.page, 'admin', inject('adminPassword'));
  const subject = `탈퇴 시험 경매 ${Date.now().toString(36).slice(-5)}`;
  const key = await auctionByApi(seller.page, subject);
  await seller.context.close();

  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await loginInline(page, m.userId, m.password);
  const bid = await page.request.post('/api/market/bid', { data: { key, amount: 100_000 } });
  expect(bid.ok(), await bid.text()).toBe(true);

  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).click();
  const dialog = page.locator('.my-info-dialog');
  await dialog.getByLabel('암호', { exact: true }).fill(m.password);
  await dialog.getByLabel('암호', { exact: true }).press('Enter');
  await dialog.getByRole('button', { name: '회원 탈퇴' }).click();

  const out = page.locator('.withdrawal-dialog');
  await out.getByText('장터 거래').waitFor();
  const terms = await out.locator('.withdrawal-terms').innerText();
  expect(terms).toContain('판매 중이거나 예약 중인 매물은 판매가 취소됩니다.');
  expect(terms).toContain('입찰이 없는 진행 중인 경매는 취소됩니다.');
  expect(terms).toContain('입찰이 있는 내 경매와 내가 최고 입찰자인 경매는');
  const now = out.locator('.withdrawal-now');
  await now.getByText('내가 최고 입찰자인 경매 1건이 끝난 뒤에 탈퇴할 수 있습니다.').waitFor();
  const link = now.getByRole('link', { name: subject });
  expect(await link.getAttribute('href')).toBe(`/market/view/${key}`);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'account-withdrawal-held');

  // The server decides the same: refused, still signed in.
  await out.getByLabel('암호', { exact: true }).fill(m.password);
  await out.getByLabel('암호', { exact: true }).press('Enter');
  await page.locator('.p-confirm-dialog').getByRole('button', { name: '탈퇴' }).click();
  await waitForToast(page, '내가 최고 입찰자인 경매 1건이 끝난 뒤에 탈퇴할 수 있습니다.');
  expect((await sessionUser(page)).logined).toBe(true);

  // The link closes the dialogs and opens the auction.
  await link.click();
  await page.waitForURL(`**/market/view/${key}`);
  await out.waitFor({ state: 'hidden' });
  await dialog.waitFor({ state: 'hidden' });
  await context.close();
});
