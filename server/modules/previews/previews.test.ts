// Link previews in the page HTML: what a chat app's scraper (or a visitor) gets for a post, a
// product and a list, and what it never gets (a closed board's subject, a deleted or hidden post).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, products } from '../../db/schema/index.js';
import { answersChanged, postTags } from '../../lib/answer-cache.js';
import { createPost, member, setBoard, uploadedFile } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { productsChanged } from '../products/product-index.js';
import { productSearchText } from '../products/search-text.js';
import { injectPreview, previewTags } from './inject.js';
import { SITE } from './preview.js';

const SCRIPT = '<script type="module" src="/assets/index-abc123.js"></script>';
const INDEX = `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="찰칵 - 사진과 카메라를 사랑하는 사람들의 동호회. Since 2000" />
    <title>찰칵</title>
    ${SCRIPT}
  </head>
  <body><div id="root"></div></body>
</html>`;

const CRAWLERS = {
  kakao: 'kakaotalk-scrap/1.0; +https://devtalk.kakao.com/',
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  twitter: 'Twitterbot/1.0',
  browser: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
};
const ORIGIN = 'https://chalkak.example';

let dir: string;
let t: TestApp;
let writer: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chalkak-previews-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'export {};\n');
  t = await testApp({ RATE_LIMIT: 'false', PUBLIC_ORIGIN: ORIGIN }, { webDir: dir });
  writer = await member(t);
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const page = (url: string, userAgent = CRAWLERS.browser, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) } });

/** The content of every <meta> with that property or name, in order. */
function metas(html: string, key: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) if (m[1] === key) found.push(m[2]!);
  return found;
}
const one = (html: string, key: string) => {
  const all = metas(html, key);
  expect(all, key).toHaveLength(1);
  return all[0]!;
};
const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&#96;/g, '`').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

/** The page is still the app: its script, root element, one title and one description. */
function expectApp(html: string) {
  expect(html).toContain(SCRIPT);
  expect(html).toContain('<div id="root"></div>');
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(metas(html, 'description')).toHaveLength(1);
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
}

/** What the site itself previews as. */
function expectSite(html: string) {
  expectApp(html);
  expect(titleOf(html)).toBe('찰칵');
  expect(one(html, 'og:title')).toBe('찰칵');
  expect(one(html, 'og:description')).toContain('사진과 카메라를 사랑하는 사람들의 동호회');
  expect(one(html, 'og:image')).toBe(`${ORIGIN}/og-default.png`);
  expect(one(html, 'og:url')).toBe(`${ORIGIN}/`);
  expect(canonicalOf(html)).toBe(`${ORIGIN}/`);
}

