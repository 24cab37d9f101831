// The admin area's layout on a phone and on a desktop. At 360 px (touch) every admin page, with a
// row in each list, its drawer and the dialogs its buttons open have targets a thumb can hit and nothing
// past the screen's edge (e2e/target-audit.ts). At 1280 px the member table keeps its short
// values on one line (정상 wrapped 정/상, 보기 보/기 while the e-mail column took the room).
// Screenshots: e2e/screenshots/admin-layout-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, launch, loginByApi, newPage, PHONE, shot, signUpByApi, uniqueMember } from './browser.js';
import { filledRoutes, makeSample, open, type Sample } from './route-walk.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
let sample: Sample;

async function post(page: Page, path: string, data: unknown) {
  const res = await page.request.post(path, { data });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
}

/** A donation, a report and a product-map rule, so those lists show a row with its actions. */
async function fillLists(page: Page) {
  await post(page, '/api/admin/donate/save', { donorKind: 'name', donorName: '고마운분', amount: 50_000, amountPublic: true, donatedOn: '2026-03-01', message: '동호회 운영에 보탭니다' });
  await post(page, '/api/report/save', { kind: 'post', key: sample.postKey, reason: '광고성 글입니다' });
  await post(page, '/api/admin/product-map/save', { pattern: `배치 ${Date.now().toString(36)}*`, productKey: sample.productKey, note: '장터 제목 연결' });
}

beforeAll(async () => {
  browser = await launch();
  sample = await makeSample(browser);
}, 90_000);
afterAll(() => browser?.close());

/** The page's findings, asked again until the page has settled (dialogs fade in, lists load). */
async function findings(page: Page, where: string): Promise<string[]> {
  let last: string[] = [];
  await expect
    .poll(async () => (last = (await auditTargets(page)).map((f) => `${where}: ${f.kind} ${f.what} ${f.width}×${f.height}`)), { timeout: 5_000 })
    .toEqual([])
    .catch(() => undefined);
  return last;
}

/** The lines each element's text takes: its text's line boxes, those that overlap making one line. */
const lineCounts = (page: Page, selector: string) =>
  page.evaluate<number[]>(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const boxes = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(n);
      boxes.push(...[...range.getClientRects()].filter((r) => r.width > 0));
    }
    boxes.sort((a, b) => a.top - b.top);
    let count = 0;
    let bottom = -Infinity;
    for (const b of boxes) {
      if (b.top >= bottom - 1) count++;
      bottom = Math.max(bottom, b.bottom);
    }
    return count;
  })`);

/** Admin pages and the buttons that open their dialogs (a row's button opens the first row's). */
const DIALOGS: Array<{ path: string; button: string | RegExp }> = [
  { path: '/system/board/list', button: '새 게시판' },
  { path: '/system/menu/list', button: '메뉴 추가' },
  { path: '/system/user/list', button: /회원 보기$/ },
  { path: '/system/product/list', button: '새 제품' },
  { path: '/system/donate/list', button: '후원 기록하기' },
  { path: '/system/report/list', button: '작성자 정지' },
  { path: '/system/todayphoto/list', button: '오늘의 사진 고르기' },
];

it('every admin page and its dialogs at 360 px: targets a thumb can hit, nothing past the edge', { timeout: 180_000 }, async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, 'admin', inject('adminPassword'));
  await fillLists(page);
  const admin = filledRoutes(sample).filter((p) => p.startsWith('/system'));
  expect(admin.length).toBeGreaterThan(10);
  const found: string[] = [];
  for (const path of admin) {
    await open(page, path);
    found.push(...(await findings(page, path)));
  }
  await open(page, '/system/user/list');
  await shot(page, 'admin-layout-users-360');
  // The admin pages' drawer.
  await page.getByRole('button', { name: '관리 메뉴 열기' }).tap();
  await page.getByRole('navigation', { name: '관리 메뉴' }).waitFor();
  found.push(...(await findings(page, 'admin drawer')));

  for (const { path, button } of DIALOGS) {
    // The member panel opens on the sample's member, who has points for the post.
    await open(page, path === '/system/user/list' ? `${path}?q=${sample.userId}` : path);
    await page.getByRole('button', { name: button }).first().click();
    await page.getByRole('dialog').last().waitFor();
    found.push(...(await findings(page, `${path} ${String(button)}`)));
    if (path === '/system/user/list') {
      // The panel's record tables keep their column names whole (포인트 wrapped 포인/트).
      await page.getByRole('dialog').getByRole('tab', { name: '포인트 내역' }).click();
      await page.locator('.user-table th').first().waitFor();
      expect(await lineCounts(page, '.user-table th')).toEqual([1, 1, 1]);
    }
    if (path === '/system/donate/list') await shot(page, 'admin-layout-donate-dialog-360');
  }
  await context.close();
  expect(found).toEqual([]);
});

it('the member table at 1280 px keeps each short value on one line', async () => {
  // A long address crowds the table, as real members' addresses do.
  const m = uniqueMember();
  await signUpByApi({ ...m, email: `${m.userId}.film.camera@photography-club.example.com` });
  const { page, context } = await newPage(browser, DESKTOP);
  await loginByApi(page, 'admin', inject('adminPassword'));
  await page.goto('/system/user/list');
  const rows = page.locator('.admin-table tbody tr');
  await rows.nth(1).waitFor();
  await shot(page, 'admin-layout-users-1280');
  const headers = (await page.locator('.admin-table thead th').allInnerTexts()).map((h) => h.trim());
  for (const column of ['등급', '포인트', '상태', '가입일', '최근 로그인', '관리']) {
    const counts = await lineCounts(page, `.admin-table tbody tr > td:nth-child(${headers.indexOf(column) + 1})`);
    expect(counts.length, column).toBeGreaterThan(1);
    expect(counts.every((n) => n === 1), `${column}: ${counts.join(',')}`).toBe(true);
  }
  await context.close();
});
