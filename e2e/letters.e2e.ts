// Letters and alarms end to end: two members write, see the indicator, answer from the drawer,
// delete their own copies; a comment's alarm leads to the post; failed logins from elsewhere
// make one alarm about the account. On a desktop and at 360 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseURL, expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const accept = (page: Page, message: string) => page.locator('.p-confirm-dialog', { hasText: message }).getByRole('button', { name: '예' }).click();

/** Sends a letter through the call, as the page's member. */
async function sendByApi(page: Page, receiver: string, subject: string, content: string) {
  const res = await page.request.post('/api/letter/send/save', { data: { receiver, subject, content } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { letterKey: number }).letterKey;
}

it('A writes to B with the picker; B answers from the drawer; A reads the reply; B deletes, A keeps the copy', async () => {
  const a = await signUpByApi();
  const b = await signUpByApi();
  const tag = Date.now().toString(36).slice(-4);
  const subject = `주말 출사 같이 가요 ${tag}`;

  const { page: pa, context: ca } = await newPage(browser);
  await loginByApi(pa, a.userId, a.password);
  await pa.goto('/letter/send');
  await pa.getByRole('heading', { name: '보낸 쪽지함' }).waitFor();
  await pa.getByText('보낸 쪽지가 없습니다.').waitFor();

  // Compose: a rule broken first, then the picker finds B by the start of the nickname.
  await pa.getByRole('button', { name: '쪽지 쓰기' }).click();
  const dialog = pa.locator('.compose-dialog');
  await dialog.getByRole('button', { name: '보내기' }).click();
  await waitForToast(pa, '받는 사람은 필수 입력 항목입니다.');
  await dialog.getByLabel('받는 사람').pressSequentially(b.nickName.slice(0, 5), { delay: 30 });
  const option = pa.locator('.compose-suggest-panel').getByText(b.nickName);
  await option.waitFor();
  await pa.waitForTimeout(300); // the panel's fade-in
  await shot(pa, 'letters-compose-picker');
  await option.click();
  expect(await dialog.getByLabel('받는 사람').inputValue()).toBe(b.nickName);
  await dialog.getByLabel('제목').fill(subject);
  await dialog.getByLabel('내용').fill('토요일 아침 6시에\n두물머리에서 만나요.');
  await dialog.getByText(/^\d+ \/ 5,000자$/).waitFor();
  await dialog.getByRole('button', { name: '보내기' }).click();
  await accept(pa, '보낼까요?');
  await waitForToast(pa, '쪽지를 보냈습니다.');
  const sentRow = pa.locator('.letter-table tbody tr', { hasText: subject });
  await sentRow.waitFor();
  expect(await sentRow.innerText()).toContain('읽지 않음');
  expect(await sentRow.innerText()).toContain(b.nickName);

  // B: the mail icon, the drawer, an empty reply refused, then a two-line reply.
  const { page: pb, context: cb } = await newPage(browser);
  await loginByApi(pb, b.userId, b.password);
  await pb.goto('/');
  const mail = pb.locator('.site-header').getByRole('button', { name: '신규 쪽지 1통' });
  await mail.waitFor();
  expect(await pb.locator('.site-header').getByRole('button', { name: /신규 알람/ }).count()).toBe(0);
  await shot(pb, 'letters-header-indicator');
  await mail.click();
  const drawer = pb.locator('.letters-drawer');
  await drawer.getByRole('heading', { name: '신규 쪽지' }).waitFor();
  const item = drawer.locator('.unread-letter', { hasText: subject });
  await item.waitFor();
  expect(await item.innerText()).toContain(a.nickName);
  expect(await item.locator('.unread-letter-content').innerHTML()).toContain('토요일 아침 6시에<br>두물머리에서 만나요.');
  await expectAccessibleWithoutToasts(pb);
  await shot(pb, 'letters-drawer');
  await item.getByRole('button', { name: `${subject} 쪽지에 답장` }).click();
  const box = item.getByLabel('답장 내용');
  expect(await box.getAttribute('rows')).toBe('3');
  await item.getByRole('button', { name: '보내기' }).click();
  await waitForToast(pb, '내용이 없습니다');
  await box.fill('좋아요!\n삼각대 챙겨 갈게요.');
  await shot(pb, 'letters-drawer-reply');
  await item.getByRole('button', { name: '보내기' }).click();
  await accept(pb, '보낼까요?');
  await waitForToast(pb, '답장을 보냈습니다.');
  // The answered letter is read: the list, loaded again, is empty.
  await drawer.getByText('신규 쪽지가 없습니다').waitFor();
  await pb.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });

  // A: the reply in the inbox (after a route change the mail icon shows), and the sent box knows it was read.
  await pa.getByRole('link', { name: '받은 쪽지함' }).click();
  await pa.locator('.site-header').getByRole('button', { name: '신규 쪽지 1통' }).waitFor();
  const replyRow = pa.locator('.letter-table tbody tr', { hasText: `RE: ${subject}` });
  await replyRow.waitFor();
  expect(await replyRow.getAttribute('class')).toContain('is-unread');
  expect(await replyRow.innerText()).toContain(b.nickName);
  await expectAccessibleWithoutToasts(pa);
  await shot(pa, 'letters-inbox');
  await replyRow.getByRole('button', { name: `RE: ${subject} 쪽지 열기` }).click();
  const view = pa.locator('.letter-dialog');
  await view.locator('.letter-content').getByText('삼각대 챙겨 갈게요.').waitFor();
  expect(await view.locator('.letter-content').innerHTML()).toContain('좋아요!<br>삼각대 챙겨 갈게요.');
  // Opened is read: the row and the mail icon follow.
  await pa.locator('.site-header').getByRole('button', { name: /신규 쪽지/ }).waitFor({ state: 'detached' });
  await replyRow.locator('.letter-state.read').waitFor();
  await expectAccessibleWithoutToasts(pa);
  await shot(pa, 'letters-open');
  await view.getByRole('button', { name: '닫기' }).first().click();
  await view.waitFor({ state: 'hidden' });
  await pa.getByRole('link', { name: '보낸 쪽지함' }).click();
  const readRow = pa.locator('.letter-table tbody tr', { hasText: subject }).first();
  await readRow.locator('.col-read time').waitFor();
  expect(await readRow.locator('.letter-state').innerText()).toContain('읽음');
  await shot(pa, 'letters-sent');

  // B deletes the letter from the inbox; A's sent copy stays.
  await pb.goto('/letter/receive');
  const bRow = pb.locator('.letter-table tbody tr', { hasText: subject });
  await bRow.waitFor();
  await bRow.getByRole('button', { name: `${subject} 쪽지 삭제` }).click();
  await accept(pb, '삭제할까요?');
  await waitForToast(pb, '쪽지를 삭제했습니다.');
  await pb.getByText('받은 쪽지가 없습니다.').waitFor();
  await pa.reload();
  await pa.locator('.letter-table tbody tr', { hasText: subject }).waitFor();
  await ca.close();
  await cb.close();
});

