// Spam kept out, in the browser (docs/product/spam.md): a sign-up on a touch phone at 360 px passes
// the proof-of-work challenge the join page solves in the background (the real ALTCHA widget, its
// worker a file of the site under the CSP); with the new-member rules on, the new member's comment
// is solved the same way and a link in it is refused in Korean, and a new member's market item on
// the phone passes it out of sight too. Then an administrator at 1280 px,
// by keyboard alone, finds a held member's comment in the report queue's held view and releases
// it; another member reads it. The target audit on the phone pages, axe on the join page and the
// held view.
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, sessionUser, signUpByApi, uniqueMember, waitForToast } from './browser.js';
import { RULES_OFF, RULES_ON } from './spam-rules.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** The new-member rules for the flows that need them (the run keeps them off, e2e/spam-rules.ts). */
async function setRules(rules: object) {
  const { page, context } = await newPage(browser);
  await loginByApi(page, 'admin', inject('adminPassword'));
  const res = await page.request.post('/api/admin/spam/settings/save', { data: rules });
  expect(res.ok(), await res.text()).toBe(true);
  await context.close();
}

const isFocused = (l: Locator) => l.evaluate((el) => el === (el.ownerDocument.activeElement as unknown));

/** Presses Tab until the element has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 80) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

it('signs up on a touch phone, passing the challenge in the background, and writes as a new member (360 px)', async () => {
  const m = uniqueMember();
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  // Every script and worker the page runs is the site's own: the CSP would refuse anything else.
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) refused.push(msg.text());
  });
  await page.goto('/user/join');
  await page.getByRole('heading', { level: 1, name: '회원 가입' }).waitFor();
  // The widget is on the form and solves by itself; once solved it is out of sight.
  const check = page.locator('.spam-proof');
  await check.waitFor({ state: 'attached' });
  await expect.poll(() => check.getAttribute('hidden'), { timeout: 30_000 }).not.toBeNull();

  await page.locator('#join-userId').tap();
  await page.locator('#join-userId').fill(m.userId);
  await page.locator('#join-password').tap();
  await page.locator('#join-password').fill(m.password);
  await page.locator('#join-rePassword').fill(m.password);
  await page.locator('#join-nickName').fill(m.nickName);
  await page.locator('#join-email').fill(m.email);
  await page.locator('#join-question').fill('처음 산 카메라는?');
  await page.locator('#join-answer').fill('FM2');
  await page.locator('label[for="join-agree"]').tap();
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessible(page);
  await page.getByRole('button', { name: '가입하기' }).tap();
  await page.waitForURL((u) => u.pathname === '/');
  await expect.poll(async () => (await sessionUser(page)).userId).toBe(m.userId);
  expect(refused).toEqual([]);
  await context.close();
}, 180_000);

it('a new member comments on a touch phone: the check runs in the background, a link is refused in Korean (360 px)', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) refused.push(msg.text());
  });
  await loginByApi(page, m.userId, m.password);
  // With the new-member rules on, the new member's comment is checked the same way.
  await setRules(RULES_ON);
  try {
    const { page: wp, context: wc } = await memberPage(browser);
    const saved = await wp.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject: `새 회원 환영 ${m.nickName}`, content: '<p>인사 남겨 주세요.</p>' } });
    // The writer is new too: without a solved challenge the call is refused.
    expect(saved.status()).toBe(400);
    expect((await saved.json()).message).toBe('자동 등록 방지 확인이 끝나지 않았습니다. 잠시 후 다시 시도해 주세요.');
    await wc.close();
    const old = await newPage(browser);
    await loginByApi(old.page, 'admin', inject('adminPassword'));
    const post = await old.page.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject: `새 회원 환영 ${m.nickName}`, content: '<p>인사 남겨 주세요.</p>' } });
    expect(post.ok()).toBe(true);
    const key = (await post.json()).key as number;
    await old.context.close();

    await page.goto(`/board/free/view/${key}`);
    const box = page.getByLabel('댓글 쓰기');
    await box.tap();
    await box.fill('광고 보러 오세요 https://spam.example');
    await page.getByRole('button', { name: '등록' }).tap();
    await waitForToast(page, '가입 초기에는 댓글에 링크나 이미지를 넣을 수 없습니다.');
    await box.fill('반갑습니다, 잘 부탁드립니다!');
    await page.getByRole('button', { name: '등록' }).tap();
    await page.locator('.comment', { hasText: '반갑습니다, 잘 부탁드립니다!' }).waitFor();
    expect(await auditTargets(page)).toEqual([]);
    expect(refused).toEqual([]);
  } finally {
    await setRules(RULES_OFF);
  }
  await context.close();
}, 180_000);

/** The administrator lets the member sell in the market (a new member's level does not). */
async function allowSelling(userId: string) {
  const { page, context } = await newPage(browser);
  await loginByApi(page, 'admin', inject('adminPassword'));
  const list = await page.request.post('/api/admin/user/list', { data: { page: 1, search: userId } });
  const userNo = ((await list.json()) as { items: Array<{ no: number; userId: string }> }).items.find((u) => u.userId === userId)!.no;
  const { user } = (await (await page.request.post('/api/admin/user/view', { data: { userNo } })).json()) as {
    user: { nickName: string; email: string; levelId: number | null; admin: boolean };
  };
  const saved = await page.request.post('/api/admin/user/save', {
    data: { userNo, nickName: user.nickName, email: user.email, levelId: user.levelId, admin: user.admin, canMarket: true },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await context.close();
}

it('a new member lists a market item on a touch phone: the check passes out of sight (360 px)', async () => {
  const m = await signUpByApi();
  await allowSelling(m.userId);
  const subject = `새 회원 첫 매물 ${Date.now().toString(36).slice(-5)}`;
  await setRules(RULES_ON);
  try {
    const { page, context } = await newPage(browser, PHONE, { touch: true });
    const refused: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) refused.push(msg.text());
    });
    await loginByApi(page, m.userId, m.password);
    // The member is new: a new item needs a solved challenge, as a post does.
    const ask = await page.request.post('/api/spam/challenge', { data: { purpose: 'post' } });
    expect(((await ask.json()) as { challenge: unknown }).challenge).not.toBeNull();

    await page.goto('/market/write');
    await page.locator('form.market-editor').waitFor();
    await page.locator('.rich-editor-content').waitFor();
    const check = page.locator('form.market-editor .spam-proof');
    await check.waitFor({ state: 'attached' });
    await page.getByLabel('제목').tap();
    await page.getByLabel('제목').fill(subject);
    await page.getByLabel('가격').fill('450000');
    await page.getByRole('radio', { name: /^A급 / }).check();
    await page.getByRole('radio', { name: '둘 다' }).check();
    await page.getByLabel('지역').selectOption('seoul');
    const photo = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#3a6ea5' } }).png().toBuffer();
    await page.locator('#market-photo-input').setInputFiles([{ name: 'lens.png', mimeType: 'image/png', buffer: photo }]);
    await expect.poll(() => page.locator('.photo-list li').count()).toBe(1);
    await page.locator('.rich-editor-content').tap();
    await page.keyboard.type('가입하고 처음 올리는 렌즈입니다. 상태 좋습니다.');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    expect(await auditTargets(page)).toEqual([]);
    // Out of sight all along (it shows itself only after a failure); the save waits for its answer.
    expect(await check.getAttribute('hidden')).not.toBeNull();
    await page.getByRole('button', { name: '저장' }).tap();
    await page.waitForURL(/\/market\/view\/\d+$/);
    await page.locator('#market-subject', { hasText: subject }).waitFor();
    expect(refused).toEqual([]);
    await context.close();
  } finally {
    await setRules(RULES_OFF);
  }
}, 180_000);

