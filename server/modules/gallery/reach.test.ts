// Reach (decision 25) for galleries and spaces: link previews, sitemap files and the gallery feed,
// only what a visitor may read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../test/boards.js';
import { createGallery, gpsJpeg, upload } from '../../test/gallery.js';
import { testApp, type TestApp, post } from '../../test/harness.js';

const ORIGIN = 'https://chalkak.example';
const INDEX = '<!doctype html><html lang="ko"><head><meta charset="UTF-8" /><meta name="description" content="찰칵" /><title>찰칵</title></head><body><div id="root"></div></body></html>';
let dir: string;
let t: TestApp;
let owner: Awaited<ReturnType<typeof member>>;
let key: number;
let shot: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chalkak-gallery-reach-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  t = await testApp({ RATE_LIMIT: 'false', PUBLIC_ORIGIN: ORIGIN }, { webDir: dir });
  owner = await member(t);
  shot = await upload(t, owner.cookie, await gpsJpeg(1400, 900));
  key = await createGallery(t, owner.cookie, { title: '<b>한강</b> 노을', description: '여름 저녁', photos: [{ fileKey: shot }] });
});
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'facebookexternalhit/1.1' } });
const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

describe('link previews', () => {
  it('previews a gallery item with its title, text, the 1280 px photo and its own address', async () => {
    const html = (await get(`/gallery/view/${key}`)).body;
    expect(meta(html, 'og:title')).toBe('&lt;b&gt;한강&lt;/b&gt; 노을');
    expect(meta(html, 'og:description')).toBe('여름 저녁');
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}/api/file/down/${shot}/medium`);
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/gallery/view/${key}`);
  });

  it("previews a member's space and its tabs; a deleted item and an unknown member as the site", async () => {
    for (const path of [`/space/${owner.userId}`, `/space/${owner.userId}/museum/show/${key}`]) {
      const html = (await get(path)).body;
      expect(meta(html, 'og:title')).toBe(`${owner.nickName}님의 공간`);
      expect(meta(html, 'og:url')).toBe(`${ORIGIN}/space/${owner.userId}`);
    }
    expect(meta((await get('/space/nobody_here')).body, 'og:url')).toBe(`${ORIGIN}/`);
    const gone = await createGallery(t, owner.cookie, { title: '지울 사진' });
    await post(t, '/api/gallery/delete', { galleryKey: gone }, owner.cookie);
    expect(meta((await get(`/gallery/view/${gone}`)).body, 'og:url')).toBe(`${ORIGIN}/`);
  });
});

describe('sitemap and feed', () => {
  it('lists gallery items and sharing members in their own sitemap files', async () => {
    const index = (await get('/sitemap.xml')).body;
    expect(index).toContain(`${ORIGIN}/sitemap/gallery-0.xml`);
    expect(index).toContain(`${ORIGIN}/sitemap/spaces-0.xml`);
    expect((await get('/sitemap/gallery-0.xml')).body).toContain(`<loc>${ORIGIN}/gallery/view/${key}</loc>`);
    expect((await get('/sitemap/spaces-0.xml')).body).toContain(`<loc>${ORIGIN}/space/${owner.userId}</loc>`);
  });

  it('answers the gallery feed as RSS with links to gallery pages and the medium photo', async () => {
    const res = await get('/feed/gallery.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.body).toContain(`<link>${ORIGIN}/gallery/view/${key}</link>`);
    expect(res.body).toContain(`${ORIGIN}/api/file/down/${shot}/medium`);
    // The title escaped for HTML, then for XML (feeds/feed-markup.test.ts).
    expect(res.body).toContain('<title>&amp;lt;b&gt;한강&amp;lt;/b&gt; 노을</title>');
    expect(res.body).not.toMatch(/gps|latitude/i);
  });
});
