// Real-name verification through the sandbox provider: the my-info button flips from
// unverified to verified, and a failed verification lands on the fail page with its message. At
// 360 px on a touch screen the identity pages and the donors' thanks page have every target a
// thumb's size.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { expectAccessible, launch, loginByApi, loginInline, newPage, PHONE, sessionUser, shot, signUpByApi } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

async function openMyInfo(page: Page, password: string) {
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).click();
  const dialog = page.locator('.my-info-dialog');
  const field = dialog.getByLabel('암호', { exact: true });
  await field.fill(password);
  await field.press('Enter');
  await dialog.getByLabel('닉네임', { exact: true }).waitFor();
  return dialog;
}

async function fillSandbox(page: Page, outcome: '성공' | '실패') {
  await page.getByRole('heading', { name: /시험용 본인 확인/ }).waitFor();
  await page.getByLabel('이름').fill('홍길동');
  await page.getByLabel('생년월일 (8자리)').fill('19700101');
  await page.getByLabel(outcome).check();
}

it('sandbox verification flips the my-info button to verified', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await loginInline(page, m.userId, m.password);

  let dialog = await openMyInfo(page, m.password);
  await dialog.getByRole('button', { name: '실명 미인증 — 인증하기' }).click();
  await page.waitForURL('**/user/nice/check');
  await dialog.waitFor({ state: 'hidden' });

  // Bad input is refused before anything is sent.
  await page.getByRole('heading', { name: /시험용 본인 확인/ }).waitFor();
  await page.getByRole('button', { name: '확인' }).click();
  await page.locator('.club-toast').getByText(/이름/).first().waitFor();

  await fillSandbox(page, '성공');
  await expectAccessible(page);
  await shot(page, 'identity-sandbox');
  await page.getByRole('button', { name: '확인' }).click();
  await page.waitForURL('**/user/nice/success');
  await page.getByText('본인 확인이 완료되었습니다.').first().waitFor();
  const session = await sessionUser(page);
  expect(session.real).toBe(true);
  // Opened again later, the page still tells the verified member so.
  await page.reload();
  await page.getByRole('heading', { name: '본인 확인이 완료되었습니다.' }).waitFor();

  await page.goto('/');
  dialog = await openMyInfo(page, m.password);
  await dialog.getByText('실명 인증 완료').waitFor();
  expect(await dialog.getByRole('button', { name: '실명 미인증 — 인증하기' }).count()).toBe(0);
  await context.close();
});

it('a failed sandbox verification shows the fail page and changes nothing (360 px, touch)', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginInline(page, m.userId, m.password);
  await page.goto('/user/nice/check');
  await fillSandbox(page, '실패');
  expect(await auditTargets(page)).toEqual([]);
  await page.getByRole('button', { name: '확인' }).tap();
  await page.waitForURL('**/user/nice/fail**');
  await page.getByRole('heading', { name: '본인 확인을 완료하지 못했습니다' }).waitFor();
  await expectAccessible(page);
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'identity-fail-360');
  const session = await sessionUser(page);
  expect(session.real).toBe(false);
  await context.close();
});

it('logged out, the check page asks for a login', async () => {
  const { page, context } = await newPage(browser);
  await page.goto('/user/nice/check');
  await page.getByText('본인 확인은 로그인한 회원만 할 수 있습니다.').waitFor();
  await context.close();
});

it('opened directly, the success page tells a visitor and an unverified member the truth', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser);
  await page.goto('/user/nice/success');
  await page.getByRole('heading', { name: '본인 확인이 되지 않았습니다.' }).waitFor();
  await page.getByText('본인 확인은 로그인한 회원만 할 수 있습니다.').waitFor();
  expect(await page.getByText('본인 확인이 완료되었습니다.').count()).toBe(0);
  await expectAccessible(page);

  await page.locator('main').getByRole('button', { name: '로그인' }).click();
  await page.locator('.login-popup').waitFor();
  await page.keyboard.press('Escape');

  // A member who has not verified is told so and offered the start.
  await loginInline(page, m.userId, m.password);
  await page.goto('/user/nice/success');
  await page.getByText('아직 본인 확인을 마치지 않았습니다.').waitFor();
  expect(await page.getByText('본인 확인이 완료되었습니다.').count()).toBe(0);
  await page.reload();
  await page.getByText('아직 본인 확인을 마치지 않았습니다.').waitFor();
  await page.locator('main').getByRole('link', { name: '본인 확인하기' }).click();
  await page.waitForURL('**/user/nice/check');
  await page.getByRole('heading', { name: /시험용 본인 확인/ }).waitFor();
  expect((await sessionUser(page)).real).toBe(false);
  await context.close();
});

it('at 360 px on a touch screen the success page and the donors’ thanks page have every target a thumb’s size', async () => {
  // Donations in two past years, so the thanks page shows its year links.
  const admin = await newPage(browser);
  await loginByApi(admin.page, 'admin', inject('adminPassword'));
  for (const donatedOn of ['2019-05-01', '2020-05-01']) {
    const res = await admin.page.request.post('/api/admin/donate/save', { data: { donorKind: 'name', donorName: '사진 좋아하는 이', amount: 10_000, donatedOn, message: '늘 고맙습니다' } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await admin.context.close();

  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto('/user/nice/success');
  await page.getByRole('heading', { name: '본인 확인이 되지 않았습니다.' }).waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await page.goto('/donate/thanks?year=2020');
  await page.getByRole('navigation', { name: /연도/ }).getByRole('link', { name: /2019/ }).waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'donate-thanks-360');
  await context.close();
});
