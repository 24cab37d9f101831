// Passkey autofill (WebAuthn conditional mediation) with Chromium's virtual authenticator. The
// browser's suggestion list itself cannot be driven: under automation Chromium answers a waiting
// conditional request at once with the authenticator's key for the site, as if the member had
// picked it. So these tests show what can be shown: the id field is marked for passkeys, nothing
// is asked before it takes the focus, focusing it starts the request and a picked passkey signs
// in (desktop, keyboard); a request left waiting (the authenticator not answering) ends cleanly
// when the member signs in with the password, or presses the passkey button, whose own ceremony
// then works (touch phone, 360 px). Passkeys need a domain, so the pages are at localhost.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseURL, DESKTOP, expectAccessibleWithoutToasts, launch, PHONE, sessionUser, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

interface Device {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
  /** The login options calls this page made (each autofill or button ceremony makes one). */
  optionCalls: () => number;
}

async function device(viewport: typeof PHONE, touch: boolean): Promise<Device> {
  const context = await browser.newContext({
    baseURL: baseURL().replace('127.0.0.1', 'localhost'),
    viewport,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/passkey/login/options')) calls += 1;
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page, cdp, authenticatorId, optionCalls: () => calls };
}

/** A member with a passkey of this device's authenticator, registered through the passkeys page; signed out after. */
async function memberWithPasskey(d: Device) {
  const m = await signUpByApi();
  expect((await d.page.request.post('/api/login/do', { form: { userId: m.userId, password: m.password, remember: 'N' } })).ok()).toBe(true);
  expect((await d.page.request.post('/api/user/myInfo', { data: { password: m.password } })).ok()).toBe(true);
  await d.page.goto('/user/passkeys');
  await d.page.getByLabel('패스키 이름 (선택)').fill('이 기기');
  await d.page.getByRole('button', { name: '패스키 등록' }).click();
  await waitForToast(d.page, '패스키를 등록했습니다.');
  expect((await d.cdp.send('WebAuthn.getCredentials', { authenticatorId: d.authenticatorId })).credentials).toHaveLength(1);
  await d.page.request.post('/api/logout', { data: {} });
  return m;
}

it('on a desktop by the keyboard: the id field offers the passkey once it has the focus, and the picked one signs in', async () => {
  const d = await device(DESKTOP, false);
  const m = await memberWithPasskey(d);
  await d.page.goto('/');
  const box = d.page.locator('.home-aside');
  const id = box.getByLabel('아이디');
  await box.getByRole('button', { name: '패스키로 로그인' }).waitFor();
  expect(await id.getAttribute('autocomplete')).toBe('username webauthn');
  await expectAccessibleWithoutToasts(d.page);
  // A visitor who does not touch the form asks for nothing.
  const before = d.optionCalls();

  await id.focus();
  await waitForToast(d.page, '패스키로 로그인했습니다.');
  await box.getByRole('button', { name: '내 정보' }).waitFor();
  expect(await sessionUser(d.page)).toMatchObject({ logined: true, userId: m.userId });
  expect(d.optionCalls() - before).toBe(1);
  expect(before).toBe(0);
  await d.context.close();
});

it('on a touch phone: a waiting request ends cleanly for the password and for the passkey button', async () => {
  const d = await device(PHONE, true);
  const m = await memberWithPasskey(d);
  // The authenticator stops answering by itself: the autofill request waits, as for a member
  // who has not opened the suggestions.
  await d.cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: d.authenticatorId, enabled: false });
  await d.page.goto('/');
  const box = d.page.locator('.home-aside');
  await box.getByRole('button', { name: '패스키로 로그인' }).waitFor();
  expect(await auditTargets(d.page)).toEqual([]);
  await box.getByLabel('아이디').tap();
  await expect.poll(() => d.optionCalls()).toBe(1);

  // The password, with the request waiting: signed in, no word about passkeys.
  await box.getByLabel('아이디').fill(m.userId);
  await box.getByLabel('암호', { exact: true }).fill(m.password);
  await box.getByRole('button', { name: '로그인', exact: true }).tap();
  await box.getByRole('button', { name: '내 정보' }).waitFor();
  expect(await sessionUser(d.page)).toMatchObject({ logined: true, userId: m.userId });
  expect(await d.page.locator('.club-toast').getByText('패스키').count()).toBe(0);

  // Signed out in the page (no reload): the box is back; its field starts a new waiting request,
  // and the button's ceremony takes over from it and signs in.
  await box.getByRole('button', { name: '로그아웃' }).tap();
  await box.getByLabel('아이디').tap();
  await expect.poll(() => d.optionCalls()).toBe(2);
  await d.cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: d.authenticatorId, enabled: true });
  await box.getByRole('button', { name: '패스키로 로그인' }).tap();
  await waitForToast(d.page, '패스키로 로그인했습니다.');
  expect(await sessionUser(d.page)).toMatchObject({ logined: true, userId: m.userId });
  expect(await d.page.locator('.club-toast').getByText('패스키를 사용하지 못했습니다').count()).toBe(0);
  await d.context.close();
});
