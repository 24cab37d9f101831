// Moderation end to end: a member reports a comment at 360 px (the reason is required), the
// admin finds it in the report queue in context and hides it, and the member then sees the notice
// instead of the text and an alarm; a donation recorded on the admin page appears on
// /donate/thanks (private amounts hidden); the report dialog by keyboard alone; axe on the report
// queue, the donation page and the thanks page; screenshots at 360 and 1280 px.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, newPage, PHONE, signUpByApi, waitForToast } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const SHOTS = '/tmp/shots';
async function shot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

const NOTICE = '관리자에 의해 가려진 내용입니다.';

it('a member reports a comment, the admin hides it from the queue, the member sees the notice (360 px)', async () => {
  const tag = Date.now().toString(36).slice(-5);
  const writer = await signUpByApi();
  const reporter = await signUpByApi();
  const { page: wp, context: wc } = await newPage(browser);
  await loginByApi(wp, writer.userId, writer.password);
  const subject = `신고 시험 글 ${tag}`;
  const saved = await wp.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject, content: '<p>평범한 글입니다.</p>' } });
  expect(saved.ok()).toBe(true);
  const key = (await saved.json()).key as number;
  const bad = `아주 무례한 댓글 ${tag}`;
  expect((await wp.request.post('/api/comment/save', { data: { boardId: 'free', key, content: bad } })).ok()).toBe(true);
  await wc.close();

  // The reporter, on a phone: no 신고 on their own content, one on the writer's comment.
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, reporter.userId, reporter.password);
  await page.goto(`/board/free/view/${key}`);
  const comment = page.locator('.comment', { hasText: bad });
  await comment.waitFor();
  await comment.getByRole('button', { name: `${writer.nickName}님의 댓글 신고하기` }).click();
  const dialog = page.getByRole('dialog', { name: '댓글 신고' });
  await dialog.waitFor();
  // Without a reason the field is marked.
  await dialog.getByRole('button', { name: '신고하기' }).click();
  await expect.poll(() => dialog.getByLabel('신고 사유').getAttribute('aria-invalid')).toBe('true');
  await dialog.getByLabel('신고 사유').fill('욕설로 다른 회원을 공격합니다.');
  await page.waitForTimeout(300);
  await shot(page, 'moderation-report-dialog-360');
  await dialog.getByRole('button', { name: '신고하기' }).click();
  await waitForToast(page, '신고를 접수했습니다.');
  await dialog.waitFor({ state: 'detached' });
  // Reporting again is refused at the field.
  await comment.getByRole('button', { name: `${writer.nickName}님의 댓글 신고하기` }).click();
  await dialog.getByLabel('신고 사유').fill('한 번 더');
  await dialog.getByRole('button', { name: '신고하기' }).click();
  await dialog.getByText('이미 신고한 댓글입니다.').first().waitFor();
  await dialog.getByRole('button', { name: '취소' }).click();
  await dialog.waitFor({ state: 'detached' });

  // The admin, on a phone: the queue shows the comment in context; 가리기 asks first.
  const { page: admin, context: ac } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(admin, 'admin', inject('adminPassword'));
  await admin.goto('/system/report/list?kind=comment&status=open');
  await admin.getByRole('heading', { level: 1, name: '신고 관리' }).waitFor();
  const row = admin.locator('.admin-table tbody tr', { hasText: bad });
  await row.waitFor();
  await row.getByText(subject).waitFor();
  await row.getByText('욕설로 다른 회원을 공격합니다.').waitFor();
  await shot(admin, 'moderation-queue-360');
  await expectAccessibleWithoutToasts(admin);
  await row.getByRole('button', { name: `댓글 '${subject}': 가리기` }).click();
  await admin.locator('.p-confirm-dialog').getByRole('button', { name: '예' }).click();
  await waitForToast(admin, '내용을 가렸습니다.');
  await admin.locator('.admin-table tbody tr', { hasText: bad }).waitFor({ state: 'detached' });
  await ac.close();

  // The member has an alarm about it (opening the post reads it), and sees the notice instead of the text.
  const alarms = (await (await page.request.post('/api/letter/alarm/list', { data: {} })).json()) as Array<{ kind: string; articleKey: number }>;
  expect(alarms.some((a) => a.kind === 'report' && a.articleKey === key)).toBe(true);
  await page.reload();
  const hidden = page.locator('.comment', { hasText: NOTICE });
  await hidden.waitFor();
  expect(await page.getByText(bad).count()).toBe(0);
  await hidden.scrollIntoViewIfNeeded();
  await shot(page, 'moderation-hidden-360');
  await context.close();

  // Desktop: the resolved report under 가림, the keyboard alone through a post's report dialog.
  const { page: desk, context: dc } = await newPage(browser, DESKTOP);
  await loginByApi(desk, 'admin', inject('adminPassword'));
  await desk.goto('/system/report/list?status=hidden');
  await desk.locator('.admin-table tbody tr', { hasText: bad }).waitFor();
  expect(await desk.getByRole('navigation', { name: '관리 메뉴' }).getByRole('link', { name: '신고 관리' }).getAttribute('aria-current')).toBe('page');
  await shot(desk, 'moderation-queue-1280', true);
  await expectAccessible(desk);
  await dc.close();

  const { page: kb, context: kc } = await newPage(browser, DESKTOP);
  const focusedId = () => kb.evaluate('document.activeElement && document.activeElement.id') as Promise<string>;
  await loginByApi(kb, reporter.userId, reporter.password);
  await kb.goto(`/board/free/view/${key}`);
  const postReport = kb.getByRole('button', { name: '이 글 신고하기' });
  await postReport.waitFor();
  await postReport.focus();
  await kb.keyboard.press('Enter');
  await expect.poll(focusedId).toMatch(/-reason$/);
  await kb.keyboard.type('광고 글입니다.');
  await kb.keyboard.press('Tab');
  await kb.keyboard.press('Tab');
  await kb.keyboard.press('Enter');
  await waitForToast(kb, '신고를 접수했습니다.');
  await kc.close();
});

