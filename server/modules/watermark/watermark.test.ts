// Watermarks and credit on gallery photos: the settings calls (defaults, saving, refusals), the
// watermark drawn on the served large and medium sizes of uploads made for a gallery and never on
// the original only its uploader may download, and Artist/Copyright kept only when chosen, GPS never.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { member } from '../../test/boards.js';
import { createGallery, gpsJpeg } from '../../test/gallery.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { watermarkOverlay } from '../files/watermark.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof member>>;
const SETTINGS = { enabled: true, text: 'Chalkak 찰칵', position: 'bottom-right', opacity: 80, keepCredit: false };

async function upload(cookie: string, data: Buffer, forGallery = true) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await t.app.inject({ method: 'POST', url: forGallery ? '/api/file/upload?for=gallery' : '/api/file/upload', payload: form, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().fileKey as string;
}

const save = (m: Member, body: object) => post(t, '/api/gallery/watermark/save', body, m.cookie);
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function fileRow(key: string) {
  const [row] = await t.database.db.select().from(files).where(eq(files.key, key));
  return row!;
}
const stored = (path: string) => readFileSync(join(t.app.ctx.config.dataDir, 'files', path));

/** Mean absolute difference per channel of two same-sized pictures over a region (0–255). */
async function regionDiff(a: Buffer, b: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).extract(region).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

/** The EXIF a served WebP carries, parsed (exifr does not read WebP; sharp hands the block over). */
async function exifOf(webp: Buffer): Promise<Record<string, unknown> | undefined> {
  const meta = await sharp(webp).metadata();
  if (!meta.exif) return undefined;
  return exifr.parse(meta.exif.subarray(6), true);
}

describe('/api/gallery/watermark and /save', () => {
  it('answers the defaults with the nickname an empty text stands for, and saves a cleaned text', async () => {
    const m = await member(t);
    const first = await post(t, '/api/gallery/watermark', {}, m.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ enabled: false, text: '', position: 'bottom-right', opacity: 50, keepCredit: false, nickName: m.nickName });

    const res = await save(m, { ...SETTINGS, text: '  찰칵\u202E  클럽\u0007 ', position: 'top-left', opacity: 30 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, text: '찰칵 클럽', position: 'top-left', opacity: 30 });
    expect((await post(t, '/api/gallery/watermark', {}, m.cookie)).json()).toMatchObject({ text: '찰칵 클럽', position: 'top-left', opacity: 30 });
  });

  it.each([
    [{ opacity: 5 }, '불투명도는 10% 이상이어야 합니다.'],
    [{ opacity: 95 }, '불투명도는 90% 이하여야 합니다.'],
    [{ opacity: 33.5 }, '불투명도는 10에서 90 사이의 정수로 보내 주세요.'],
    [{ position: 'middle' }, '워터마크 위치를 골라 주세요.'],
    [{ text: '가'.repeat(41) }, '워터마크 문구는 40자까지 쓸 수 있습니다.'],
    [{ enabled: 'yes' }, '워터마크 사용 여부는 true나 false로 보내 주세요.'],
  ])('refuses %o in Korean and changes nothing', async (over, message) => {
    const m = await member(t);
    const res = await save(m, { ...SETTINGS, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await post(t, '/api/gallery/watermark', {}, m.cookie)).json()).toMatchObject({ enabled: false, opacity: 50 });
  });

  it('is for members only', async () => {
    expect((await post(t, '/api/gallery/watermark', {})).statusCode).toBe(401);
    expect((await post(t, '/api/gallery/watermark/save', SETTINGS)).statusCode).toBe(401);
  });
});

