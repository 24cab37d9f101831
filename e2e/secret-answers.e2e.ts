// 비밀글 and 답글 (decision 39): on a touch phone at 360 px a member writes a secret question,
// another member sees the locked row and is refused, the administrator answers it, and the asker
// finds the answer under the question; at 1280 px by keyboard the asker writes one and opens its
// answer from the board list.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
const boardId = `qna${Date.now().toString(36).slice(-5)}`;
const subject = `렌즈 교환 문의 ${boardId.slice(-3)}`;
let asker: Awaited<ReturnType<typeof signUpByApi>>;

beforeAll(async () => {
  browser = await launch();
  asker = await signUpByApi();
  // A question board: the writer chooses 비밀글, answers on.
  const { page, context } = await newPage(browser);
  await loginByApi(page, 'admin', inject('adminPassword'));
  const res = await page.request.post('/api/admin/board/save', {
    data: {
      id: boardId,
      name: `질문 ${boardId.slice(-3)}`,
      readLevel: 0,
      writeLevel: 1,
      commentLevel: 1,
      pointsPost: null,
      pointsComment: null,
      secretPosts: 'allowed',
      answers: true,
      categories: [{ name: '일반' }],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await context.close();
});
afterAll(() => browser.close());

const writeBody = async (page: Page, text: string, touch: boolean) => {
  const editor = page.locator('.ProseMirror');
  await editor.waitFor();
  if (touch) await editor.tap();
  else await editor.focus();
  await page.keyboard.type(text);
};

it('on a touch phone: a secret question, locked for another member, answered by the administrator, read by the asker', async () => {
  const a = await newPage(browser, PHONE, { touch: true });
  await loginByApi(a.page, asker.userId, asker.password);
  await a.page.goto(`/board/${boardId}/write`);
  await a.page.getByLabel('제목').fill(subject);
  await writeBody(a.page, '택배로 보내도 되나요?', true);
  const secret = a.page.getByRole('checkbox', { name: '비밀글' });
  // The words beside the box are its target too.
  await a.page.locator('label[for="post-secret"]').tap();
  expect(await secret.isChecked()).toBe(true);
  expect(await auditTargets(a.page)).toEqual([]);
  await shot(a.page, 'secret-write-360');
  await a.page.getByRole('button', { name: '저장' }).tap();
  await waitForToast(a.page, '저장했습니다.');
  await a.page.waitForURL(/\/view\/\d+$/);
  const questionPath = new URL(a.page.url()).pathname;
  await a.page.getByRole('heading', { name: subject }).waitFor();

  // Another member: a locked row without the subject, and a refusal instead of the text.
  const o = await memberPage(browser, PHONE, { touch: true });
  await o.page.goto(`/board/${boardId}/c0/list`);
  const row = o.page.locator('.post-card', { hasText: '비밀글입니다' });
  await row.waitFor();
  expect(await row.getByRole('img', { name: '비밀글' }).count()).toBe(1);
  expect(await o.page.getByText(subject).count()).toBe(0);
  expect(await auditTargets(o.page)).toEqual([]);
  await row.locator('.post-subject').tap();
  await o.page.getByText('비밀글입니다. 글쓴이와 관리자만 읽을 수 있습니다.').waitFor();
  expect(await o.page.getByText('택배로 보내도').count()).toBe(0);
  await o.context.close();

  // The administrator answers from the question: the form starts with "Re:" and says it is secret.
  const ad = await newPage(browser, PHONE, { touch: true });
  await loginByApi(ad.page, 'admin', inject('adminPassword'));
  await ad.page.goto(questionPath);
  await ad.page.getByRole('link', { name: '답글' }).tap();
  await ad.page.getByText('비밀글에 다는 답글이라 비밀글로 올라갑니다.').waitFor();
  expect(await ad.page.getByLabel('제목').inputValue()).toBe(`Re: ${subject}`);
  expect(await auditTargets(ad.page)).toEqual([]);
  await writeBody(ad.page, '네, 매장으로 보내 주세요.', true);
  await ad.page.getByRole('button', { name: '저장' }).tap();
  await waitForToast(ad.page, '저장했습니다.');
  await ad.page.getByText('원글:').waitFor();
  await ad.context.close();

  // The asker finds the answer under the question and opens it.
  await a.page.goto(questionPath);
  const answers = a.page.locator('.post-answers');
  await answers.getByRole('link', { name: `Re: ${subject}` }).waitFor();
  expect(await auditTargets(a.page)).toEqual([]);
  await shot(a.page, 'secret-answer-under-question-360');
  await answers.getByRole('link', { name: `Re: ${subject}` }).tap();
  await a.page.getByText('네, 매장으로 보내 주세요.').waitFor();
  await a.context.close();
});


/** The target audit at a desktop width: 24 px targets and the page's edges (the 44 px rule is a thumb's). */
const desktopTargets = async (page: Page) => (await auditTargets(page)).filter((f) => f.kind !== 'primary');

/** Presses Tab until the element is focused (a keyboard user's way to it); fails after `most` presses. */
async function tabTo(page: Page, selector: string, most = 80) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await page.locator(selector).evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement)) return;
  }
  throw new Error(`${selector} not reached by ${most} Tab presses`);
}