describe('a post', () => {
  it('previews with its subject, plain text and first photo (the large WebP) for every crawler', async () => {
    const photo = await uploadedFile(t, writer.no, { name: '노을.jpg', width: 2560, height: 1707, thumbPath: 'test/thumb' });
    const second = await uploadedFile(t, writer.no, { name: 'second.jpg', width: 800, height: 600 });
    const key = await createPost(t, writer.cookie, {
      subject: '한강 노을 사진',
      content: `<p>어제 <strong>한강</strong>에서 찍은 노을입니다. @{${writer.userId}}</p><p><img src="file0"><img src="file1"></p><p>${'긴 글 '.repeat(80)}</p>`,
      files: [photo, second],
    });
    for (const ua of Object.values(CRAWLERS)) {
      const res = await page(`/board/free/view/${key}`, ua);
      expect(res.statusCode, ua).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = res.body;
      expectApp(html);
      expect(titleOf(html)).toBe('한강 노을 사진 - 찰칵');
      expect(one(html, 'og:title')).toBe('한강 노을 사진');
      const description = unescape(one(html, 'og:description'));
      expect(description.startsWith('어제 한강에서 찍은 노을입니다.')).toBe(true);
      expect(description).not.toMatch(/[<>]|@\{/);
      expect(Array.from(description).length).toBeLessThanOrEqual(150);
      expect(description.endsWith('…')).toBe(true);
      expect(one(html, 'og:image')).toBe(`${ORIGIN}/api/file/down/${photo}/${encodeURIComponent('노을.jpg')}`);
      expect(one(html, 'og:image:width')).toBe('2560');
      expect(one(html, 'og:image:height')).toBe('1707');
      expect(one(html, 'og:url')).toBe(`${ORIGIN}/board/free/view/${key}`);
      expect(canonicalOf(html)).toBe(`${ORIGIN}/board/free/view/${key}`);
      expect(one(html, 'og:site_name')).toBe('찰칵');
      expect(one(html, 'og:locale')).toBe('ko_KR');
      expect(one(html, 'og:type')).toBe('article');
      expect(one(html, 'twitter:card')).toBe('summary_large_image');
      expect(one(html, 'twitter:title')).toBe('한강 노을 사진');
      expect(one(html, 'twitter:description')).toBe(one(html, 'og:description'));
      expect(one(html, 'twitter:image')).toBe(one(html, 'og:image'));
    }
  });

  it('without a photo previews with the site picture', async () => {
    const key = await createPost(t, writer.cookie, { subject: '글만 있는 글', content: '<p>사진 없이 씁니다.</p>' });
    const html = (await page(`/board/free/view/${key}`, CRAWLERS.kakao)).body;
    expectApp(html);
    expect(one(html, 'og:title')).toBe('글만 있는 글');
    expect(one(html, 'og:description')).toBe('사진 없이 씁니다.');
    expect(one(html, 'og:image')).toBe(`${ORIGIN}/og-default.png`);
    expect(one(html, 'og:image:width')).toBe('1200');
  });

  it('keeps markup and quotes in a subject escaped', async () => {
    const subject = `"><script>alert('x')</script><meta property="og:title" content="가짜"> & \`끝\``;
    const key = await createPost(t, writer.cookie, { subject, content: '<p>&lt;b&gt;굵게&lt;/b&gt; "인용" 텍스트</p>' });
    const html = (await page(`/board/free/view/${key}`, CRAWLERS.facebook)).body;
    expectApp(html);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('content="가짜"');
    expect(unescape(one(html, 'og:title'))).toBe(subject);
    expect(unescape(one(html, 'og:description'))).toBe('<b>굵게</b> "인용" 텍스트');
    expect(unescape(titleOf(html)!)).toBe(`${subject} - 찰칵`);
  });

  it('on a board visitors cannot read previews as the site, for crawlers and members alike', async () => {
    await setBoard(t, 'free', { readLevel: 1 });
    try {
      const photo = await uploadedFile(t, writer.no, { name: 'secret.jpg', width: 1000, height: 800 });
      const key = await createPost(t, writer.cookie, { subject: '비밀 모임 장소', content: '<p>회원만 보는 내용</p><p><img src="file0"></p>', files: [photo] });
      for (const res of [await page(`/board/free/view/${key}`, CRAWLERS.kakao), await page(`/board/free/view/${key}`, CRAWLERS.browser, writer.cookie)]) {
        expect(res.statusCode).toBe(200);
        expectSite(res.body);
        expect(res.body).not.toContain('비밀');
        expect(res.body).not.toContain('회원만');
        expect(res.body).not.toContain(photo);
      }
      // The board's list previews as the site too.
      const list = (await page('/board/free/c0/list', CRAWLERS.twitter)).body;
      expectSite(list);
      expect(list).not.toContain('자유게시판');
    } finally {
      await setBoard(t, 'free', { readLevel: 0 });
    }
  });

  it('once deleted, or hidden after a report, previews as the site (the cached preview goes at once)', async () => {
    const key = await createPost(t, writer.cookie, { subject: '지울 글 제목', content: '<p>곧 지웁니다</p>' });
    expect(one((await page(`/board/free/view/${key}`)).body, 'og:title')).toBe('지울 글 제목');
    expect((await post(t, '/api/board/delete', { boardId: 'free', key }, writer.cookie)).statusCode).toBe(200);
    const gone = (await page(`/board/free/view/${key}`, CRAWLERS.kakao)).body;
    expectSite(gone);
    expect(gone).not.toContain('지울 글');

    const hiddenKey = await createPost(t, writer.cookie, { subject: '신고된 글 제목', content: '<p>문제의 글</p>' });
    expect(one((await page(`/board/free/view/${hiddenKey}`)).body, 'og:title')).toBe('신고된 글 제목');
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, hiddenKey));
    answersChanged(t.database.db, postTags('free', hiddenKey));
    const hidden = (await page(`/board/free/view/${hiddenKey}`, CRAWLERS.facebook)).body;
    expectSite(hidden);
    expect(hidden).not.toContain('신고된');
  });

  it('an edit shows in the next preview', async () => {
    const key = await createPost(t, writer.cookie, { subject: '처음 제목', content: '<p>처음</p>' });
    expect(one((await page(`/board/free/view/${key}`)).body, 'og:title')).toBe('처음 제목');
    const res = await post(t, '/api/board/save', { key, boardId: 'free', category: 'c1', subject: '고친 제목', content: '<p>고침</p>' }, writer.cookie);
    expect(res.statusCode).toBe(200);
    const html = (await page(`/board/free/view/${key}`)).body;
    expect(one(html, 'og:title')).toBe('고친 제목');
    expect(one(html, 'og:description')).toBe('고침');
  });

  it('an unknown or malformed post address previews as the site', async () => {
    for (const url of ['/board/free/view/999999999', '/board/free/view/abc', `/board/free/view/${'9'.repeat(30)}`]) {
      const res = await page(url, CRAWLERS.kakao);
      expect(res.statusCode, url).toBe(200);
      expectSite(res.body);
    }
  });
});