describe('the watermark on gallery uploads', () => {
  let owner: Member;
  let photo: Buffer;
  let marked: string;
  let plain: string;
  beforeAll(async () => {
    owner = await member(t);
    photo = await gpsJpeg();
    plain = await upload(owner.cookie, photo);
    expect((await save(owner, SETTINGS)).statusCode).toBe(200);
    marked = await upload(owner.cookie, photo);
    await createGallery(t, owner.cookie, { photos: [{ fileKey: marked, caption: '' }] });
  });

  it('is drawn on the medium and large sizes where chosen, and nowhere else on the picture', async () => {
    const [a, b] = await Promise.all([fileRow(marked), fileRow(plain)]);
    for (const [path, other] of [
      [a.mediumPath!, b.mediumPath!],
      [a.storagePath, b.storagePath],
    ] as const) {
      const withMark = stored(path);
      const without = stored(other);
      const { width, height } = await sharp(withMark).metadata();
      const corner = { width: Math.round(width! * 0.3), height: Math.round(height! * 0.12) };
      const bottomRight = await regionDiff(withMark, without, { left: width! - corner.width, top: height! - corner.height, ...corner });
      const topLeft = await regionDiff(withMark, without, { left: 0, top: 0, ...corner });
      expect(bottomRight).toBeGreaterThan(8);
      expect(topLeft).toBeLessThan(1);
    }
    // The thumbnail is left alone.
    expect(await regionDiff(stored(a.thumbPath!), stored(b.thumbPath!), { left: 0, top: 0, width: 400, height: 250 })).toBeLessThan(1);
  });

  it('keeps the original without it, for the uploader alone', async () => {
    const a = await fileRow(marked);
    expect(a.originalPath).toMatch(/\.original\.webp$/);
    expect((await fileRow(plain)).originalPath).toBeNull();

    const mine = await get(`/api/file/down/${marked}/original`, owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.headers['cache-control']).toBe('private, max-age=3600');
    expect(mine.headers['content-disposition']).toMatch(/^attachment/);
    const b = await fileRow(plain);
    const { width, height } = await sharp(mine.rawPayload).metadata();
    expect(await regionDiff(mine.rawPayload, stored(b.storagePath), { left: 0, top: 0, width: width!, height: height! })).toBeLessThan(1);

    // The item is public: anyone sees the watermarked sizes, nobody else the original.
    const other = await member(t);
    expect((await get(`/api/file/down/${marked}/medium`, other.cookie)).statusCode).toBe(200);
    expect((await get(`/api/file/down/${marked}/original`, other.cookie)).statusCode).toBe(404);
    const visitor = await get(`/api/file/down/${marked}/original`);
    expect(visitor.statusCode).toBe(404);
    expect(visitor.json().message).toBe('파일을 찾을 수 없습니다.');
  });

  it('is not drawn on uploads made for a post, nor on earlier photos', async () => {
    const board = await upload(owner.cookie, photo, false);
    const row = await fileRow(board);
    expect(row.originalPath).toBeNull();
    const b = await fileRow(plain);
    expect(await regionDiff(stored(row.mediumPath!), stored(b.mediumPath!), { left: 0, top: 0, width: 1280, height: 800 })).toBeLessThan(1);
  });

  it('draws any text as text: markup is escaped, Korean and long texts fit', async () => {
    const m = await member(t);
    for (const text of ['<svg onload=alert(1)>&"\'', '가나다라마바사아자차카타파하'.repeat(2) + 'ABCDEFGHIJKL', '📷']) {
      expect((await save(m, { ...SETTINGS, text, position: 'center' })).statusCode).toBe(200);
      const key = await upload(m.cookie, await sharp({ create: { width: 300, height: 200, channels: 3, background: '#202020' } }).jpeg().toBuffer());
      const row = await fileRow(key);
      expect(row.originalPath).not.toBeNull();
    }
  });
});

describe('Artist and Copyright', () => {
  it('are kept in the served sizes only when chosen, from the member when the photo has none, and GPS never', async () => {
    const m = await member(t);
    const photo = await gpsJpeg(800, 500);
    const without = await fileRow(await upload(m.cookie, photo));
    expect(await exifOf(stored(without.storagePath))).toBeUndefined();

    expect((await save(m, { ...SETTINGS, enabled: false, keepCredit: true })).statusCode).toBe(200);
    const kept = await fileRow(await upload(m.cookie, photo));
    // The text 'Chalkak 찰칵' is not ASCII and the nickname is Korean: the member ID stands in.
    const year = new Date().getFullYear();
    for (const path of [kept.storagePath, kept.mediumPath!]) {
      const file = stored(path);
      const tags = await exifOf(file);
      expect(tags).toMatchObject({ Artist: m.userId, Copyright: `Copyright (c) ${year} ${m.userId}` });
      expect(JSON.stringify(tags)).not.toMatch(/GPS|latitude|longitude|Canon|EF24/i);
      expect(file.includes('Canon')).toBe(false);
    }
    expect(await exifOf(stored(kept.thumbPath!))).toBeUndefined();
    expect(kept.originalPath).toBeNull();

    // A photo's own Artist and Copyright are preferred.
    const credited = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#335577' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Hong Gildong', Copyright: '(c) Hong Gildong' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1' } })
      .toBuffer();
    const own = await fileRow(await upload(m.cookie, credited));
    const tags = await exifOf(stored(own.storagePath));
    expect(tags).toMatchObject({ Artist: 'Hong Gildong', Copyright: '(c) Hong Gildong' });
    expect(JSON.stringify(tags)).not.toMatch(/GPS|latitude/i);
  });
});

describe('fonts', () => {
  it('Korean text is drawn (fonts-noto-cjk)', async () => {
    const plain = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#335577' } }).png().toBuffer();
    const marked = await sharp(plain)
      .composite([watermarkOverlay({ text: '찰칵찰칵', position: 'center', opacity: 90 }, 1200, 800)])
      .png()
      .toBuffer();
    // The four syllables, 36 px tall, around the middle.
    expect(await regionDiff(marked, plain, { left: 520, top: 380, width: 160, height: 40 })).toBeGreaterThan(15);
  });

  it('a machine without fonts still makes the photo (the text may not show)', () => {
    const conf = join(tmpdir(), `chalkak-no-fonts-${process.pid}.conf`);
    writeFileSync(conf, '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>/nonexistent</dir><cachedir>/tmp/chalkak-no-fonts-cache</cachedir></fontconfig>');
    const script = `
      import sharp from 'sharp';
      import { watermarkOverlay } from './server/modules/files/watermark.ts';
      const out = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#335577' } })
        .composite([watermarkOverlay({ text: '찰칵 Chalkak', position: 'center', opacity: 80 }, 400, 300)])
        .webp()
        .toBuffer({ resolveWithObject: true });
      console.log(out.info.width + 'x' + out.info.height);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '../../..'),
      env: { ...process.env, FONTCONFIG_FILE: conf },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('400x300');
  });
});