it('a comment on a post rings the bell; the alarm leads to the post and is read there', async () => {
  const writer = await signUpByApi();
  const reader = await signUpByApi();
  const tag = Date.now().toString(36).slice(-4);
  const subject = `새로 산 렌즈 ${tag}`;

  const { page: pw, context: cw } = await newPage(browser);
  const { page: pr, context: cr } = await newPage(browser);
  await loginByApi(pw, writer.userId, writer.password);
  await loginByApi(pr, reader.userId, reader.password);
  const saved = await pw.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject, content: '<p>50mm 단렌즈입니다.</p>' } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const key = ((await saved.json()) as { key: number }).key;
  const comment = await pr.request.post('/api/comment/save', { data: { boardId: 'free', key, content: '축하드려요! 작례 기대할게요' } });
  expect(comment.ok(), await comment.text()).toBe(true);

  await pw.goto('/');
  const bell = pw.locator('.site-header').getByRole('button', { name: '신규 알람 1개' });
  await bell.waitFor();
  await bell.click();
  const drawer = pw.locator('.alarms-drawer');
  await drawer.getByRole('heading', { name: '신규 알람' }).waitFor();
  const alarm = drawer.getByRole('link', { name: new RegExp(`${reader.nickName}님이 댓글을 남겼습니다`) });
  await alarm.waitFor();
  // It says which post: the subject is part of the alarm.
  expect(await alarm.locator('.alarm-subject').textContent()).toBe(subject);
  await drawer.getByRole('button', { name: '모두 지우기' }).waitFor();
  await expectAccessibleWithoutToasts(pw);
  await shot(pw, 'alarms-drawer');
  await alarm.click();
  await pw.waitForURL(`**/board/free/view/${key}`);
  await pw.getByRole('heading', { name: subject }).waitFor();
  await drawer.waitFor({ state: 'hidden' });
  // Read: the bell goes after the next check.
  await pw.goto('/');
  await pw.locator('.site-header').getByRole('link', { name: '내 공간으로 가기' }).waitFor();
  await pw.waitForTimeout(500);
  expect(await pw.locator('.site-header').getByRole('button', { name: /신규 알람/ }).count()).toBe(0);

  // 모두 지우기 empties the drawer.
  await pr.request.post('/api/comment/save', { data: { boardId: 'free', key, content: '하나 더' } });
  await pw.reload();
  await pw.locator('.site-header').getByRole('button', { name: '신규 알람 1개' }).click();
  await drawer.getByRole('button', { name: '모두 지우기' }).click();
  await drawer.getByText('신규 알람이 없습니다').waitFor();
  await cw.close();
  await cr.close();
});

