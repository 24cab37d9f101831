// Community setup and logos end to end: a member is refused; the admin (360 px) changes the
// tagline and a footer link and sees them in the footer; a bad level is marked at its field; the
// admin uploads a second logo, turns it on and sees it in the header with its tooltip; axe on both
// pages at 360 and 1280 px; keyboard only on the setup form. What it changes is put back after.
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, expectAccessible, expectAccessibleWithoutToasts, launch, loginByApi, memberPage, newPage, PHONE, shot, waitForToast } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** A wide, short PNG (a logo's shape), built here so the test needs no fixture file. */
function makePng(width = 200, height = 50): Buffer {
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
      rows[row + 1 + x * 3] = 200;
      rows[row + 2 + x * 3] = 60 + Math.round((x / width) * 120);
      rows[row + 3 + x * 3] = 40;
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

interface SetupInfo {
  settings: Record<string, unknown>;
  levels: Array<{ id: number; name: string; minPoints: number; canMarket: boolean; members: number }>;
}

async function adminPage(viewport = DESKTOP) {
  const opened = await newPage(browser, viewport, { touch: viewport === PHONE });
  await loginByApi(opened.page, 'admin', inject('adminPassword'));
  return opened;
}

/** Puts the setup back as it was (other browser tests read the footer and the header). */
async function restore(page: Page, before: SetupInfo) {
  const levels = before.levels.map(({ members: _m, ...l }) => l);
  expect((await page.request.post('/api/admin/setup/save', { data: { settings: before.settings, levels } })).ok()).toBe(true);
}

it('a member who opens the setup pages sees the error page, and the calls refuse', async () => {
  const { page, context } = await memberPage(browser);
  for (const path of ['/system/setup/info', '/system/logo/list']) {
    await page.goto(path);
    await page.waitForURL('**/error/**');
  }
  expect((await page.request.post('/api/admin/setup/info', { data: {} })).status()).toBe(403);
  expect((await page.request.post('/api/admin/logo/list', { data: {} })).status()).toBe(403);
  await context.close();
});

it('the admin changes the tagline and a footer link, and they show in the footer (360 px)', async () => {
  const tag = Date.now().toString(36).slice(-5);
  const { page, context } = await adminPage(PHONE);
  const before = (await (await page.request.post('/api/admin/setup/info', { data: {} })).json()) as SetupInfo;
  try {
    await page.goto('/system/setup/info');
    await page.getByRole('heading', { level: 1, name: '커뮤니티 설정' }).waitFor();
    await page.getByLabel('한 줄 소개').waitFor();
    await shot(page, 'setup-community-360');
    await expectAccessible(page);

    // A level without a name is marked at its field, and nothing is saved.
    await page.getByRole('button', { name: '등급 추가' }).click();
    await page.getByRole('button', { name: '저장', exact: true }).click();
    const newLevel = page.getByLabel(`${before.levels.length + 1}번 등급 이름`);
    await expect.poll(() => newLevel.getAttribute('aria-invalid')).toBe('true');
    await waitForToast(page, '등급 이름을 입력해 주세요.');
    await page.getByRole('button', { name: `${before.levels.length + 1} 등급 지우기` }).click();

    await page.getByLabel('한 줄 소개').fill(`함께 찍는 즐거움 ${tag}`);
    await page.getByLabel('1번 링크 이름').fill(`소개${tag}`);
    const saved = page.waitForResponse('**/api/admin/setup/save');
    await page.getByRole('button', { name: '저장', exact: true }).click();
    const res = await saved;
    expect(`${res.status()} ${await res.text()}`).toMatch(/^200 /);
    await waitForToast(page, '저장했습니다.');
    const footer = page.locator('footer.site-footer');
    await footer.getByText(`함께 찍는 즐거움 ${tag}`).waitFor();
    await footer.getByRole('link', { name: `소개${tag}` }).waitFor();
    await shot(page, 'setup-footer-360');

    // Another visitor's fresh page has them too.
    const { page: visitor, context: vc } = await newPage(browser, PHONE);
    await visitor.goto('/');
    await visitor.locator('footer.site-footer').getByText(`함께 찍는 즐거움 ${tag}`).waitFor();
    await vc.close();
  } finally {
    await restore(page, before);
    await context.close();
  }
});

it('the setup form works with the keyboard alone and passes axe at 1280 px', async () => {
  const { page, context } = await adminPage(DESKTOP);
  const focusedId = () => page.evaluate('document.activeElement && document.activeElement.id') as Promise<string>;
  await page.goto('/system/setup/info');
  await page.getByLabel('사이트 이름').waitFor();
  await shot(page, 'setup-community-1280');
  await expectAccessible(page);
  // Adding a footer link by keyboard puts focus in its name field; a blank one is marked on save.
  await page.getByRole('button', { name: '링크 추가' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(focusedId).toMatch(/-footerLinks-\d+-label$/);
  await page.getByRole('button', { name: '저장', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(focusedId).toMatch(/-footerLinks-\d+-label$/);
  await context.close();
});

it('the admin uploads a second logo, turns it on, and it shows in the drawer and the header; axe on the logo page', async () => {
  const tag = Date.now().toString(36).slice(-5);
  const name = `시험 로고 ${tag}`;
  const { page, context } = await adminPage(PHONE);
  const list = async () => ((await (await page.request.post('/api/admin/logo/list', { data: {} })).json()) as { items: Array<{ id: number; kind: string; active: boolean; startsOn: string | null; endsOn: string | null }> }).items;
  const wasOn = (await list()).filter((l) => l.kind === 'second' && l.active && !l.startsOn && !l.endsOn).map((l) => l.id);
  let mine: number | undefined;
  try {
    await page.goto('/system/logo/list');
    await page.getByRole('heading', { level: 1, name: '로고 관리' }).waitFor();
    await page.locator('.admin-count').getByText('로고').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: '새 로고' }).click();
    const dialog = page.getByRole('dialog', { name: '새 로고' });
    // Saving without a picture marks the picture button.
    await dialog.getByLabel('이름 (풍선 도움말)').fill(name);
    await dialog.getByRole('button', { name: '저장', exact: true }).click();
    await expect.poll(() => dialog.getByRole('button', { name: '그림 올리기' }).getAttribute('aria-invalid')).toBe('true');
    await dialog.locator('[data-testid="logo-file-input"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng() });
    await dialog.getByRole('img', { name: `${name} (17px 높이 미리보기)` }).waitFor();
    await dialog.getByLabel('연도 표시').fill('2027');
    await page.waitForTimeout(400); // the dialog's fade-in
    await shot(page, 'setup-logo-dialog-360');
    await dialog.getByRole('button', { name: '저장', exact: true }).click();
    await waitForToast(page, '로고를 추가했습니다. 켜면 헤더에 보입니다.');
    await dialog.waitFor({ state: 'detached' });

    const row = page.locator('.admin-table tbody tr', { hasText: name });
    await row.getByRole('button', { name: `${name} 켜기` }).click();
    await waitForToast(page, `${name} 로고를 켰습니다.`);
    await row.getByText('오늘 보이는 중').waitFor();
    mine = (await list()).find((l) => l.active && l.kind === 'second' && !l.startsOn)?.id;
    await shot(page, 'setup-logos-360');
    await expectAccessibleWithoutToasts(page);
    // The drawer on this page follows at once, with the name written out (a phone's header leaves
    // the second logo to the drawer).
    await page.getByRole('button', { name: '메뉴 열기', exact: true }).click();
    await page.locator('.menu-drawer .drawer-second-logo').getByText(name).waitFor();
    await context.close();

    // A visitor's header on a desktop shows it, named as its tooltip; the page at 1280 px.
    const { page: visitor, context: vc } = await newPage(browser, DESKTOP);
    await visitor.goto('/');
    const header = visitor.locator('header.site-header .second-logo');
    await header.getByRole('img', { name }).waitFor();
    expect(await header.locator('[title]').first().getAttribute('title')).toBe(name);
    // The year label beside it.
    await header.getByText('2027').waitFor();
    await vc.close();
    const desk = await adminPage(DESKTOP);
    await desk.page.goto('/system/logo/list');
    await desk.page.locator('.admin-table tbody tr', { hasText: name }).waitFor();
    await shot(desk.page, 'setup-logos-1280');
    await expectAccessible(desk.page);
    await desk.context.close();
  } finally {
    // Back to the logo that was on before; this one goes.
    const { page: p, context: c } = await adminPage(DESKTOP);
    if (mine !== undefined) await p.request.post('/api/admin/logo/delete', { data: { id: mine } });
    for (const id of wasOn) await p.request.post('/api/admin/logo/activate', { data: { id, active: true } });
    await c.close();
  }
});
