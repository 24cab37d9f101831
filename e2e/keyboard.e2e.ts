// A member without a mouse: the top menu as a WAI-ARIA menu bar, dialogs that start on their first
// field and give focus back, field errors that mark and focus the field, and a post, a comment, a
// letter and a quick reply written with the keyboard alone (decision 17).
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, launch, loginByApi, memberPage, newPage, PHONE, signUpByApi, waitForToast } from './browser.js';

// Browser globals used inside page.evaluate (this project type-checks without the DOM lib).
declare const document: { activeElement: { id: string; tagName: string; textContent: string | null } | null; body: unknown };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const isFocused = (l: Locator) => l.evaluate((el) => el === (el.ownerDocument.activeElement as unknown));

/** Presses Tab until the element has focus, as a keyboard member would (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 60) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Waits until the element has focus (focus often moves after a transition or a call). */
const expectFocus = (l: Locator) => expect.poll(() => isFocused(l), { timeout: 5_000 }).toBe(true);

/** The focused element is a real control, not the page body. */
const focusedTag = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? 'BODY' : (document.activeElement?.tagName ?? 'NONE')));

/** The field is marked: aria-invalid, its message under it through aria-describedby, and focus. */
async function expectMarked(page: Page, field: Locator, message: string) {
  await expectFocus(field);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ');
  const errorIds = ids.filter((x) => x.endsWith('-error'));
  expect(errorIds).toHaveLength(1);
  expect((await page.locator(`[id="${errorIds[0]}"]`).innerText()).trim()).toBe(message);
  await waitForToast(page, message);
}

/** My info from the home page's box by keyboard: the password prompt takes the typing, then the profile's first field. */
async function openMyInfo(page: Page, password: string) {
  const myInfo = page.locator('.home-aside').getByRole('button', { name: '내 정보' });
  await tabTo(page, myInfo);
  await page.keyboard.press('Enter');
  const dialog = page.locator('.my-info-dialog');
  await expectFocus(dialog.locator('#my-info-password'));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expectFocus(dialog.locator('#my-info-nickName'));
  return { myInfo, dialog };
}

it('the top menu opens from the keyboard: arrows, Enter/Space, Escape back to the heading, type-ahead to a board', async () => {
  const { page, context } = await newPage(browser, DESKTOP);
  await page.goto('/');
  const bar = page.getByRole('menubar');
  await bar.waitFor();
  const community = bar.getByRole('menuitem', { name: '커뮤니티' });
  const market = bar.getByRole('menuitem', { name: '장터' });
  // One tab stop for the whole bar.
  await tabTo(page, community);
  expect(await bar.locator('[tabindex="0"]').count()).toBe(1);
  expect(await community.getAttribute('aria-haspopup')).toBe('menu');
  expect(await community.getAttribute('aria-expanded')).toBe('false');

  await page.keyboard.press('ArrowRight');
  await expectFocus(market);
  expect(await market.getAttribute('tabindex')).toBe('0');
  await page.keyboard.press('ArrowLeft');
  await expectFocus(community);

  // Enter opens the group on its first item; Down and Up move inside it.
  await page.keyboard.press('Enter');
  expect(await community.getAttribute('aria-expanded')).toBe('true');
  const group = page.getByRole('menu', { name: '커뮤니티' });
  const items = group.getByRole('menuitem');
  await expectFocus(items.first());
  await page.keyboard.press('ArrowDown');
  await expectFocus(items.nth(1));
  await page.keyboard.press('ArrowUp');
  await expectFocus(items.first());
  await page.keyboard.press('ArrowUp'); // wraps to the last
  await expectFocus(items.last());
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/keyboard-menu-desktop.png' });

  // Escape closes and returns to the heading; Space opens again.
  await page.keyboard.press('Escape');
  await expectFocus(community);
  await group.waitFor({ state: 'hidden' });
  await page.keyboard.press(' ');
  await expectFocus(items.first());

  // Right from inside a group opens the next one; Left comes back.
  await page.keyboard.press('ArrowRight');
  await expectFocus(page.getByRole('menu', { name: '장터' }).getByRole('menuitem').first());
  expect(await community.getAttribute('aria-expanded')).toBe('false');
  await page.keyboard.press('ArrowLeft');
  await expectFocus(items.first());

  // Type-ahead: F finds the item wearing the F badge (자유게시판); Enter goes there.
  await page.keyboard.press('f');
  const free = group.getByRole('menuitem', { name: /자유게시판/ });
  await expectFocus(free);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/board/free/c0/list');
  await page.getByRole('heading', { level: 1, name: '자유게시판' }).waitFor();
  await expectFocus(page.locator('#main'));
  await group.waitFor({ state: 'hidden' });
  // The shortcut keys work again outside the bar.
  await page.keyboard.press('h');
  await page.waitForURL((u) => u.pathname === '/');
  await context.close();
});