it('failed logins from elsewhere ring the bell once; the alarm says so and is read when pressed', async () => {
  const { page, context, user: m } = await memberPage(browser);
  // Someone else, without this browser's cookies, tries two wrong passwords.
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${baseURL()}/api/login/do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ userId: m.userId, password: `wrong-password-${i}` }).toString(),
    });
    expect(res.status).toBe(401);
  }
  await page.goto('/');
  await page.locator('.site-header').getByRole('button', { name: '신규 알람 1개' }).click();
  const drawer = page.locator('.alarms-drawer');
  const alarm = drawer.getByRole('button', { name: /다른 곳에서 로그인 실패가 2회 있었습니다/ });
  await alarm.waitFor();
  expect(await alarm.locator('.alarm-meta').textContent()).toMatch(/^계정 보안 · /);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'alarms-drawer-account');
  await alarm.click();
  await drawer.getByText('신규 알람이 없습니다').waitFor();
  await context.close();
});

it('on a touch phone: the indicator, the drawer, marking read, the inbox (a row opens where tapped) and blocking a sender', async () => {
  const a = await signUpByApi();
  const b = await signUpByApi();
  const { page: pa, context: ca } = await newPage(browser, PHONE);
  await loginByApi(pa, a.userId, a.password);
  const first = await sendByApi(pa, b.userId, '카메라 가방 추천해 주세요', '가볍고 튼튼한 걸로요.\n예산은 10만 원입니다.');
  await sendByApi(pa, b.nickName, '렌즈 후드 빌려주실 수 있나요?', '다음 주에 돌려드릴게요.');
  expect(first).toBeGreaterThan(0);

  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, b.userId, b.password);
  await page.goto('/');
  const mail = page.locator('.site-header').getByRole('button', { name: '신규 쪽지 2통' });
  await mail.waitFor();
  await shot(page, 'letters-phone-header');
  await mail.click();
  const drawer = page.locator('.letters-drawer');
  const item = drawer.locator('.unread-letter', { hasText: '카메라 가방 추천해 주세요' });
  await item.waitFor();
  await expectAccessibleWithoutToasts(page);
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'letters-phone-drawer');
  await item.getByRole('button', { name: '카메라 가방 추천해 주세요 쪽지 읽음으로 표시' }).click();
  await item.waitFor({ state: 'detached' });
  expect(await drawer.locator('.unread-letter').count()).toBe(1);
  // 편지함 이동: the inbox, as cards.
  await drawer.getByRole('button', { name: '편지함 이동' }).click();
  await page.waitForURL('**/letter/receive');
  await drawer.waitFor({ state: 'hidden' });
  const row = page.locator('.letter-table tbody tr', { hasText: '카메라 가방 추천해 주세요' });
  await row.waitFor();
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'letters-phone-inbox');
  const width = await page.evaluate('document.documentElement.scrollWidth');
  expect(width).toBeLessThanOrEqual(360);
  expect(await auditTargets(page)).toEqual([]);

  // Open it with a tap on the row's empty corner and block the sender from the letter.
  const box = (await row.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width - 6, box.y + box.height - 6);
  const view = page.locator('.letter-dialog');
  await view.getByText('예산은 10만 원입니다.').waitFor();
  await page.waitForTimeout(300); // the dialog's fade-in
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'letters-phone-open');
  await view.getByRole('button', { name: '차단', exact: true }).click();
  await accept(page, '쪽지와 알림을 더 받지 않고');
  await waitForToast(page, '이제 이 회원의 쪽지와 알림을 받지 않습니다.');
  await view.getByText('차단한 회원입니다.').waitFor();
  await view.getByRole('button', { name: '차단 해제' }).waitFor();
  // Blocking is ignoring (decision 46): silent, the sender's letter is taken and never arrives.
  const arrival = async () => (await (await page.request.post('/api/letter/arrival', { data: {} })).json()) as number;
  const before = await arrival();
  const silenced = await pa.request.post('/api/letter/send/save', { data: { receiver: b.userId, subject: '또 보내요', content: '내용' } });
  expect(silenced.status()).toBe(200);
  expect(await arrival()).toBe(before);
  const inbox = (await (await page.request.post('/api/letter/receive/list', { data: {} })).json()) as { items: { subject: string }[] };
  expect(inbox.items.map((l) => l.subject)).not.toContain('또 보내요');
  await ca.close();
  await context.close();
});
