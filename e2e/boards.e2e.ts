// Boards end to end: write a post with a pasted photo and an attachment, find it in the list,
// view it, comment and reply, recommend it as another member, scrap it, edit it, search a
// two-character Korean word, look at the list and the post on a phone, and delete it; axe scans
// of the list, view and write pages. On a touch phone: rows open where they are tapped, the
// category chips scroll to the current one, every target is a thumb's size.
import { crc32, deflateSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, shot, signUpByApi, waitForToast } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** A small valid PNG (a warm gradient), built here so the test needs no fixture file. */
function makePng(width = 96, height = 64): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = 200 + Math.round((x / width) * 55);
      rows[row + 2 + x * 3] = 80 + Math.round((y / height) * 100);
      rows[row + 3 + x * 3] = 60;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Pastes a PNG into the editor the way a browser does: a paste event carrying the file. */
async function pastePng(page: Page, name: string) {
  const base64 = makePng().toString('base64');
  // A string script: this project type-checks the tests without the DOM library.
  await page.evaluate(`(() => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(base64)}), (c) => c.charCodeAt(0));
    const file = new File([bytes], ${JSON.stringify(name)}, { type: 'image/png' });
    const data = new DataTransfer();
    data.items.add(file);
    const target = document.querySelector('.ProseMirror');
    target.focus();
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  })()`);
}