it('login popup and my info by typing only: first focus on the first field, focus back to the opener', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, DESKTOP);
  await page.goto('/');
  await page.getByRole('menubar').waitFor();
  const opener = page.locator('.site-header').getByRole('button', { name: '로그인', exact: true });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const popup = page.locator('.login-popup');
  await expectFocus(popup.getByLabel('아이디'));
  await page.keyboard.type(m.userId);
  await page.keyboard.press('Tab');
  await page.keyboard.type(m.password);
  await page.keyboard.press('Enter');
  await page.locator('.site-header').getByText(m.nickName).waitFor();
  await popup.waitFor({ state: 'detached' });
  // The header's login button has gone: focus goes to the page, not the body.
  await expectFocus(page.locator('#main'));

  const { myInfo, dialog } = await openMyInfo(page, m.password);

  // A broken rule marks the field; editing clears the mark.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Enter');
  const nick = dialog.locator('#my-info-nickName');
  await expectMarked(page, nick, '닉네임은 필수 입력 항목입니다.');
  await page.keyboard.type(m.nickName);
  await expect.poll(() => nick.getAttribute('aria-invalid')).toBeNull();

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expectFocus(myInfo);

  // Password reset from the visitor's box: the first field takes the typing; closing returns.
  await page.request.post('/api/logout', { data: {} });
  await page.goto('/');
  const find = page.locator('.home-aside').getByRole('button', { name: '아이디/암호 찾기' });
  await tabTo(page, find);
  await page.keyboard.press('Enter');
  const reset = page.locator('.reset-dialog');
  await expectFocus(reset.getByLabel('아이디'));
  await page.keyboard.type(m.userId);
  await page.keyboard.press('Enter');
  await expectMarked(page, reset.getByLabel('이메일'), '이메일은 필수 입력 항목입니다.');
  await page.keyboard.press('Escape');
  await reset.waitFor({ state: 'detached' });
  await expectFocus(find);
  await context.close();
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['360', PHONE],
] as const) {
  it(`sign-up at ${name}: a failed rule marks and focuses the field as well as the toast`, async () => {
    const { page, context } = await newPage(browser, viewport);
    await page.goto('/user/join');
    const userId = page.locator('#join-userId');
    await tabTo(page, userId);
    await page.keyboard.type(`kb_${Date.now().toString(36).slice(-6)}`);
    await tabTo(page, page.locator('#join-password'));
    await page.keyboard.type('Camera-pass-1');
    await tabTo(page, page.locator('#join-rePassword'));
    await page.keyboard.type('Camera-pass-1');
    await page.keyboard.press('Enter');
    const nick = page.locator('#join-nickName');
    await expectMarked(page, nick, '닉네임은 필수 입력 항목입니다.');
    // Scrolled into view, not hidden under the bottom of the screen.
    const box = await nick.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    await page.screenshot({ path: `/tmp/keyboard-field-error-${name}.png` });
    await expectAccessible(page);
    await page.keyboard.type('키보드');
    await expect.poll(() => nick.getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#join-nickName-error').count()).toBe(0);
    await context.close();
  });
}

it('inline login lands on the welcome line; the withdrawal dialog opens on its password, marks it empty and gives focus back', async () => {
  const m = await signUpByApi();
  const { page, context } = await newPage(browser, DESKTOP);
  await page.goto('/');
  const box = page.locator('.home-aside .inline-login');
  await tabTo(page, box.getByLabel('아이디'));
  await page.keyboard.type(m.userId);
  await page.keyboard.press('Tab');
  await page.keyboard.type(m.password);
  await page.keyboard.press('Enter');
  // The form is gone after the login: the welcome line takes focus, not the page body.
  await expectFocus(page.locator('.home-aside .inline-login .welcome'));

  const { dialog } = await openMyInfo(page, m.password);
  const withdraw = dialog.getByRole('button', { name: '회원 탈퇴' });
  await tabTo(page, withdraw);
  await page.keyboard.press('Enter');
  const password = page.locator('#withdrawal-password');
  await expectFocus(password);
  // Nothing typed: the field is marked and keeps focus; nothing is deleted.
  await page.keyboard.press('Enter');
  await expectMarked(page, password, '암호를 입력해 주세요.');
  await page.keyboard.press('Escape');
  await password.waitFor({ state: 'detached' });
  await expectFocus(withdraw);
  expect(await focusedTag(page)).not.toBe('BODY');
  await context.close();
});

it('a post and a comment without a mouse: empty subject and body are marked and focused in turn', async () => {
  const { page, context, user: m } = await memberPage(browser, DESKTOP);
  await page.goto('/board/free/c0/list');
  await tabTo(page, page.getByRole('link', { name: '글쓰기' }).first());
  await page.keyboard.press('Enter');
  await page.waitForURL('**/board/free/write');
  const subject = page.locator('#post-subject');
  await tabTo(page, subject);
  await page.keyboard.press('Enter');
  await expectMarked(page, subject, '제목은 필수 입력 항목입니다.');
  const title = `키보드로 쓴 글 ${Date.now().toString(36).slice(-4)}`;
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  // The rich editor counts as a field.
  const body = page.locator('#post-content');
  await expectMarked(page, body, '내용은 필수 입력 항목입니다.');
  expect(await subject.getAttribute('aria-invalid')).toBeNull();
  await page.keyboard.type('마우스 없이 썼습니다.');
  await expect.poll(() => body.getAttribute('aria-invalid')).toBeNull();
  await tabTo(page, page.getByRole('button', { name: '저장' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/board\/free\/view\/\d+$/);
  await page.getByRole('heading', { name: title }).waitFor();

  // The comment box: Ctrl+Enter with nothing marks it; then the comment goes in.
  const comment = page.getByLabel('댓글 쓰기');
  await tabTo(page, comment, 80);
  await page.keyboard.press('Control+Enter');
  await expectMarked(page, comment, '댓글 내용을 입력해 주세요.');
  await page.keyboard.type('키보드 댓글입니다.');
  await page.keyboard.press('Control+Enter');
  await waitForToast(page, '댓글을 등록했습니다.');
  await page.locator('.comment-body', { hasText: '키보드 댓글입니다.' }).waitFor();

  // A reply box closed with Escape gives focus back to its 답글 button.
  const replyButton = page.locator('.comment', { hasText: '키보드 댓글입니다.' }).getByRole('button', { name: '답글' });
  await tabTo(page, replyButton, 80);
  await page.keyboard.press('Enter');
  await expectFocus(page.getByLabel(`${m.nickName}님에게 답글 쓰기`));
  await page.keyboard.press('Escape');
  await expectFocus(replyButton);
  await context.close();
});

it('a letter and a quick reply without a mouse; Escape in the reply box keeps the drawer open', async () => {
  const a = await signUpByApi();
  const b = await signUpByApi();
  const subject = `키보드 쪽지 ${Date.now().toString(36).slice(-4)}`;
  const { page: pa, context: ca } = await newPage(browser, DESKTOP);
  await loginByApi(pa, a.userId, a.password);
  await pa.goto('/letter/send');
  const compose = pa.getByRole('button', { name: '쪽지 쓰기' });
  await tabTo(pa, compose);
  await pa.keyboard.press('Enter');
  const dialog = pa.locator('.compose-dialog');
  const to = dialog.getByLabel('받는 사람');
  await expectFocus(to);
  await pa.keyboard.press('Enter');
  await expectMarked(pa, to, '받는 사람은 필수 입력 항목입니다.');
  await pa.keyboard.type(b.userId);
  await tabTo(pa, dialog.getByLabel('제목'));
  await pa.keyboard.type(subject);
  await pa.keyboard.press('Tab');
  await expectFocus(dialog.getByLabel('내용'));
  await pa.keyboard.type('키보드만으로 보냅니다.');
  await tabTo(pa, dialog.getByRole('button', { name: '보내기' }));
  await pa.keyboard.press('Enter');
  const ask = pa.locator('.p-confirm-dialog', { hasText: '보낼까요?' });
  await expectFocus(ask.getByRole('button', { name: '예' }));
  await pa.keyboard.press('Enter');
  await waitForToast(pa, '쪽지를 보냈습니다.');
  await dialog.waitFor({ state: 'detached' });
  await expectFocus(compose);
  await pa.locator('.letter-table tbody tr', { hasText: subject }).waitFor();
  await ca.close();

  // B: the mail indicator opens the drawer; the reply box opens, Escape closes only the box.
  const { page: pb, context: cb } = await newPage(browser, DESKTOP);
  await loginByApi(pb, b.userId, b.password);
  await pb.goto('/');
  const mail = pb.locator('.site-header').getByRole('button', { name: '신규 쪽지 1통' });
  await tabTo(pb, mail);
  await pb.keyboard.press('Enter');
  const drawer = pb.locator('.letters-drawer');
  const replyButton = drawer.getByRole('button', { name: `${subject} 쪽지에 답장` });
  await tabTo(pb, replyButton);
  await pb.keyboard.press('Enter');
  const box = drawer.getByLabel('답장 내용');
  await expectFocus(box);
  await pb.keyboard.press('Escape');
  await expectFocus(replyButton);
  await box.waitFor({ state: 'detached' });
  expect(await drawer.isVisible()).toBe(true);

  await pb.keyboard.press('Enter');
  await expectFocus(box);
  await tabTo(pb, drawer.getByRole('button', { name: '보내기' }));
  await pb.keyboard.press('Enter');
  await expectMarked(pb, box, '내용이 없습니다');
  await pb.keyboard.type('좋아요, 토요일에 봬요.');
  await tabTo(pb, drawer.getByRole('button', { name: '보내기' }));
  await pb.keyboard.press('Enter');
  const askB = pb.locator('.p-confirm-dialog', { hasText: '보낼까요?' });
  await expectFocus(askB.getByRole('button', { name: '예' }));
  await pb.keyboard.press('Enter');
  await waitForToast(pb, '답장을 보냈습니다.');
  // The answered letter leaves the list: focus moves to the inbox button, not the page body.
  await expectFocus(drawer.getByRole('button', { name: '편지함 이동' }));
  await pb.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  expect(await focusedTag(pb)).not.toBe('BODY');
  await cb.close();
});
