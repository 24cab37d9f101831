// The installable app: the manifest (fields, the community's name from setup, its cache headers),
// the icons made from the club's logo (their real sizes read back with sharp, a new version when
// the logo changes, the site's mark without one or for an unreadable one), and how the built
// service worker is served (no long cache, the CSP that lets it and the manifest load).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSetupInfo, AdminSetupSave } from '../../../common/api/admin-setup.js';
import { adminCookie } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { drawIcon } from './icons.js';

let dir: string;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chalkak-pwa-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="ko"><head><title>찰칵</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(join(dir, 'offline.html'), '<!doctype html><title>오프라인</title><button>다시 시도</button>');
  t = await testApp({ RATE_LIMIT: 'false' }, { webDir: dir });
  admin = await adminCookie(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}
const manifest = async () => (await get('/manifest.webmanifest')).json() as Manifest;

async function setSiteName(siteName: string) {
  const cur = (await post(t, '/api/admin/setup/info', {}, admin)).json() as AdminSetupInfo;
  const form: AdminSetupSave = { settings: { ...cur.settings, siteName }, levels: cur.levels.map(({ members: _m, ...l }) => l) };
  const res = await post(t, '/api/admin/setup/save', form, admin);
  expect(res.statusCode).toBe(200);
}

/** Uploads a picture as the admin and makes it a main logo (active, maybe scheduled). */
async function mainLogo(png: Buffer, over: object = {}): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const up = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload: form, headers: { cookie: admin } });
  expect(up.statusCode).toBe(200);
  const saved = await post(t, '/api/admin/logo/save', { kind: 'main', name: '동호회 로고', year: '', imageUrl: '', startsOn: null, endsOn: null, fileKey: up.json().fileKey, ...over }, admin);
  expect(saved.statusCode).toBe(200);
  const id = saved.json().id as number;
  expect((await post(t, '/api/admin/logo/activate', { id, active: true }, admin)).statusCode).toBe(200);
  return id;
}

const setActive = async (id: number, active: boolean) => expect((await post(t, '/api/admin/logo/activate', { id, active }, admin)).statusCode).toBe(200);

/** The icon's bytes, its format and size as sharp reads them, and the colour at its centre. */
async function icon(src: string) {
  const res = await get(src);
  expect(res.statusCode, src).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  const meta = await sharp(res.rawPayload).metadata();
  const { data, info } = await sharp(res.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
  return { res, meta, centre: at(Math.floor(info.width / 2), Math.floor(info.height / 2)), corner: at(1, 1) };
}

/** Uploads are re-encoded: a colour comes back within a few steps of what was sent. */
const expectColour = (got: number[], want: number[], what = '') =>
  expect(got.every((c, i) => Math.abs(c - want[i]!) <= 6), `${what} ${got.join(',')} vs ${want.join(',')}`).toBe(true);

const versionOf = (m: Manifest) => new URL(m.icons[0]!.src, 'http://x').searchParams.get('v');

describe('/manifest.webmanifest', () => {
  it('describes the installable app in Korean, with the site colours and three icons', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const m = res.json() as Manifest;
    expect(m).toMatchObject({
      name: '찰칵',
      short_name: '찰칵',
      lang: 'ko',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
      background_color: '#f8fafc',
    });
    expect(m.icons.map((i) => [i.sizes, i.purpose, i.type])).toEqual([
      ['192x192', 'any', 'image/png'],
      ['512x512', 'any', 'image/png'],
      ['512x512', 'maskable', 'image/png'],
    ]);
  });

  it('answers 304 to a browser that has it already', async () => {
    const first = await get('/manifest.webmanifest');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/manifest.webmanifest', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('takes the community name from setup; a long one is cut for the short name', async () => {
    try {
      await setSiteName('한빛 사진 동호회 찰칵 마을 이야기');
      const m = await manifest();
      expect(m.name).toBe('한빛 사진 동호회 찰칵 마을 이야기');
      expect(m.short_name).toBe('한빛 사진 동호회 찰칵');
      expect(m.short_name.length).toBe(12);
    } finally {
      await setSiteName('찰칵');
    }
  });
});