it('a post from writing to deleting, with comments, a recommendation, a scrap, an edit and a search', async () => {
  const reader = await signUpByApi();
  const tag = Date.now().toString(36).slice(-4);
  const subject = `노을 출사 후기 ${tag}`;

  const { page, context, user: writer } = await memberPage(browser);

  // Write: category, subject, text, a pasted photo and a text attachment.
  await page.goto('/board/free/c2/list');
  await page.getByRole('link', { name: '글쓰기' }).first().click();
  await page.waitForURL('**/board/free/write');
  const editor = page.locator('.ProseMirror');
  await editor.waitFor();
  expect(await page.getByLabel('분류').inputValue()).toBe('c2'); // the category the member came from
  await page.getByLabel('분류').selectOption({ label: '사진 이야기' });
  await page.getByLabel('제목').fill(subject);
  await editor.click();
  await page.keyboard.type('어제 저녁 한강에서 찍은 노을입니다. 바람이 좋았어요.');
  await page.keyboard.press('Enter');
  await pastePng(page, '한강 노을.png');
  const image = editor.locator('img[src^="/api/file/down/"]');
  await image.waitFor();
  await page.locator('input.file-picker').setInputFiles({ name: '촬영 메모.txt', mimeType: 'text/plain', buffer: Buffer.from('ISO 100, f/8, 1/125\n삼각대 사용\n', 'utf8') });
  await page.locator('.attachment-list').getByText('촬영 메모.txt').waitFor();
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'boards-write');

  await page.getByRole('button', { name: '저장' }).click();
  await page.waitForURL(/\/board\/free\/view\/\d+$/);
  const viewPath = new URL(page.url()).pathname;
  const key = Number(viewPath.split('/').pop());
  await page.getByRole('heading', { name: subject }).waitFor();
  await page.locator('.post-content img[src^="/api/file/down/"]').waitFor();
  const attachment = page.locator('.attachments').getByRole('link', { name: '촬영 메모.txt 내려받기' });
  await attachment.waitFor();
  const download = await page.request.get((await attachment.getAttribute('href'))!);
  expect(download.ok()).toBe(true);
  expect(await download.text()).toContain('삼각대');

  // Listed: on the board's first page with its photo and file icons.
  await page.goto('/board/free/c0/list');
  const row = page.locator('.post-table tbody tr', { hasText: subject });
  await row.waitFor();
  expect(await row.getByRole('img', { name: '사진 있음' }).count()).toBe(1);
  expect(await row.getByRole('img', { name: '첨부 파일 있음' }).count()).toBe(1);
  expect(await row.locator('.col-author').innerText()).toContain(writer.nickName);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'boards-list');

  // View it from the list; comment with Ctrl+Enter, then reply.
  await row.getByRole('link', { name: subject }).click();
  await page.waitForURL(`**${viewPath}`);
  const box = page.getByLabel('댓글 쓰기');
  await box.fill('색감이 정말 좋네요!');
  await box.press('Control+Enter');
  const first = page.locator('.comment', { hasText: '색감이 정말 좋네요!' });
  await first.waitFor();
  await first.getByRole('button', { name: '답글' }).click();
  const reply = page.getByLabel(`${writer.nickName}님에게 답글 쓰기`);
  await reply.fill('감사합니다. 다음엔 같이 가요.');
  await page.locator('.reply-form').getByRole('button', { name: '등록' }).click();
  await page.locator('.comment.is-reply', { hasText: '다음엔 같이 가요' }).waitFor();
  await expect.poll(() => page.locator('.comments-count').innerText()).toBe('2');
  await expect.poll(() => page.locator('.post-meta').innerText()).toMatch(/댓글\s*2/);

  // Scrap it; the scrap list links back.
  await page.getByRole('button', { name: '스크랩', exact: true }).click();
  await waitForToast(page, '스크랩했습니다.');
  await page.getByRole('button', { name: '스크랩함' }).waitFor();
  await page.goto('/favorite/list');
  await page.locator('.favorite-list').getByRole('link', { name: subject }).click();
  await page.waitForURL(`**${viewPath}`);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'boards-view');

  // Another member recommends it once and sees the new count.
  const second = await newPage(browser);
  await loginByApi(second.page, reader.userId, reader.password);
  await second.page.goto(viewPath);
  await second.page.getByRole('button', { name: /^추천 0$/ }).click();
  const done = second.page.getByRole('button', { name: /^추천함 1$/ });
  await done.waitFor();
  expect(await done.isDisabled()).toBe(true);
  expect(await second.page.getByRole('button', { name: '수정' }).count()).toBe(0);
  await second.context.close();

  // Edit: the form opens filled; a new subject shows on the post.
  await page.reload();
  await page.locator('.post-recommends').getByText('1').waitFor();
  await page.getByRole('link', { name: '수정' }).click();
  await page.waitForURL(`**/board/free/edit/${key}`);
  const subjectInput = page.getByLabel('제목');
  await expect.poll(() => subjectInput.inputValue()).toBe(subject);
  await page.locator('.ProseMirror img').waitFor();
  const edited = `${subject} (수정)`;
  await subjectInput.fill(edited);
  await page.getByRole('button', { name: '저장' }).click();
  await page.waitForURL(`**${viewPath}`);
  await page.getByRole('heading', { name: edited }).waitFor();
  await page.locator('.post-content img').waitFor();

  // Search a two-character Korean word; the search lives in the address.
  await page.goto('/board/free/c0/list');
  await page.getByLabel('검색어').fill('노을');
  await page.getByLabel('검색어').press('Enter');
  await page.waitForURL(/\?q=%EB%85%B8%EC%9D%84$/);
  await page.locator('.post-table').getByRole('link', { name: edited }).waitFor();
  await page.getByText(/‘노을’ 검색 결과 \d+건/).waitFor();
  await page.getByLabel('검색 항목').selectOption('nickName');
  await page.getByLabel('검색어').fill('없는닉네임');
  await page.getByRole('button', { name: '검색' }).click();
  await page.getByText('검색 결과가 없습니다.').waitFor();
  await page.goBack();
  await page.locator('.post-table').getByRole('link', { name: edited }).waitFor();

  // On a phone: the list as cards and the post, nothing wider than the screen.
  const phone = await newPage(browser, PHONE);
  await loginByApi(phone.page, writer.userId, writer.password);
  await phone.page.goto('/board/free/c0/list');
  const card = phone.page.locator('.post-card', { hasText: edited });
  await card.waitFor();
  expect(await card.locator('.comment-count').innerText()).toContain('[2]');
  const wide = (p: Page) => p.evaluate<number>('document.querySelector("main").scrollWidth');
  expect(await wide(phone.page)).toBeLessThanOrEqual(PHONE.width);
  await shot(phone.page, 'boards-list-phone');
  await card.getByRole('link', { name: edited }).click();
  await phone.page.getByRole('heading', { name: edited }).waitFor();
  await phone.page.locator('.comment.is-reply').waitFor();
  expect(await wide(phone.page)).toBeLessThanOrEqual(PHONE.width);
  await shot(phone.page, 'boards-view-phone');
  await phone.context.close();

  // Delete: confirmed, back to the list, and the post is gone.
  await page.goto(viewPath);
  await page.locator('.post-actions').getByRole('button', { name: '삭제' }).click();
  const dialog = page.locator('.p-confirm-dialog');
  await dialog.getByText('삭제할까요?').waitFor();
  await dialog.getByRole('button', { name: '예' }).click();
  await waitForToast(page, '삭제되었습니다.');
  await page.waitForURL('**/board/free/c0/list');
  await page.locator('.post-table, .list-empty').first().waitFor();
  expect(await page.getByRole('link', { name: edited }).count()).toBe(0);
  await context.close();
});

