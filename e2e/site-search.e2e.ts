// The site search (docs/product/search.md): a two-character word searched from the header on
// every page, the results grouped by kind with counts, "더 보기" into one kind's page, by keyboard
// at 1280 px and by touch on a 360 px phone (the header's icon opens the field), with the target
// audit and axe.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { expectAccessibleWithoutToasts, launch, loginByApi, newPage, PHONE, shot, signUpByApi, uniqueMember } from './browser.js';
import { auditTargets } from './target-audit.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** Two Hangul syllables no other test writes (a fresh pair each run). */
function freshWord(): string {
  const syllable = () => String.fromCharCode(0xac00 + Math.floor(Math.random() * 11172));
  return syllable() + syllable();
}

const word = freshWord();
let firstKey = 0;

beforeAll(async () => {
  // Six posts with the word (written by the administrator: a new member's posts are limited), and
  // a member whose nickname holds it.
  const { page, context } = await newPage(browser);
  await loginByApi(page, 'admin', inject('adminPassword'));
  for (let i = 1; i <= 6; i++) {
    const res = await page.request.post('/api/board/save', {
      data: { boardId: 'free', category: 'c1', subject: `${word} 풍경 ${i}`, content: `<p>오늘 찍은 ${word}</p>` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    if (i === 1) firstKey = ((await res.json()) as { key: number }).key;
  }
  await signUpByApi({ ...uniqueMember(), nickName: `${word}담기${Date.now().toString(36).slice(-3)}` });
  await context.close();
});

const results = (page: Page) => page.locator('.site-search-page');

it('searches a two-character word from the header by keyboard at 1280 px and opens one kind', async () => {
  const { page, context } = await newPage(browser);
  await page.goto('/board/free/c0/list');
  // The header's field on a wide screen, reached with the keyboard.
  const field = page.getByRole('searchbox', { name: '사이트 검색' });
  await field.focus();
  await page.keyboard.type(word);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === word);

  const posts = results(page).getByRole('region', { name: /게시글/ });
  await posts.getByRole('heading', { name: '게시글 6건' }).waitFor();
  // A few of each kind, newest first.
  const rows = posts.getByRole('list', { name: '게시글 검색 결과' }).getByRole('listitem');
  await expect.poll(() => rows.count()).toBe(5);
  expect(await rows.first().getByRole('link').first().innerText()).toBe(`${word} 풍경 6`);
  await results(page).getByRole('region', { name: /회원/ }).getByRole('heading', { name: '회원 1건' }).waitFor();
  // The kinds as tabs with their counts; the field keeps the word.
  await page.getByRole('navigation', { name: '검색할 종류' }).getByRole('link', { name: '게시글 6' }).waitFor();
  expect(await field.inputValue()).toBe(word);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'site-search-1280');

  // "더 보기" by keyboard: one kind, every hit on its page.
  const more = posts.getByRole('link', { name: '게시글 더 보기' });
  await more.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.searchParams.get('kind') === 'post');
  const all = results(page).getByRole('list', { name: '게시글 검색 결과' }).getByRole('listitem');
  await expect.poll(() => all.count()).toBe(6);
  expect(await page.getByRole('navigation', { name: '검색할 종류' }).getByRole('link', { name: '게시글' }).getAttribute('aria-current')).toBe('page');
  await expectAccessibleWithoutToasts(page);

  // A row's board leads to that board's own search, which stays.
  await all.last().getByRole('link', { name: /자유게시판/ }).click();
  await page.waitForURL((u) => u.pathname === '/board/free/c0/list' && u.searchParams.get('q') === word);
  await page.locator('.search-summary').getByText(`‘${word}’ 검색 결과 6건`).waitFor();

  // Nothing found: said so.
  await page.goto(`/search?q=${encodeURIComponent(`${word}없는말`)}`);
  await results(page).getByText(`‘${word}없는말’에 맞는 결과가 없습니다.`).waitFor();
  await context.close();
});

it('opens the field from the header icon on a 360 px phone, searches by touch and opens a post', async () => {
  const { page, context } = await newPage(browser, PHONE, { touch: true });
  await page.goto('/');
  const open = page.getByRole('button', { name: '사이트 검색 열기' });
  expect(await open.getAttribute('aria-expanded')).toBe('false');
  await open.tap();
  const field = page.getByRole('searchbox', { name: '사이트 검색' });
  await field.waitFor();
  // The field takes the focus as it opens, ready for the keyboard.
  expect(await page.evaluate<boolean>('document.activeElement === document.querySelector(".header-search-row input")')).toBe(true);
  expect(await auditTargets(page)).toEqual([]);
  // An empty search is refused where it is typed.
  await page.locator('.header-search-row').getByRole('button', { name: '찾기', exact: true }).tap();
  await page.locator('.header-search-row').getByText('검색어를 입력해 주세요.').waitFor();
  await field.fill(word);
  await page.locator('.header-search-row').getByRole('button', { name: '찾기', exact: true }).tap();
  await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === word);
  // The row closes once the search is under way.
  await page.locator('.header-search-row').waitFor({ state: 'detached' });

  const posts = results(page).getByRole('region', { name: /게시글/ });
  await posts.getByRole('heading', { name: '게시글 6건' }).waitFor();
  expect(await auditTargets(page)).toEqual([]);
  const wide = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect(wide).toBeLessThanOrEqual(PHONE.width);
  await expectAccessibleWithoutToasts(page);
  await shot(page, 'site-search-360');

  // A tap anywhere on a row opens the post.
  const row = posts.getByRole('listitem').filter({ hasText: `${word} 풍경 1` });
  await expect.poll(() => row.count()).toBe(0);
  await posts.getByRole('link', { name: '게시글 더 보기' }).tap();
  await page.waitForURL((u) => u.searchParams.get('kind') === 'post');
  await results(page).getByRole('listitem').filter({ hasText: `${word} 풍경 1` }).getByRole('link', { name: `${word} 풍경 1` }).tap();
  await page.waitForURL((u) => u.pathname === `/board/free/view/${firstKey}`);
  await context.close();
});