it('an administrator releases a held comment from the queue by keyboard alone (1280 px)', async () => {
  const tag = Date.now().toString(36).slice(-5);
  const spammer = await signUpByApi();
  const reporters = [await signUpByApi(), await signUpByApi(), await signUpByApi()];
  const { page: sp, context: sc } = await newPage(browser);
  await loginByApi(sp, spammer.userId, spammer.password);
  const saved = await sp.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject: `보류 시험 글 ${tag}`, content: '<p>첫 글입니다.</p>' } });
  expect(saved.ok()).toBe(true);
  const key = (await saved.json()).key as number;
  // Three different members report it: the writer is held for review (the run's setting).
  for (const r of reporters) {
    const { page, context } = await newPage(browser);
    await loginByApi(page, r.userId, r.password);
    expect((await page.request.post('/api/report/save', { data: { kind: 'post', key, reason: '광고 글입니다' } })).ok()).toBe(true);
    await context.close();
  }
  const held = `보류될 댓글 ${tag}`;
  expect((await sp.request.post('/api/comment/save', { data: { boardId: 'free', key, content: held } })).ok()).toBe(true);
  await sc.close();

  // Another member does not see it.
  const { page: rp, context: rc } = await newPage(browser);
  await loginByApi(rp, reporters[0]!.userId, reporters[0]!.password);
  await rp.goto(`/board/free/view/${key}`);
  await rp.getByText('관리자에 의해 가려진 내용입니다.').first().waitFor();
  expect(await rp.getByText(held).count()).toBe(0);

  const { page, context } = await newPage(browser, DESKTOP);
  await loginByApi(page, 'admin', inject('adminPassword'));
  await page.goto('/system/report/list');
  await page.getByRole('heading', { level: 1, name: '신고 관리' }).waitFor();
  const heldTab = page.getByRole('link', { name: '보류된 글' });
  await tabTo(page, heldTab);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.searchParams.get('view') === 'held');
  const row = page.locator('.admin-table tbody tr', { hasText: held });
  await row.waitFor();
  await expectAccessible(page);
  const release = row.getByRole('button', { name: `댓글 '보류 시험 글 ${tag}': 공개`, exact: true });
  await tabTo(page, release);
  await page.keyboard.press('Enter');
  const yes = page.locator('.p-confirm-dialog').getByRole('button', { name: '예' });
  await yes.waitFor();
  // The dialog starts on 아니요 (a release is asked for carefully): over to 예 by keyboard.
  for (let i = 0; i < 4 && !(await isFocused(yes)); i++) await page.keyboard.press('Tab');
  expect(await isFocused(yes)).toBe(true);
  await page.keyboard.press('Enter');
  await waitForToast(page, '보류를 풀었습니다. 이제 모두에게 보입니다.');
  await row.waitFor({ state: 'detached' });
  await expectAccessibleWithoutToasts(page);
  await context.close();

  // The member now reads it.
  await rp.reload();
  await rp.locator('.comment', { hasText: held }).waitFor();
  await rc.close();
}, 180_000);