it('visitors read but are asked to log in to comment; the write page asks them too', async () => {
  const { page, context } = await newPage(browser);
  await page.goto('/board/site/view/6');
  await page.locator('.post-content').waitFor();
  await page.goto('/board/free/c0/list');
  await page.locator('.board-head h1').getByText('자유게시판').waitFor();
  expect(await page.getByRole('link', { name: '글쓰기' }).count()).toBe(0);
  await page.goto('/board/free/write');
  await page.getByText('글을 쓰려면 로그인해 주세요.').waitFor();
  await page.locator('.editor-notice-box').getByRole('button', { name: '로그인' }).click();
  await page.locator('.login-popup').waitFor();
  await context.close();
});

it('a draft is kept while writing, offered back on return, and cleared by saving', async () => {
  const { page, context } = await memberPage(browser);
  await page.goto('/board/free/write');
  const editor = page.locator('.ProseMirror');
  await editor.waitFor();
  await page.getByLabel('제목').fill('쓰다 만 글');
  await editor.click();
  await page.keyboard.type('필름 두 롤을 현상했는데');
  await page.locator('.draft-status').getByText('임시 저장됨').waitFor({ timeout: 10_000 });

  // Leave and come back: the draft is offered; 예 brings it back.
  await page.goto('/board/free/c0/list');
  await page.goto('/board/free/write');
  const dialog = page.locator('.p-confirm-dialog');
  await dialog.getByText('임시 저장된 글이 있습니다. 불러올까요?').waitFor();
  await dialog.getByRole('button', { name: '예' }).click();
  await expect.poll(() => page.getByLabel('제목').inputValue()).toBe('쓰다 만 글');
  expect(await editor.innerText()).toContain('필름 두 롤을 현상했는데');

  await page.getByRole('button', { name: '저장' }).click();
  await page.waitForURL(/\/board\/free\/view\/\d+$/);
  await page.goto('/board/free/write');
  await editor.waitFor();
  await page.waitForTimeout(500);
  expect(await dialog.count()).toBe(0);
  await context.close();
});

/** Taps a row near its bottom right corner, where it shows no text or control of its own. */
async function tapEmptyPart(page: Page, row: ReturnType<Page['locator']>) {
  const box = (await row.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width - 6, box.y + box.height - 6);
}