describe('a product', () => {
  it('previews with its name, a line about it and its picture; a hidden one as the site', async () => {
    const image = await uploadedFile(t, writer.no, { name: 'body.jpg' });
    const p = { type: 'body' as const, company: 'canon', brand: 'Canon', name: 'EOS R5 "Mark" <II>', mount: 'RF', announced: '2024-07' };
    const [row] = await t.database.db
      .insert(products)
      .values({
        ...p,
        key: 'canon-eos-r5-preview',
        source: 'admin',
        searchText: productSearchText(p),
        images: [{ fileKey: image, url: `/api/file/down/${image}/body.jpg`, thumbUrl: null }],
      })
      .returning();
    productsChanged(t.database.db);
    for (const ua of [CRAWLERS.kakao, CRAWLERS.twitter]) {
      const html = (await page('/info/view/canon-eos-r5-preview', ua)).body;
      expectApp(html);
      expect(unescape(one(html, 'og:title'))).toBe('Canon EOS R5 "Mark" <II>');
      expect(html).not.toContain('<II>');
      const description = unescape(one(html, 'og:description'));
      expect(description).toContain('바디');
      expect(description).toContain('RF 마운트');
      expect(description).toContain('2024년');
      expect(one(html, 'og:image')).toBe(`${ORIGIN}/api/file/down/${image}/body.jpg`);
      expect(canonicalOf(html)).toBe(`${ORIGIN}/info/view/canon-eos-r5-preview`);
    }
    await t.database.db.update(products).set({ hidden: true }).where(eq(products.id, row!.id));
    productsChanged(t.database.db);
    const hidden = (await page('/info/view/canon-eos-r5-preview', CRAWLERS.kakao)).body;
    expectSite(hidden);
    expect(hidden).not.toContain('EOS R5');
    expectSite((await page('/info/view/no-such-product', CRAWLERS.kakao)).body);
  });
});

describe('lists', () => {
  it('a board list and a category list preview with the board name and description', async () => {
    const html = (await page('/board/free/c0/list', CRAWLERS.kakao)).body;
    expectApp(html);
    expect(one(html, 'og:title')).toBe('자유게시판');
    expect(one(html, 'og:description').length).toBeGreaterThan(0);
    expect(one(html, 'og:image')).toBe(`${ORIGIN}/og-default.png`);
    expect(canonicalOf(html)).toBe(`${ORIGIN}/board/free/c0/list`);
    const paged = (await page('/board/free/c1/list/3?x=1', CRAWLERS.facebook)).body;
    expect(one(paged, 'og:title')).toMatch(/^자유게시판 · .+/);
    expect(canonicalOf(paged)).toBe(`${ORIGIN}/board/free/c1/list/3`);
    expectSite((await page('/board/nope/c0/list')).body);
  });

  it('the all-list previews as itself', async () => {
    const html = (await page('/all/list', CRAWLERS.twitter)).body;
    expectApp(html);
    expect(one(html, 'og:title')).toBe('전체 글');
    expect(titleOf(html)).toBe('전체 글 - 찰칵');
    expect(canonicalOf(html)).toBe(`${ORIGIN}/all/list`);
  });

  it('any other page previews as the site, and a HEAD gets no body', async () => {
    expectSite((await page('/')).body);
    expectSite((await page('/user/join')).body);
    const head = await t.app.inject({ method: 'HEAD', url: '/board/free/c0/list' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('the injector', () => {
  it('uses the request origin without PUBLIC_ORIGIN and escapes it', () => {
    const tags = previewTags(SITE, { name: '찰"칵', description: '<설명>' }, 'https://a.example');
    const html = injectPreview(INDEX, tags);
    expect(html).toContain('<title>찰&quot;칵</title>');
    expect(html).toContain('content="&lt;설명&gt;"');
    expect(html).toContain('href="https://a.example/"');
    expect(html).toContain(SCRIPT);
  });

  it('leaves a page without a head alone', () => {
    expect(injectPreview('<p>x</p>', '<title>y</title>')).toBe('<p>x</p>');
  });
});

describe('addresses the router refuses', () => {
  it('a broken percent-encoding gets 400 before any preview is looked up', async () => {
    expect((await page('/board/%E0%A4%A/view/1')).statusCode).toBe(400);
  });
});