it('by keyboard at 1280 px: the asker writes a secret question and opens its secret answer from the board list', async () => {
  const deskSubject = `삼각대 수리 문의 ${boardId.slice(-3)}`;
  const a = await memberPage(browser);
  await a.page.goto(`/board/${boardId}/write`);
  await a.page.getByLabel('제목').focus();
  await a.page.keyboard.type(deskSubject);
  await writeBody(a.page, '다리 하나가 헐거워요.', false);
  const secret = a.page.getByRole('checkbox', { name: '비밀글' });
  await secret.focus();
  await a.page.keyboard.press('Space');
  expect(await secret.isChecked()).toBe(true);
  await a.page.getByRole('button', { name: '저장' }).focus();
  await a.page.keyboard.press('Enter');
  await waitForToast(a.page, '저장했습니다.');
  await a.page.waitForURL(/\/view\/\d+$/);
  const questionKey = Number(new URL(a.page.url()).pathname.split('/').pop());

  // The administrator answers through the save call (the phone flow above answers through the form).
  const ad = await newPage(browser);
  await loginByApi(ad.page, 'admin', inject('adminPassword'));
  const saved = await ad.page.request.post('/api/board/save', {
    data: { boardId, category: 'c1', subject: `Re: ${deskSubject}`, content: '<p>수리 센터로 보내 드릴게요.</p>', answerTo: questionKey },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const answerKey = ((await saved.json()) as { key: number }).key;
  await ad.context.close();

  // The board list: the question and, under it, its answer, both locked rows; the answer is
  // reached with Tab and opened with Enter.
  await a.page.goto(`/board/${boardId}/c0/list`);
  const answerLink = `a.post-subject[href$="/view/${answerKey}"]`;
  const row = a.page.locator('tr', { has: a.page.locator(answerLink) });
  await row.waitFor();
  expect(await row.locator('.post-answer-mark').count()).toBe(1);
  expect(await row.getByRole('img', { name: '비밀글' }).count()).toBe(1);
  expect(await desktopTargets(a.page)).toEqual([]);
  await expectAccessibleWithoutToasts(a.page);
  await tabTo(a.page, answerLink);
  await shot(a.page, 'secret-answer-in-list-1280');
  await a.page.keyboard.press('Enter');
  await a.page.waitForURL(new RegExp(`/view/${answerKey}$`));
  await a.page.getByText('수리 센터로 보내 드릴게요.').waitFor();
  await a.page.getByRole('heading', { name: `Re: ${deskSubject}` }).waitFor();
  // Its comments are the asker's too (the view asks for them beside the post).
  await a.page.getByRole('textbox', { name: '댓글 쓰기' }).waitFor();
  expect(new URL(a.page.url()).pathname).toMatch(new RegExp(`/view/${answerKey}$`));
  expect(await desktopTargets(a.page)).toEqual([]);
  await expectAccessibleWithoutToasts(a.page);
  await shot(a.page, 'secret-answer-view-1280');
  await a.context.close();
});
