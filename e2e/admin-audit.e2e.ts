// The admin home, the audit log and a post's edit history end to end: the admin edits a product
// and finds the change in the audit log with its before and after (keyboard only), the home shows
// the counts at 360 px, and a member's edited post shows 수정됨 and its previous version to its
// author but not to another member. axe on both admin pages; screenshots at 360 and 1280 px.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, launch, loginByApi, memberPage, newPage, PHONE, signUpByApi } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const SHOTS = '/tmp/shots';
async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

const asAdmin = (page: Page) => loginByApi(page, 'admin', inject('adminPassword'));

/** An auction of the page's member (the administrator may sell), ending in three hours. */
async function auctionByApi(page: Page) {
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#4477aa' } }).png().toBuffer();
  const up = await page.request.post('/api/file/upload', { multipart: { file: { name: 'dash.png', mimeType: 'image/png', buffer: png } } });
  expect(up.ok(), await up.text()).toBe(true);
  const auction = { startPrice: 100_000, bidStep: 5_000, endsAt: new Date(Date.now() + 3 * 3600_000).toISOString() };
  const files = [((await up.json()) as { fileKey: string }).fileKey];
  const data = { category: 'c2', subject: '집계 시험 경매', content: '<p>경매</p>', price: 100_000, condition: 'A', tradeMethod: 'both', region: 'seoul', files, auction };
  const res = await page.request.post('/api/market/save', { data });
  expect(res.ok(), await res.text()).toBe(true);
}

