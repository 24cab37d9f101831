// Mail end to end: the server sends over real SMTP to the test server of the global setup, which
// keeps each message as a file; the test reads the link from the mail and follows it in Chromium.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { expectAccessibleWithoutToasts, launch, loginInline, newPage, PHONE, sessionUser, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** The newest mail to `to` whose subject contains `subject`, waiting for it to arrive. */
async function mailTo(to: string, subject: string): Promise<{ text: string; subject: string }> {
  const dir = inject('mailDir');
  for (const started = Date.now(); Date.now() - started < 15_000; await new Promise((r) => setTimeout(r, 100))) {
    const files = (() => {
      try {
        return readdirSync(dir).sort().reverse();
      } catch {
        return [];
      }
    })();
    for (const f of files) {
      const parsed = await simpleParser(readFileSync(join(dir, f)));
      const rcpt = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(',') : (parsed.to?.text ?? '');
      if (rcpt.includes(to) && (parsed.subject ?? '').includes(subject)) return { text: parsed.text ?? '', subject: parsed.subject ?? '' };
    }
  }
  throw new Error(`no mail to ${to} about ${subject}`);
}

const pathOfLink = (text: string, prefix: string) => {
  const url = text.split(/\s+/).find((w) => w.includes(prefix));
  if (!url) throw new Error(`no ${prefix} link in ${text}`);
  const u = new URL(url);
  return u.pathname + u.search;
};

it('sign-up mails a link; following it verifies the address, and my-info says 인증됨', async () => {
  const m = await signUpByApi();
  const mail = await mailTo(m.email, '이메일 주소를 인증해 주세요');
  const { page, context } = await newPage(browser);

  // Before: my-info offers to send the link again.
  await loginInline(page, m.userId, m.password);
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).click();
  const dialog = page.locator('.my-info-dialog');
  await dialog.getByLabel('암호', { exact: true }).fill(m.password);
  await dialog.getByLabel('암호', { exact: true }).press('Enter');
  await dialog.getByText('이메일 인증: 인증 안 됨').waitFor();
  await dialog.getByRole('button', { name: '인증 메일 다시 보내기' }).waitFor();
  await page.keyboard.press('Escape');

  await page.goto(pathOfLink(mail.text, '/user/email/verify?t='));
  await page.getByText('이메일 주소가 인증되었습니다.').waitFor();
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'mail-verified');
  // The same link again: used.
  await page.reload();
  await page.getByText('인증 링크가 만료되었거나 이미 사용되었습니다.', { exact: false }).waitFor();

  await page.goto('/');
  await page.locator('.home-aside').getByRole('button', { name: '내 정보' }).click();
  await dialog.getByLabel('암호', { exact: true }).fill(m.password);
  await dialog.getByLabel('암호', { exact: true }).press('Enter');
  await dialog.getByText('이메일 인증: 인증됨').waitFor();
  expect(await dialog.getByRole('button', { name: '인증 메일 다시 보내기' }).count()).toBe(0);
  await context.close();
});

it('password reset by mail on a phone: the link sets a new password and the old one stops working', async () => {
  const m = await signUpByApi();
  const verify = await mailTo(m.email, '이메일 주소를 인증해 주세요');
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto(pathOfLink(verify.text, '/user/email/verify?t='));
  await page.getByText('이메일 주소가 인증되었습니다.').waitFor();

  await page.goto('/');
  await page.getByRole('button', { name: '메뉴 열기' }).click();
  await page.locator('.menu-drawer').getByRole('button', { name: '아이디/암호 찾기' }).click();
  const dialog = page.locator('.reset-dialog');
  await dialog.getByRole('button', { name: '이메일로 찾기' }).click();
  const form = dialog.getByRole('form', { name: '이메일로 찾기' });
  await form.getByLabel('아이디').fill(m.userId);
  await form.getByLabel('이메일').fill(m.email);
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'mail-reset-ask');
  await form.getByRole('button', { name: '메일 보내기' }).click();
  await dialog.getByText('메일을 확인해 주세요').waitFor();
  await expectAccessibleWithoutToasts(page);

  const mail = await mailTo(m.email, '암호 다시 설정 안내');
  await page.goto(pathOfLink(mail.text, '/user/password/reset?t='));
  const pw = page.getByLabel('새 암호', { exact: true });
  await pw.waitFor();
  expect(await auditTargets(page)).toEqual([]);
  const next = 'Mailed-pass-42';
  await pw.fill(next);
  await page.getByLabel('새 암호 확인').fill(next + 'x');
  await page.getByRole('button', { name: '암호 변경' }).click();
  await waitForToast(page, '암호와 암호 확인 값이 일치하지 않습니다.');
  await page.getByLabel('새 암호 확인').fill(next);
  await shot(page, 'mail-reset-link');
  await page.getByRole('button', { name: '암호 변경' }).click();
  await page.getByText('암호가 변경되었습니다. 새 암호로 로그인해 주세요.').waitFor();
  await expectAccessibleWithoutToasts(page);

  // The old password is refused, the new one signs in.
  const old = await page.request.post('/api/login/do', { form: { userId: m.userId, password: m.password, remember: 'N' } });
  expect(old.status()).toBe(401);
  const ok = await page.request.post('/api/login/do', { form: { userId: m.userId, password: next, remember: 'N' } });
  expect(ok.ok()).toBe(true);
  expect((await sessionUser(page)).logined).toBe(true);
  await context.close();
});
