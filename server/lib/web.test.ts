// Serving the built web app: deep links get index.html with their link preview (never cached), hashed assets are
// cached for a year, unknown API paths stay JSON, and large responses are compressed.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../config.js';
import { post, testApp, type TestApp } from '../test/harness.js';

const INDEX = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>찰칵</title>
<script type="module" src="/assets/x-abc123.js"></script></head><body><div id="root"></div>
<!-- ${'padding so the page is worth compressing '.repeat(60)} --></body></html>`;
const ASSET = `export const x = ${JSON.stringify('a'.repeat(4000))};\n`;

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chalkak-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'x-abc123.js'), ASSET);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await testApp({ RATE_LIMIT: 'false' }, { webDir: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** index.html as served: the same page and script, with the page's link preview in its head. */
function expectIndex(body: string, index = INDEX) {
  for (const tag of index.match(/<script[^>]*><\/script>|<div id="root"><\/div>/g) ?? []) expect(body).toContain(tag);
  expect(body).toMatch(/<meta property="og:title" content="[^"]+">/);
  expect(body.replace(/<title>[\s\S]*?<\/title>|<meta [^>]*>|<link rel="canonical"[^>]*>|\s+/g, '')).toBe(
    index.replace(/<title>[\s\S]*?<\/title>|<meta [^>]*>|\s+/g, ''),
  );
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('web app', () => {
  it('answers a deep link with index.html, never cached', async () => {
    for (const url of ['/board/free/c0/list', '/', '/space/admin/gallery/2', '/user/join?from=menu']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expectIndex(res.body);
    }
  });

  it('serves index.html with the security headers (CSP without inline scripts)', async () => {
    const res = await get('/board/free/c0/list');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves a hashed asset with a long immutable cache', async () => {
    const res = await get('/assets/x-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(ASSET);
  });

  it('answers HEAD on a deep link like GET, without a body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/board/free/c0/list' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe('');
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    const res = await get('/assets/missing-000000.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('caches other static files for an hour', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps unknown /api paths as JSON 404', async () => {
    for (const res of [await get('/api/nope'), await post(t, '/api/nope')]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: '요청한 내용을 찾을 수 없습니다.' });
    }
  });

  it('does not serve files outside the web folder', async () => {
    for (const url of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json']) {
      const res = await get(url);
      expect(res.body, url).not.toContain('"name": "chalkak"');
    }
  });

  it('answers a POST to a page path with 404, not the app', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/board/free/c0/list' });
    expect(res.statusCode).toBe(404);
  });
});

describe('compression', () => {
  it('gzips a large enough page when asked', async () => {
    const res = await get('/board/free/c0/list', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expectIndex(gunzipSync(res.rawPayload).toString('utf8'));
  });

  it('gzips a large asset and a large API answer', async () => {
    const asset = await get('/assets/x-abc123.js', { 'accept-encoding': 'gzip' });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asset.rawPayload).toString('utf8')).toBe(ASSET);
    const menu = await post(t, '/api/menu/topMenu', {}, undefined, { 'accept-encoding': 'gzip' });
    expect(menu.statusCode).toBe(200);
    expect(menu.headers['content-encoding']).toBe('gzip');
    expect(Array.isArray(JSON.parse(gunzipSync(menu.rawPayload).toString('utf8')))).toBe(true);
  });

  it('leaves small answers and clients without gzip alone', async () => {
    const small = await post(t, '/api/session/info', {}, undefined, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await get('/board/free/c0/list');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expectIndex(plain.body);
  });
});

describe('without a built web app', () => {
  it('answers page paths with a JSON 404', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'chalkak-noweb-'));
    const bare = await testApp({ RATE_LIMIT: 'false' }, { webDir: empty });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/board/free/c0/list' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: '요청한 내용을 찾을 수 없습니다.' });
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

const BUILT = join(ROOT, 'dist/web');
describe.runIf(existsSync(join(BUILT, 'index.html')))('the real build in dist/web', () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await testApp({ RATE_LIMIT: 'false' });
  });
  afterAll(() => built.close());

  it('serves index.html for a deep link and hashed assets with a long cache', async () => {
    const page = await built.app.inject({ method: 'GET', url: '/board/free/c0/list' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expectIndex(page.body, readFileSync(join(BUILT, 'index.html'), 'utf8'));
    const asset = readdirSync(join(BUILT, 'assets')).find((f) => f.endsWith('.js'));
    expect(asset).toBeDefined();
    const res = await built.app.inject({ method: 'GET', url: `/assets/${asset}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await built.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: '요청한 내용을 찾을 수 없습니다.' });
  });
});
