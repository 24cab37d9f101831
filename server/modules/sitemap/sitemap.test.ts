// robots.txt and the sitemaps: only what a visitor may read, absolute URLs from PUBLIC_ORIGIN,
// post files by key ranges, valid sitemaps.org shape, kept per node until a write changes them.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, products } from '../../db/schema/index.js';
import { answersChanged, postTags } from '../../lib/answer-cache.js';
import { adminCookie, createPost, member, setBoard } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { productsChanged } from '../products/product-index.js';
import { fileXml, parseFileName, sitemapFiles } from './service.js';
import { SITEMAP_NS } from './xml.js';

const ORIGIN = 'https://chalkak.example';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ PUBLIC_ORIGIN: ORIGIN });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' });
const asList = <T>(v: T[] | undefined) => v ?? [];

/** Parses a URL set and checks its shape: namespace, absolute loc on our origin, W3C lastmod. */
function urlsOf(xml: string): Array<{ loc: string; lastmod?: string }> {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const doc = parser.parse(xml);
  expect(doc.urlset['@_xmlns']).toBe(SITEMAP_NS);
  const urls = asList<{ loc: string; lastmod?: string }>(doc.urlset.url);
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.length).toBeLessThanOrEqual(50_000);
  for (const u of urls) {
    expect(u.loc.startsWith(ORIGIN + '/')).toBe(true);
    expect(() => new URL(u.loc)).not.toThrow();
    if (u.lastmod) expect(u.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
  }
  return urls;
}

async function indexFiles(): Promise<string[]> {
  const res = await get('/sitemap.xml');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const doc = parser.parse(res.body);
  expect(doc.sitemapindex['@_xmlns']).toBe(SITEMAP_NS);
  const locs = asList<{ loc: string }>(doc.sitemapindex.sitemap).map((s) => s.loc);
  for (const loc of locs) expect(loc).toMatch(new RegExp(`^${ORIGIN}/sitemap/[a-z]+(-\\d+)?\\.xml$`));
  return locs.map((l) => l.slice(ORIGIN.length));
}

/** Every URL of every file the index lists. */
async function allLocs(): Promise<string[]> {
  const out: string[] = [];
  for (const path of await indexFiles()) {
    const res = await get(path);
    expect(res.statusCode, path).toBe(200);
    out.push(...urlsOf(res.body).map((u) => u.loc));
  }
  return out;
}

const postUrl = (boardId: string, key: number) => `${ORIGIN}/board/${boardId}/view/${key}`;

async function addProduct(over: Partial<typeof products.$inferInsert> = {}) {
  const key = `t-${randomBytes(5).toString('hex')}`;
  const [row] = await t.database.db
    .insert(products)
    .values({ source: 'admin', type: 'body', company: 'canon', brand: 'Canon', name: `EOS ${key}`, key, ...over })
    .returning();
  productsChanged(t.database.db);
  return row!;
}

describe('robots.txt', () => {
  it('opens the site, keeps the admin area, the API and private pages out, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const p of ['/system', '/api/', '/my', '/letter/', '/favorite/', '/user/', '/gallery/my/', '/board/*/write', '/board/*/edit/', '/market/write', '/market/edit/']) {
      expect(lines).toContain(`Disallow: ${p}`);
    }
    // Photos stay reachable for link previews; public pages are not disallowed.
    expect(lines).toContain('Allow: /api/file/down/');
    expect(lines.filter((l) => /^Disallow: \/(board|info|all)\/?$/.test(l))).toEqual([]);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('uses the address the request came to when no public origin is configured', async () => {
    const other = await testApp();
    try {
      const res = await other.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'photo.example:8080' } });
      expect(res.body).toContain('Sitemap: http://photo.example:8080/sitemap.xml');
      const index = await other.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'photo.example:8080' } });
      expect(index.body).toContain('<loc>http://photo.example:8080/sitemap/boards.xml</loc>');
    } finally {
      await other.close();
    }
  });
});

