// Polls: on a touch phone at 360 px a member writes a post with a named poll and another member
// votes by tapping an option's words and sees the results as bars (read as "23표, 41%") and who
// chose; on a desktop by keyboard alone, the poll editor's options are moved and a vote is cast
// and changed.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseURL, cookieOf, expectAccessibleWithoutToasts, launch, loginByApi, newPage, PHONE, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const isFocused = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement);

it('on a touch phone: a post with a named poll is written; another member votes with a tap and sees the results', async () => {
  const [writer, reader] = await Promise.all([signUpByApi(), signUpByApi()]);
  const subject = `출사지 투표 ${Date.now().toString(36).slice(-4)}`;
  const w = await newPage(browser, PHONE, { touch: true });
  await loginByApi(w.page, writer.userId, writer.password);
  await w.page.goto('/board/free/write');
  const editor = w.page.locator('.ProseMirror');
  await editor.waitFor();
  await w.page.getByLabel('제목').fill(subject);
  await editor.tap();
  await w.page.keyboard.type('이번 달 출사지를 골라 주세요.');
  await w.page.getByRole('button', { name: '투표 추가' }).tap();
  await w.page.getByLabel('투표 질문').fill('어디로 갈까요?');
  await w.page.getByLabel('선택지 1', { exact: true }).fill('북한산');
  await w.page.getByLabel('선택지 2', { exact: true }).fill('남산');
  await w.page.getByRole('button', { name: '선택지 추가' }).tap();
  await w.page.getByLabel('선택지 3', { exact: true }).fill('한강');
  await w.page.getByLabel(/무기명 투표/).tap();
  expect(await w.page.getByLabel(/무기명 투표/).isChecked()).toBe(false);
  expect(await auditTargets(w.page)).toEqual([]);
  await shot(w.page, 'polls-editor-phone');
  await w.page.getByRole('button', { name: '저장' }).tap();
  await w.page.waitForURL(/\/board\/free\/view\/\d+$/);
  const key = Number(new URL(w.page.url()).pathname.split('/').pop());
  await w.page.getByRole('heading', { name: '어디로 갈까요?' }).waitFor();
  await w.context.close();

  const r = await newPage(browser, PHONE, { touch: true });
  await loginByApi(r.page, reader.userId, reader.password);
  // The list marks the post.
  await r.page.goto('/board/free/c0/list');
  await r.page.locator('.post-poll-mark').first().waitFor();
  await r.page.goto(`/board/free/view/${key}`);
  const card = r.page.locator('.poll-card');
  await card.getByText('하나만 고르세요').waitFor();
  expect(await auditTargets(r.page)).toEqual([]);
  // The option's words are its target.
  await card.locator('.poll-choice', { hasText: '남산' }).locator('span').tap();
  expect(await card.getByRole('radio', { name: '남산' }).isChecked()).toBe(true);
  await card.getByRole('button', { name: '투표하기' }).tap();
  await waitForToast(r.page, '투표했습니다.');
  await card.getByRole('img', { name: '남산: 1표, 100%, 내가 고름' }).waitFor();
  await card.getByRole('img', { name: '북한산: 0표, 0%' }).waitFor();
  await card.getByText('1명 참여').waitFor();
  // A named poll: who chose 남산.
  await card.getByRole('button', { name: '남산을 고른 회원 보기' }).tap();
  await card.locator('.poll-voter-list').getByText(reader.nickName).waitFor();
  expect(await auditTargets(r.page)).toEqual([]);
  await shot(r.page, 'polls-results-phone');
  await r.context.close();
});

it('on a desktop by keyboard: options are moved in the editor; a vote is cast and changed', async () => {
  const [writer, voter] = await Promise.all([signUpByApi(), signUpByApi()]);
  const w = await newPage(browser);
  await loginByApi(w.page, writer.userId, writer.password);
  await w.page.goto('/board/free/write');
  await w.page.locator('.ProseMirror').waitFor();
  const add = w.page.getByRole('button', { name: '투표 추가' });
  await add.focus();
  await w.page.keyboard.press('Enter');
  await w.page.getByLabel('투표 질문').waitFor();
  await w.page.getByLabel('선택지 1', { exact: true }).fill('가');
  await w.page.getByLabel('선택지 2', { exact: true }).fill('나');
  // 선택지 2 위로, by Enter: the order changes and the focus stays with the moved option.
  await w.page.getByRole('button', { name: '선택지 2 위로' }).focus();
  await w.page.keyboard.press('Enter');
  expect(await w.page.getByLabel('선택지 1', { exact: true }).inputValue()).toBe('나');
  expect(await w.page.getByLabel('선택지 2', { exact: true }).inputValue()).toBe('가');
  expect(await isFocused(w.page, '.poll-option-inputs li:first-child input')).toBe(true);
  await expectAccessibleWithoutToasts(w.page);
  await w.context.close();

  // A multiple-choice poll whose votes may change, written through the call.
  const cookie = await cookieOf(writer);
  const endsAt = new Date(Date.now() + 86_400_000).toISOString();
  const res = await fetch(`${baseURL()}/api/board/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      boardId: 'free',
      category: 'c1',
      subject: '렌즈 투표',
      content: '<p>다음 모임 렌즈</p>',
      poll: { question: '써 보고 싶은 렌즈는?', options: ['35mm', '50mm', '85mm'], multiple: true, maxChoices: 2, endsAt, changeable: true },
    }),
  });
  expect(res.status).toBe(200);
  const { key } = (await res.json()) as { key: number };

  const v = await newPage(browser);
  await loginByApi(v.page, voter.userId, voter.password);
  await v.page.goto(`/board/free/view/${key}`);
  const card = v.page.locator('.poll-card');
  await card.getByText('최대 2개까지 고르세요').waitFor();
  await card.getByRole('checkbox', { name: '35mm' }).focus();
  await v.page.keyboard.press('Space');
  await v.page.keyboard.press('Tab');
  await v.page.keyboard.press('Tab');
  await v.page.keyboard.press('Space');
  expect(await card.getByRole('checkbox', { name: '85mm' }).isChecked()).toBe(true);
  await v.page.keyboard.press('Tab');
  expect(await isFocused(v.page, '.poll-card button[type="submit"]')).toBe(true);
  await v.page.keyboard.press('Enter');
  await card.getByRole('img', { name: '35mm: 1표, 100%, 내가 고름' }).waitFor();
  await card.getByRole('img', { name: '85mm: 1표, 100%, 내가 고름' }).waitFor();
  await expectAccessibleWithoutToasts(v.page);
  await shot(v.page, 'polls-results-desktop');

  // 투표 변경: the choices come back checked; 85mm taken off, 50mm on.
  await card.getByRole('button', { name: '투표 변경' }).focus();
  await v.page.keyboard.press('Enter');
  await card.getByRole('checkbox', { name: '85mm' }).focus();
  await v.page.keyboard.press('Space');
  await card.getByRole('checkbox', { name: '50mm' }).focus();
  await v.page.keyboard.press('Space');
  await card.getByRole('button', { name: '투표하기' }).focus();
  await v.page.keyboard.press('Enter');
  await card.getByRole('img', { name: '50mm: 1표, 100%, 내가 고름' }).waitFor();
  await card.getByRole('img', { name: '85mm: 0표, 0%' }).waitFor();
  await v.context.close();
});