describe('/icons', () => {
  it('serves each icon of the manifest at its size, PNG, cached for good under its version', async () => {
    const m = await manifest();
    for (const i of m.icons) {
      const { res, meta } = await icon(i.src);
      const [w, h] = i.sizes.split('x').map(Number);
      expect([meta.format, meta.width, meta.height], i.src).toEqual(['png', w, h]);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // Apple's touch icon (named by index.html without a version) and the notification badge.
    const apple = await icon('/icons/apple-touch-icon.png');
    expect([apple.meta.width, apple.meta.height]).toEqual([180, 180]);
    expect(apple.res.headers['cache-control']).toBe('public, max-age=3600');
    const badge = await icon('/icons/badge-96.png');
    expect([badge.meta.width, badge.meta.height, badge.meta.hasAlpha]).toEqual([96, 96, true]);
  });

  it('draws the site mark without a logo: blue, and the maskable one blue to its edges', async () => {
    const m = await manifest();
    const maskable = await icon(m.icons[2]!.src);
    expect(maskable.corner).toEqual([0x1d, 0x4e, 0xd8]);
  });

  it('refuses names it does not make', async () => {
    for (const url of ['/icons/other.png', '/icons/..%2Fpackage.json', '/icons/icon-192.png.map']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it("makes the icons from the club's standing main logo; a new logo is a new version; off again, the mark", async () => {
    const before = versionOf(await manifest());
    const red = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#cc1122' } }).png().toBuffer();
    const id = await mainLogo(red);
    try {
      const m = await manifest();
      const version = versionOf(m);
      expect(version).not.toBe(before);
      for (const i of m.icons) {
        const { meta, centre } = await icon(i.src);
        expect([meta.width, meta.height]).toEqual(i.sizes.split('x').map(Number));
        expectColour(centre, [0xcc, 0x11, 0x22], i.src);
      }
      // The maskable icon keeps the logo inside the safe circle: white at its corners.
      expect((await icon(m.icons[2]!.src)).corner).toEqual([255, 255, 255]);

      // Another logo: another version, other pixels.
      const green = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#118833' } }).png().toBuffer();
      const second = await mainLogo(green);
      const next = await manifest();
      expect(versionOf(next)).not.toBe(version);
      expectColour((await icon(next.icons[0]!.src)).centre, [0x11, 0x88, 0x33]);
      // An old version's address still answers, the current icon, without the long cache.
      const old = await icon(m.icons[0]!.src);
      expectColour(old.centre, [0x11, 0x88, 0x33]);
      expect(old.res.headers['cache-control']).toBe('public, max-age=3600');
      await setActive(second, false);
    } finally {
      await setActive(id, false);
    }
    expect(versionOf(await manifest())).toBe(before);
  });

  it('leaves a holiday (scheduled) logo off the icons', async () => {
    const before = versionOf(await manifest());
    const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#ff9900' } }).png().toBuffer();
    const id = await mainLogo(png, { startsOn: '2000-01-01', endsOn: '2999-12-31' });
    try {
      expect(versionOf(await manifest())).toBe(before);
    } finally {
      await setActive(id, false);
    }
  });

  it('draws the site mark for a logo it cannot read', async () => {
    const png = await drawIcon('icon-192.png', Buffer.from('not a picture'))
      .then(() => 'drawn')
      .catch(() => 'refused');
    expect(png).toBe('refused');
    const fallback = await sharp(await drawIcon('icon-192.png', null)).metadata();
    expect([fallback.width, fallback.height]).toEqual([192, 192]);
  });
});

describe('/sw.js', () => {
  it('is served as a script the browser checks again at every start, with the CSP for workers and the manifest', async () => {
    const res = await get('/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('serves the offline page the worker keeps', async () => {
    const res = await get('/offline.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