it('a donation recorded on the admin page appears on /donate/thanks, a private amount hidden', async () => {
  const tag = Date.now().toString(36).slice(-5);
  const { page, context } = await newPage(browser, DESKTOP);
  await loginByApi(page, 'admin', inject('adminPassword'));
  await page.goto('/system/donate/list');
  await page.getByRole('heading', { level: 1, name: '후원 관리' }).waitFor();
  await page.locator('.admin-count').getByText('후원').waitFor();

  await page.getByRole('button', { name: '후원 기록하기' }).click();
  const dialog = page.getByRole('dialog', { name: '후원 기록하기' });
  await dialog.getByLabel('이름 직접 입력').check();
  // An amount of 0 is refused at the field.
  await dialog.getByLabel('후원자 이름').fill(`고마운분${tag}`);
  await dialog.getByLabel('금액 (원)').fill('0');
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect.poll(() => dialog.getByLabel('금액 (원)').getAttribute('aria-invalid')).toBe('true');
  await dialog.getByLabel('금액 (원)').fill('50,000');
  await dialog.getByLabel('후원일').fill('2026-03-01');
  await dialog.getByLabel('남긴 말').fill(`늘 고맙습니다 ${tag}`);
  await page.waitForTimeout(300);
  await shot(page, 'moderation-donate-dialog-1280');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: '저장' }).click();
  await waitForToast(page, '저장했습니다.');
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.admin-table tbody tr', { hasText: `고마운분${tag}` }).waitFor();
  // A second, anonymous one with a private amount.
  const made = await page.request.post('/api/admin/donate/save', {
    data: { donorKind: 'anonymous', donorName: '', amount: 777777, amountPublic: false, donatedOn: '2026-03-02', message: `조용한 후원 ${tag}` },
  });
  expect(made.ok()).toBe(true);
  await page.reload();
  await page.locator('.admin-table tbody tr', { hasText: `고마운분${tag}` }).waitFor();
  await shot(page, 'moderation-donate-1280', true);
  await expectAccessibleWithoutToasts(page);
  await context.close();

  // Anyone, on a phone: the thanks page from the footer link.
  const { page: phone, context: pc } = await newPage(browser, PHONE, { touch: true });
  await phone.goto('/');
  await phone.locator('footer').getByRole('link', { name: /DONATIONS|후원/ }).first().click();
  await phone.waitForURL('**/donate/thanks**');
  await phone.goto('/donate/thanks?year=2026');
  const item = phone.locator('.thanks-item', { hasText: `고마운분${tag}` });
  await item.waitFor();
  await item.getByText('50,000원').waitFor();
  const quiet = phone.locator('.thanks-item', { hasText: `조용한 후원 ${tag}` });
  await quiet.getByText('익명').waitFor();
  await quiet.getByText('금액 비공개').waitFor();
  expect(await phone.getByText('777,777').count()).toBe(0);
  await shot(phone, 'moderation-thanks-360', true);
  await expectAccessible(phone);
  await pc.close();
});