it('the admin finds a product edit in the audit log with before and after, by keyboard alone (1280 px)', async () => {
  const tag = Date.now().toString(36).slice(-5);
  const { page, context } = await newPage(browser, DESKTOP);
  await asAdmin(page);
  const first = await page.request.post('/api/admin/product/save', { data: { type: 'lens', company: 'other', brand: 'Sigma', name: `Audit ${tag} 35mm F1.4` } });
  expect(first.ok()).toBe(true);
  const { key } = (await first.json()) as { key: string };
  const edit = await page.request.post('/api/admin/product/save', { data: { key, type: 'lens', company: 'other', brand: 'Sigma', name: `Audit ${tag} 35mm F1.2` } });
  expect(edit.ok()).toBe(true);

  await page.goto('/system/audit/list');
  await page.locator('.admin-count').getByText('기록').waitFor();
  // Keyboard only: the target field, type the key, Enter; then Tab to the row's button, Enter.
  await page.locator('#audit-key').focus();
  await page.keyboard.type(key);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/system/audit/list?targetKey=${key}`);
  await page.locator('.admin-count').getByText('기록 2건').waitFor();
  const newest = page.locator('.audit-table tbody tr').first();
  await expect.poll(() => newest.textContent()).toContain('product.save');
  const button = newest.getByRole('button', { name: /자세히 보기/ });
  await button.focus();
  await page.keyboard.press('Enter');
  const detail = page.locator('.audit-diff');
  await detail.waitFor();
  const nameRow = detail.locator('tbody tr', { has: page.locator('th', { hasText: /^이름$/ }) });
  await expect.poll(() => nameRow.locator('.audit-before').textContent()).toBe(`Audit ${tag} 35mm F1.4`);
  await expect.poll(() => nameRow.locator('.audit-after').textContent()).toBe(`Audit ${tag} 35mm F1.2`);
  expect(await newest.getByRole('button', { name: /기록 접기/ }).getAttribute('aria-expanded')).toBe('true');
  await shot(page, 'audit-list-1280');
  await expectAccessible(page);

  // A bad range is marked at its field, and nothing is asked.
  await page.locator('#audit-from').fill('2026-03-05');
  await page.locator('#audit-to').fill('2026-03-01');
  await page.getByRole('search', { name: '변경 기록 찾기' }).getByRole('button', { name: '찾기' }).click();
  await page.locator('#audit-to-error').getByText('시작일이 종료일보다 늦습니다.').waitFor();
  expect(await page.locator('#audit-to').getAttribute('aria-invalid')).toBe('true');
  await context.close();
});

it('the admin home shows the counts and leads to the audit log (360 px)', async () => {
  const { page: mp, context: mc } = await memberPage(browser);
  expect((await mp.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject: '오늘 글', content: '<p>안녕하세요</p>' } })).ok()).toBe(true);
  // Members are refused the home and its call.
  await mp.goto('/system');
  await mp.waitForURL('**/error/**');
  expect((await mp.request.post('/api/admin/dashboard', { data: {} })).status()).toBe(403);
  await mc.close();

  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await asAdmin(page);
  await auctionByApi(page);
  await page.goto('/system');
  await page.getByRole('heading', { name: '관리자 홈', level: 1 }).waitFor();
  const members = page.locator('section.dash-card', { hasText: '회원' });
  await members.getByText(/전체 \d+명/).waitFor();
  const posts = page.locator('section.dash-card', { hasText: '게시글' });
  const todayPosts = await posts.locator('dd').first().textContent();
  expect(Number(todayPosts!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(1);
  // The market's real figures, as the call counts them (an auction was put up above).
  const { trades } = (await (await page.request.post('/api/admin/dashboard', { data: {} })).json()) as { trades: { listed: { today: number; week: number }; sold: { today: number; week: number }; auctions: number } };
  expect(trades.listed.today).toBeGreaterThanOrEqual(1);
  expect(trades.auctions).toBeGreaterThanOrEqual(1);
  const market = page.locator('section.dash-card', { hasText: '장터' });
  const cells = async (row: string) => (await market.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell').allTextContents()).map((c) => Number(c.replace(/\D/g, '')));
  expect(await cells('새 매물')).toEqual([trades.listed.today, trades.listed.week]);
  expect(await cells('거래 완료')).toEqual([trades.sold.today, trades.sold.week]);
  await market.getByText(`진행 중인 경매 ${trades.auctions}건`).waitFor();
  expect(await market.getByText('장터가 열리면').count()).toBe(0);
  await page.locator('section.dash-card', { hasText: '처리할 신고' }).getByRole('link', { name: '신고 목록 보기' }).waitFor();
  await shot(page, 'audit-dashboard-360');
  await expectAccessible(page);
  await page.getByRole('link', { name: '변경 기록 보기' }).click();
  await page.waitForURL('**/system/audit/list');
  await page.locator('.admin-count').getByText('기록').waitFor();
  await shot(page, 'audit-list-360', false);
  await expectAccessible(page);
  await context.close();
});

it("a member's edited post shows 수정됨 and its previous version to its author only (360 px)", async () => {
  const author = await signUpByApi();
  const other = await signUpByApi();
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, author.userId, author.password);
  const saved = await page.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject: '처음 제목', content: '<p>처음 쓴 <b>내용</b></p>' } });
  const { key } = (await saved.json()) as { key: number };
  expect((await page.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', key, subject: '고친 제목', content: '<p>고친 내용</p>' } })).ok()).toBe(true);

  await page.goto(`/board/free/view/${key}`);
  await page.getByRole('heading', { name: '고친 제목' }).waitFor();
  const edited = page.locator('.post-edited');
  await expect.poll(() => edited.textContent()).toContain('수정됨');
  await edited.getByRole('button', { name: '이전 버전' }).click();
  const dialog = page.getByRole('dialog', { name: '이전 버전' });
  await dialog.locator('.post-version-subject', { hasText: '처음 제목' }).waitFor();
  expect(await dialog.locator('.post-version-content b').textContent()).toBe('내용');
  // The screenshot after the dialog's opening animation (the page's policy allows no string eval).
  await page.waitForTimeout(500);
  await shot(page, 'audit-post-versions-360', false);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await context.close();

  const { page: op, context: oc } = await newPage(browser, PHONE);
  await loginByApi(op, other.userId, other.password);
  await op.goto(`/board/free/view/${key}`);
  await op.getByRole('heading', { name: '고친 제목' }).waitFor();
  await expect.poll(() => op.locator('.post-edited').textContent()).toContain('수정됨');
  expect(await op.locator('.post-edited').getByRole('button', { name: '이전 버전' }).count()).toBe(0);
  expect((await op.request.post('/api/board/versions', { data: { key } })).status()).toBe(403);
  await oc.close();
});
