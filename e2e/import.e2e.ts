// A club moved in from Gnuboard5, end to end: the import command (npm run import) brings a small
// Gnuboard5 site from MariaDB into a fresh data folder, a built server of its own starts on it
// (the shared e2e server's embedded database is one process at a time), and a member signs in
// with the OLD password on a touch phone at 360 px, finds their old posts and follows an old link;
// on a desktop an old short address and a keyboard sign-in with an older MySQL hash.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gnuboard5Database, gnuboard5Hash, type Gnuboard5Db } from '../server/test/gnuboard5.js';
import { freePort, killAll, run, type Running, stop, waitReady } from '../server/test/process.js';
import { DESKTOP, PHONE, shot } from './browser.js';
import { auditTargets } from './target-audit.js';

let g5: Gnuboard5Db;
let dataDir: string;
let server: Running;
let base: string;
let browser: Browser;

beforeAll(async () => {
  g5 = await gnuboard5Database(['photo']);
  const member = (row: Record<string, unknown>) => g5.insert('g5_member', { mb_level: 2, mb_datetime: '2012-04-01 10:00:00', ...row });
  await member({ mb_id: 'oldtimer', mb_password: gnuboard5Hash('old-pass-2012'), mb_nick: '옛날사진가', mb_email: 'oldtimer@old.example' });
  await member({ mb_id: 'veteran', mb_nick: '고참', mb_email: 'veteran@old.example' });
  await g5.conn.query(`update g5_member set mb_password = password('veteran-pass') where mb_id = 'veteran'`);
  await g5.insert('g5_board', { bo_table: 'photo', bo_subject: '사진 게시판', bo_read_level: 1, bo_write_level: 2, bo_comment_level: 2, bo_category_list: '', bo_notice: '' });
  const write = (row: Record<string, unknown>) => g5.insert('g5_write_photo', { wr_option: 'html1', mb_id: 'oldtimer', wr_name: '옛날사진가', ...row });
  await write({ wr_id: 1, wr_num: -1, wr_parent: 1, wr_subject: '2012년 첫 출사', wr_content: '<p>북한산에서 찍은 단풍입니다.</p>', wr_datetime: '2012-10-20 18:00:00' });
  await write({ wr_id: 2, wr_num: -2, wr_parent: 2, wr_subject: '필름 카메라 이야기', wr_content: '<p>FM2를 샀습니다.</p>', wr_datetime: '2013-02-02 09:00:00' });

  // The command an operator runs, into a data folder of its own.
  dataDir = mkdtempSync(join(tmpdir(), 'chalkak-import-e2e-'));
  const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'import-admin-pass-1', DATABASE_URL: '' };
  const importer = run('scripts/import.ts', env, [], ['gnuboard5', '--source', g5.url, '--prefix', 'g5_']);
  const code = await importer.exited;
  expect(code, importer.output()).toBe(0);
  expect(importer.output()).toContain('[회원] 가져옴 2');

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = run('dist/server/main.js', { ...env, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT: 'false', PUBLIC_ORIGIN: base });
  await waitReady(base, server, 150_000);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (server) await stop(server);
  killAll(server ? [server] : []);
  await g5?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function open(viewport: typeof PHONE, touch: boolean) {
  const context = await browser.newContext({ baseURL: base, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul', ...(touch ? { hasTouch: true, isMobile: true } : {}) });
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  return { context, page };
}

async function signInFromHeader(page: Page, userId: string, password: string, by: 'tap' | 'keyboard') {
  const header = page.locator('.site-header');
  const button = header.getByRole('button', { name: '로그인', exact: true });
  if (by === 'tap') await button.tap();
  else {
    await button.focus();
    await page.keyboard.press('Enter');
  }
  const dialog = page.getByRole('dialog', { name: '로그인' });
  await dialog.getByLabel('아이디').fill(userId);
  await dialog.getByLabel('암호', { exact: true }).fill(password);
  if (by === 'tap') await dialog.getByRole('button', { name: '로그인', exact: true }).tap();
  else await dialog.getByLabel('암호', { exact: true }).press('Enter');
  await dialog.waitFor({ state: 'detached' });
}

it('on a touch phone: signs in with the old password, finds the old posts, and an old link lands on the post', async () => {
  const { page, context } = await open(PHONE, true);
  await page.goto('/');
  await signInFromHeader(page, 'oldtimer', 'old-pass-2012', 'tap');
  const info = await (await page.request.post('/api/session/info', { data: {} })).json();
  expect(info).toMatchObject({ logined: true, userId: 'oldtimer', nickName: '옛날사진가' });

  // Their posts of 2012 and 2013 are theirs here too.
  await page.goto('/space/oldtimer/board');
  await page.getByText('2012년 첫 출사').waitFor();
  await page.getByText('필름 카메라 이야기').waitFor();
  expect(await auditTargets(page)).toEqual([]);

  // A bookmark of the old site.
  await page.goto('/bbs/board.php?bo_table=photo&wr_id=1');
  await page.waitForURL(/\/board\/photo\/view\/\d+$/);
  await page.getByRole('heading', { name: '2012년 첫 출사' }).waitFor();
  await page.getByText('북한산에서 찍은 단풍입니다.').waitFor();
  expect(await auditTargets(page)).toEqual([]);
  await shot(page, 'import-old-link-phone');
  await context.close();
});

it('on a desktop with the keyboard: an older MySQL hash signs in, an old short address lands on the post', async () => {
  const { page, context } = await open(DESKTOP, false);
  await page.goto('/');
  await signInFromHeader(page, 'veteran', 'veteran-pass', 'keyboard');
  await page.locator('.site-header').getByText('고참').waitFor();
  await page.goto('/photo/2');
  await page.waitForURL(/\/board\/photo\/view\/\d+$/);
  await page.getByRole('heading', { name: '필름 카메라 이야기' }).waitFor();
  await page.getByText('FM2를 샀습니다.').waitFor();
  await shot(page, 'import-old-link-desktop');
  await context.close();
});
