// Admin product pages end to end: a visitor and a member who open /system/product/list land on
// the error page; the admin (at 360 px) adds a product with a picture, a spec row and an EXIF
// name, finds it in the list, moves to the map page through the frame's drawer, adds a rule after
// previewing the titles it catches; axe on both pages; screenshots at 360 and 1280 px.
import { mkdirSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, signUpByApi, waitForToast } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

const SHOTS = '/tmp/shots';
/** The screen as the admin sees it (a phone list of 50 stacked rows is too long for a full page). */
async function shot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

/** A small valid PNG (a blue-green gradient), built here so the test needs no fixture file. */
function makePng(width = 80, height = 60): Buffer {
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
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = 40;
      rows[row + 2 + x * 3] = 120 + Math.round((x / width) * 100);
      rows[row + 3 + x * 3] = 160 + Math.round((y / height) * 80);
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const ADMIN_ONLY = '관리자만 사용할 수 있는 화면입니다.';

it('visitors and members who open an admin page see the error page', async () => {
  const member = await signUpByApi();
  const { page, context } = await newPage(browser);
  await page.goto('/system/product/list');
  await page.waitForURL('**/error/**');
  await expect.poll(() => page.locator('section.notice-error').textContent()).toContain(ADMIN_ONLY);

  await loginByApi(page, member.userId, member.password);
  await page.goto('/system/product/map/list');
  await page.waitForURL('**/error/**');
  await expect.poll(() => page.locator('section.notice-error').textContent()).toContain(ADMIN_ONLY);
  expect(await page.locator('.club-toast .p-toast-message').count()).toBe(0);
  // The server refuses the call itself as well.
  expect((await page.request.post('/api/admin/product/list', { data: {} })).status()).toBe(403);
  await context.close();
});

it('the admin adds a product with a picture and a spec row, finds it, and adds a map rule after a preview (360 px)', async () => {
  const tag = Date.now().toString(36).slice(-5);
  const productName = `EOS 시험기${tag}`;
  const { page: sp, context: sc } = await memberPage(browser);
  const title = `시험기${tag} 바디 팝니다`;
  expect((await sp.request.post('/api/board/save', { data: { boardId: 'free', category: 'c1', subject: title, content: '<p>상태 좋습니다.</p>' } })).ok()).toBe(true);
  await sc.close();

  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await loginByApi(page, 'admin', inject('adminPassword'));
  await page.goto('/system/product/list');
  await page.getByRole('heading', { level: 1, name: '제품 관리' }).waitFor();
  await page.locator('.admin-count').getByText('제품').waitFor();
  await shot(page, 'admin-products-360');
  await expectAccessibleWithoutToasts(page);

  // New product: type, maker (the brand follows it), name, announce date, a spec row, an EXIF name, a picture.
  await page.getByRole('button', { name: '새 제품' }).click();
  const dialog = page.getByRole('dialog', { name: '새 제품' });
  await dialog.getByLabel('종류').selectOption({ label: '바디' });
  await dialog.getByLabel('제조사', { exact: true }).selectOption({ label: 'Canon' });
  expect(await dialog.getByLabel('제조사 이름').inputValue()).toBe('Canon');
  // Saving without a name marks the name field.
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect.poll(() => dialog.getByLabel('제품 이름').getAttribute('aria-invalid')).toBe('true');
  await dialog.getByLabel('제품 이름').fill(productName);
  await dialog.getByLabel('한글 이름').fill(`캐논 시험기${tag}`);
  await dialog.getByLabel('발표일').fill('2024-05');
  await dialog.getByRole('button', { name: '사양 줄 추가' }).click();
  await dialog.getByLabel('1번째 사양 항목 이름').fill('센서');
  await dialog.getByLabel('1번째 사양 값').fill('35mm 풀프레임 CMOS');
  await dialog.getByLabel('EXIF 이름').fill(`Canon EOS T${tag}`);
  await dialog.getByLabel('EXIF 이름').press('Enter');
  await dialog.locator('[data-testid="product-image-input"]').setInputFiles({ name: 'body.png', mimeType: 'image/png', buffer: makePng() });
  await dialog.getByRole('img', { name: '1번째 사진' }).waitFor();
  await shot(page, 'admin-product-dialog-360');
  await dialog.getByRole('button', { name: '저장' }).click();
  await waitForToast(page, '새 제품을 저장했습니다.');
  await dialog.waitFor({ state: 'detached' });

  // Found by a search in the list; its edit form has the spec row, the EXIF name and the picture.
  await page.getByLabel('검색어').fill(`시험기${tag}`);
  await page.getByLabel('검색어').press('Enter');
  await page.waitForURL(`**/system/product/list?q=*`);
  const row = page.locator('.admin-table tbody tr', { hasText: productName });
  await row.waitFor();
  await row.getByRole('button', { name: `Canon ${productName} 수정` }).click();
  const edit = page.getByRole('dialog', { name: '제품 수정' });
  expect(await edit.getByLabel('1번째 사양 항목 이름').inputValue()).toBe('센서');
  await edit.getByText(`Canon EOS T${tag}`).waitFor();
  await edit.getByRole('img', { name: '1번째 사진' }).waitFor();
  await edit.getByRole('button', { name: '취소' }).click();
  await edit.waitFor({ state: 'detached' });

  // To the map page through the frame's drawer.
  await page.getByRole('button', { name: '관리 메뉴 열기' }).click();
  await page.getByRole('link', { name: '제품 매핑 관리' }).waitFor();
  await page.waitForTimeout(400); // the drawer's slide-in
  await shot(page, 'admin-drawer-360');
  await page.getByRole('link', { name: '제품 매핑 관리' }).click();
  await page.getByRole('heading', { level: 1, name: '제품 매핑 관리' }).waitFor();

  await page.getByRole('button', { name: '새 규칙' }).click();
  const rule = page.getByRole('dialog', { name: '새 매핑 규칙' });
  await rule.getByLabel('규칙', { exact: true }).fill(`시험기${tag} 바디`);
  await rule.getByRole('button', { name: '미리 보기' }).click();
  await rule.getByRole('link', { name: title }).waitFor();
  await rule.getByLabel('연결할 제품').fill(`시험기${tag}`);
  await page.getByRole('option', { name: new RegExp(productName) }).click();
  await rule.getByLabel('메모').fill('시험용 규칙');
  await shot(page, 'admin-map-dialog-360');
  await rule.getByRole('button', { name: '저장' }).click();
  await waitForToast(page, '저장했습니다.');
  await rule.waitFor({ state: 'detached' });
  await page.locator('.admin-table tbody tr', { hasText: `시험기${tag} 바디` }).waitFor();
  await shot(page, 'admin-map-360');
  await expectAccessibleWithoutToasts(page);
  await context.close();

  // Desktop: the side navigation, both pages.
  const { page: desk, context: dc } = await newPage(browser, DESKTOP);
  const focusedId = () => desk.evaluate('document.activeElement && document.activeElement.id') as Promise<string>;
  const focusedName = () => desk.evaluate('document.activeElement && document.activeElement.getAttribute("aria-label")') as Promise<string>;
  await loginByApi(desk, 'admin', inject('adminPassword'));
  await desk.goto(`/system/product/list?q=${encodeURIComponent(`시험기${tag}`)}`);
  await desk.locator('.admin-table tbody tr', { hasText: productName }).waitFor();
  expect(await desk.getByRole('navigation', { name: '관리 메뉴' }).getByRole('link', { name: '제품 관리' }).getAttribute('aria-current')).toBe('page');
  await shot(desk, 'admin-products-1280', true);
  await expectAccessibleWithoutToasts(desk);
  await desk.getByRole('button', { name: `Canon ${productName} 수정` }).click();
  const deskEdit = desk.getByRole('dialog', { name: '제품 수정' });
  await deskEdit.getByRole('img', { name: '1번째 사진' }).waitFor();
  await desk.waitForTimeout(400); // the dialog's fade-in
  await shot(desk, 'admin-product-dialog-1280');
  await expectAccessible(desk);
  await deskEdit.getByRole('button', { name: '취소' }).click();
  await deskEdit.waitFor({ state: 'detached' });
  // Focus goes back to the row's edit button once the dialog has faded out.
  await expect.poll(focusedName).toBe(`Canon ${productName} 수정`);

  // Keyboard only: a new product opens on its first field; spec rows are added, typed and moved
  // with the keyboard, focus staying on the moved row; Escape closes and focus returns.
  await desk.getByRole('button', { name: '새 제품' }).focus();
  await desk.keyboard.press('Enter');
  const fresh = desk.getByRole('dialog', { name: '새 제품' });
  await expect.poll(focusedId).toMatch(/-type$/);
  await fresh.getByRole('button', { name: '사양 줄 추가' }).focus();
  await desk.keyboard.press('Enter');
  await expect.poll(focusedId).toMatch(/-specs-0-label$/);
  await desk.keyboard.type('무게');
  await desk.keyboard.press('Tab');
  await desk.keyboard.type('650g');
  await fresh.getByRole('button', { name: '사양 줄 추가' }).focus();
  await desk.keyboard.press('Enter');
  await expect.poll(focusedId).toMatch(/-specs-1-label$/);
  await desk.keyboard.type('센서');
  await fresh.getByRole('button', { name: '2번째 사양 위로' }).focus();
  await desk.keyboard.press('Enter');
  expect(await fresh.getByLabel('1번째 사양 항목 이름').inputValue()).toBe('센서');
  expect(await fresh.getByLabel('2번째 사양 항목 이름').inputValue()).toBe('무게');
  await expect.poll(focusedName).toBe('1번째 사양 아래로');
  await desk.keyboard.press('Escape');
  await fresh.waitFor({ state: 'detached' });
  await expect.poll(focusedName).toBe('새 제품');

  // Merge a second body into the first (picked by search), then delete the merged one.
  const twin = `EOS 쌍둥이${tag}`;
  const made = await desk.request.post('/api/admin/product/save', { data: { type: 'body', company: 'canon', brand: 'Canon', name: twin } });
  expect(made.ok()).toBe(true);
  await desk.goto(`/system/product/list?q=${encodeURIComponent(tag)}`);
  const twinRow = desk.locator('.admin-table tbody tr', { hasText: twin });
  await twinRow.getByRole('button', { name: `Canon ${twin} 합치기` }).click();
  const merge = desk.getByRole('dialog', { name: '제품 합치기' });
  await merge.getByLabel('남길 제품').fill(`시험기${tag}`);
  await desk.getByRole('option', { name: new RegExp(productName) }).click();
  await merge.getByRole('button', { name: '합치기' }).click();
  await desk.locator('.p-confirm-dialog').getByText('되돌릴 수 없습니다').waitFor();
  await shot(desk, 'admin-merge-confirm-1280');
  await desk.locator('.p-confirm-dialog').getByRole('button', { name: '예' }).click();
  await waitForToast(desk, '제품을 합쳤습니다.');
  await twinRow.getByText('합쳐짐').waitFor();
  await twinRow.getByRole('button', { name: `Canon ${twin} 삭제 또는 숨김` }).click();
  await desk.locator('.p-confirm-dialog').getByRole('button', { name: '예' }).click();
  await waitForToast(desk, '제품을 지웠습니다.');
  await twinRow.waitFor({ state: 'detached' });

  // The catalogue update says what it did.
  await desk.getByRole('button', { name: '카탈로그 업데이트' }).click();
  await desk.locator('.p-confirm-dialog').getByRole('button', { name: '예' }).click();
  await desk.locator('.admin-note').getByText('카탈로그를 반영했습니다.').waitFor({ timeout: 30_000 });

  await desk.getByRole('navigation', { name: '관리 메뉴' }).getByRole('link', { name: '제품 매핑 관리' }).click();
  await desk.locator('.admin-table tbody tr', { hasText: `시험기${tag} 바디` }).waitFor();
  await shot(desk, 'admin-map-1280', true);
  await expectAccessibleWithoutToasts(desk);
  // Keyboard only on the map page: a new rule, its preview, Escape.
  await desk.getByRole('button', { name: '새 규칙' }).focus();
  await desk.keyboard.press('Enter');
  const deskRule = desk.getByRole('dialog', { name: '새 매핑 규칙' });
  await expect.poll(focusedId).toMatch(/-pattern$/);
  await desk.keyboard.type(`시험기${tag}`);
  await desk.keyboard.press('Tab');
  await desk.keyboard.press('Enter');
  await deskRule.getByRole('link', { name: title }).waitFor();
  await desk.waitForTimeout(300);
  await shot(desk, 'admin-map-dialog-1280');
  await expectAccessible(desk);
  await desk.keyboard.press('Escape');
  await deskRule.waitFor({ state: 'detached' });
  await dc.close();
});