describe('sitemap.xml', () => {
  it('lists readable boards and posts, never a restricted board, a deleted or a hidden post', async () => {
    const writer = await member(t);
    const admin = await adminCookie(t);
    const open = await createPost(t, writer.cookie, { subject: '공개 글' });
    const gone = await createPost(t, writer.cookie, { subject: '지운 글' });
    const hidden = await createPost(t, writer.cookie, { subject: '가린 글' });
    const notice = await createPost(t, admin, { boardId: 'notice', subject: '회원 공지' });
    expect((await post(t, '/api/board/delete', { boardId: 'free', key: gone }, writer.cookie)).statusCode).toBe(200);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.key, hidden));
    answersChanged(t.database.db, postTags('free', hidden));
    // The notice board becomes members-only.
    await setBoard(t, 'notice', { readLevel: 1 });
    try {
      const locs = await allLocs();
      expect(locs).toContain(postUrl('free', open));
      expect(locs).not.toContain(postUrl('free', gone));
      expect(locs).not.toContain(postUrl('free', hidden));
      expect(locs).not.toContain(postUrl('notice', notice));
      expect(locs).toContain(`${ORIGIN}/board/free/c0/list`);
      expect(locs).not.toContain(`${ORIGIN}/board/notice/c0/list`);
      expect(locs).toContain(`${ORIGIN}/`);
      expect(locs).toContain(`${ORIGIN}/all/list`);
      // A signed-in administrator gets the same visitor's map.
      const asAdmin = await get('/sitemap/posts-0.xml', { cookie: admin });
      expect(asAdmin.body).not.toContain(`/board/notice/view/${notice}<`);
    } finally {
      await setBoard(t, 'notice', { readLevel: 0 });
    }
    const locs = await allLocs();
    expect(locs).toContain(postUrl('notice', notice));
  });

  it('leaves out a hidden board (its address is not advertised) and dates a post by its last change', async () => {
    const writer = await member(t);
    const key = await createPost(t, writer.cookie, { subject: '날짜 확인' });
    const stamp = new Date('2026-03-04T05:06:07.890Z');
    await t.database.db.update(posts).set({ updatedAt: stamp }).where(eq(posts.key, key));
    answersChanged(t.database.db, postTags('free', key));
    const file = await get('/sitemap/posts-0.xml');
    const url = urlsOf(file.body).find((u) => u.loc === postUrl('free', key));
    expect(url?.lastmod).toBe('2026-03-04T05:06:07+00:00');

    await setBoard(t, 'free', { hidden: true });
    try {
      const locs = await allLocs();
      expect(locs).not.toContain(postUrl('free', key));
      expect(locs).not.toContain(`${ORIGIN}/board/free/c0/list`);
    } finally {
      await setBoard(t, 'free', { hidden: false });
    }
  });

  it('lists visible products, not hidden or merged ones', async () => {
    const shown = await addProduct();
    const hiddenOne = await addProduct({ hidden: true });
    const merged = await addProduct({ mergedInto: shown.id });
    const files = await indexFiles();
    expect(files.some((f) => /^\/sitemap\/products-\d+\.xml$/.test(f))).toBe(true);
    const locs = await allLocs();
    expect(locs).toContain(`${ORIGIN}/info/view/${shown.key}`);
    expect(locs).not.toContain(`${ORIGIN}/info/view/${hiddenOne.key}`);
    expect(locs).not.toContain(`${ORIGIN}/info/view/${merged.key}`);
  });

  it('pages posts by key ranges: a lower page size makes a second file, empty ranges are skipped', async () => {
    const writer = await member(t);
    const admin = await adminCookie(t);
    const a = await createPost(t, writer.cookie);
    const b = await createPost(t, writer.cookie);
    const c = await createPost(t, writer.cookie);
    const db = t.database.db;

    // Default size: one posts file holds them all.
    expect((await sitemapFiles(db)).filter((f) => f.startsWith('posts-'))).toEqual(['posts-0.xml']);

    // Two keys per file: a, b, c spread over the ranges of their keys.
    const per = 2;
    const files = await sitemapFiles(db, per);
    for (const k of [a, b, c]) expect(files).toContain(`posts-${Math.floor(k / per)}.xml`);
    const ranges = files.filter((f) => f.startsWith('posts-')).map((f) => Number(/\d+/.exec(f)![0]));
    expect(ranges.length).toBeGreaterThan(1);
    expect(ranges).toEqual([...ranges].sort((x, y) => x - y));
    for (const n of ranges) {
      const named = parseFileName(`posts-${n}.xml`)!;
      const xml = await fileXml(db, ORIGIN, named.source, named.page, per);
      const keys = urlsOf(xml!).map((u) => Number(/\/view\/(\d+)$/.exec(u.loc)![1]));
      expect(keys.length).toBeLessThanOrEqual(per);
      for (const k of keys) expect(Math.floor(k / per)).toBe(n);
    }

    // A range whose only post is on a restricted board (one key per file) is left out of the index.
    const lone = await createPost(t, admin, { boardId: 'notice' });
    await setBoard(t, 'notice', { readLevel: 1 });
    try {
      const restrictedOnly = await sitemapFiles(db, 1);
      expect(restrictedOnly).not.toContain(`posts-${lone}.xml`);
      expect(restrictedOnly).toContain(`posts-${c}.xml`);
    } finally {
      await setBoard(t, 'notice', { readLevel: 0 });
    }
  });
});

describe('sitemap files over HTTP', () => {
  it('keeps a file per node until a new post changes it; ETag, 304, public cache and gzip', async () => {
    const writer = await member(t);
    const first = await get('/sitemap/posts-0.xml');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.headers.etag).toBeTruthy();
    const hits = t.app.ctx.answers.stats.hits;
    const again = await get('/sitemap/posts-0.xml', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(t.app.ctx.answers.stats.hits).toBe(hits + 1);
    const zipped = await get('/sitemap/posts-0.xml', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');

    const key = await createPost(t, writer.cookie, { subject: '새 글' });
    expect((await get('/sitemap/posts-0.xml')).body).toContain(`<loc>${postUrl('free', key)}</loc>`);
    expect((await get('/sitemap/boards.xml')).statusCode).toBe(200);
  });

  it('answers 404 for names that are not a file and for a range with no readable post', async () => {
    for (const name of ['nope.xml', 'posts.xml', 'posts-01.xml', 'boards-0.xml', 'posts-x.xml', 'posts-0.txt', 'posts-9999999.xml', '..%2Frobots.txt']) {
      const res = await get(`/sitemap/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().message).toBe('사이트맵 파일을 찾을 수 없습니다.');
    }
    // The same name twice: an empty range is never kept as an answer.
    expect((await get('/sitemap/posts-9999999.xml')).statusCode).toBe(404);
  });
});