it('on a touch phone: rows open where tapped, the chips scroll to the current one, targets are thumb-sized', async () => {
  const reader = await signUpByApi();
  const tag = Date.now().toString(36).slice(-4);
  const { page, context, user: writer } = await memberPage(browser, PHONE, { touch: true });
  const saved = await page.request.post('/api/board/save', { data: { boardId: 'free', category: 'c4', subject: `삼각대 고르는 법 ${tag}`, content: '<p>무게와 높이를 봅니다.</p>' } });
  const key = ((await saved.json()) as { key: number }).key;
  const viewPath = `/board/free/view/${key}`;
  expect((await page.request.post('/api/favorite/add', { data: { boardId: 'free', key } })).ok()).toBe(true);
  const other = await newPage(browser);
  await loginByApi(other.page, reader.userId, reader.password);
  expect((await other.page.request.post('/api/comment/save', { data: { boardId: 'free', key, content: '좋은 정보 감사합니다.' } })).ok()).toBe(true);
  await other.context.close();
  expect((await page.request.post('/api/comment/save', { data: { boardId: 'free', key, content: '도움이 되었다니 다행입니다.' } })).ok()).toBe(true);

  // The list: the chips start at 전체 with a cue that more follow; the card opens from its empty part.
  await page.goto('/board/free/c0/list');
  const card = page.locator('.post-card', { hasText: `삼각대 고르는 법 ${tag}` });
  await card.waitFor();
  const bar = page.locator('.category-bar');
  await expect.poll(() => bar.getAttribute('data-more-end')).toBe('true');
  expect(await bar.locator('.scroll-more-end').isVisible()).toBe(true);
  expect(await auditTargets(page)).toEqual([]);
  await tapEmptyPart(page, card);
  await page.waitForURL(`**${viewPath}`);

  // The last category: its chip is scrolled into view, the cue now at the start.
  await page.goto('/board/free/c0/list');
  const last = bar.locator('a').last();
  await last.waitFor();
  await page.goto((await last.getAttribute('href'))!);
  await expect.poll(() => bar.getAttribute('data-more-start')).toBe('true');
  const chipInView = `(() => {
    const row = document.querySelector('.category-bar ul').getBoundingClientRect();
    const chip = document.querySelector('.category-bar a[aria-current="page"]').getBoundingClientRect();
    return chip.left >= row.left && chip.right <= row.right && chip.height >= 44;
  })()`;
  await expect.poll(() => page.evaluate<boolean>(chipInView)).toBe(true);
  expect(await auditTargets(page)).toEqual([]);

  // The summary: authors are 24 px targets (axe's target size, a rule it runs only when asked),
  // rows open from their empty part.
  await page.goto('/board/free/summary');
  const row = page.locator('.mini-list li', { hasText: `삼각대 고르는 법 ${tag}` }).first();
  await row.waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await expectAccessible(page);
  const targetSize = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  expect(targetSize.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await shot(page, 'boards-summary-phone');
  await tapEmptyPart(page, row);
  await page.waitForURL(`**${viewPath}`);

  // The post with comments: no keyboard hint on a touch screen; the reply form and all targets fit.
  await page.goto(viewPath);
  const hint = page.locator('.comment-form .field-hint');
  await page.locator('.comment', { hasText: '좋은 정보' }).getByRole('button', { name: '답글' }).tap();
  await page.locator('.reply-form').waitFor();
  expect(await hint.count()).toBe(2);
  expect(await hint.first().isVisible()).toBe(false);
  expect(await auditTargets(page)).toEqual([]);

  // The write page (the editor's toolbar) and the scraps, whose row opens the post.
  await page.goto('/board/free/write');
  await page.locator('.editor-toolbar').waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await page.goto('/favorite/list');
  const scrap = page.locator('.favorite-item', { hasText: `삼각대 고르는 법 ${tag}` });
  await scrap.waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await tapEmptyPart(page, scrap);
  await page.waitForURL(`**${viewPath}`);
  await context.close();

  // Beside a mouse the hint shows.
  const desk = await newPage(browser, DESKTOP);
  await loginByApi(desk.page, writer.userId, writer.password);
  await desk.page.goto(viewPath);
  await desk.page.locator('.comment-form .field-hint').getByText('Ctrl+Enter로도 등록됩니다.').waitFor();
  await desk.context.close();
});
