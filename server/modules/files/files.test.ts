import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boards, files, levels, posts, users } from '../../db/schema/index.js';
import { createStorage } from '../../lib/storage.js';
import { createUser, login, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';
import { MSG as SNIFF_MSG } from './sniff.js';
import { exifText } from './images.js';
import { cleanupUnattached } from './service.js';
import { hugePng } from '../../test/huge-png.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(() => t.close());

async function member() {
  const u = await createUser(t);
  return { ...u, cookie: await login(t, u.userId, u.password) };
}

function upload(app: TestApp, data: Buffer, name: string, cookie?: string, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return app.app.inject({ method: 'POST', url: '/api/file/upload', payload: form, headers: cookie ? { cookie } : {} });
}

const down = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A 3000x2000 camera JPEG stored sideways (orientation 6), with EXIF including GPS. */
async function cameraJpeg() {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#4477aa' } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Canon', Model: 'Canon EOS R5', DateTime: '2024:05:01 10:20:30' },
      IFD2: {
        LensModel: 'RF24-70mm F2.8 L IS USM',
        FocalLength: '50/1',
        FNumber: '28/10',
        ExposureTime: '1/250',
        ISOSpeedRatings: '400',
        DateTimeOriginal: '2024:05:01 10:20:30',
      },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '126/1 58/1 0/1' },
    })
    .toBuffer();
}

const smallPng = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 4, background: '#ff000080' } }).png().toBuffer();

/** A minimal valid PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
/** An empty ZIP archive (end of central directory only). */
const ZIP = Buffer.from('504b0506' + '00'.repeat(18), 'hex');

async function makeBoard(readLevel: number) {
  const id = `b${readLevel}_${Math.random().toString(36).slice(2, 8)}`;
  await t.database.db.insert(boards).values({ id, name: `읽기 ${readLevel}`, readLevel });
  return id;
}

async function attach(fileKey: string, boardId: string, userNo: number, deleted = false) {
  const [p] = await t.database.db
    .insert(posts)
    .values({ boardId, userNo, nickName: '작성자', subject: '사진', content: '<p>사진</p>', deletedAt: deleted ? new Date() : null })
    .returning({ key: posts.key });
  await t.database.db.update(files).set({ postKey: p!.key }).where(eq(files.key, fileKey));
  return p!.key;
}

describe('exifText', () => {
  it('drops NUL padding, makes controls, bidi and invisible characters spaces and caps at 64 characters', () => {
    expect(exifText('Canon EOS R5\0\0\0')).toBe('Canon EOS R5');
    expect(exifText('a\u202Egpj.exe\u2066b\u2069\u200Bc\u0007d')).toBe('a gpj.exe b c d');
    expect(exifText(`${'가'.repeat(63)}😀😀`)).toBe(`${'가'.repeat(63)}😀`);
    expect(exifText('\u0000 \u202E ')).toBeNull();
  });
});

describe('POST /api/file/upload: images', () => {
  let u: Awaited<ReturnType<typeof member>>;
  let result: Record<string, unknown> & { fileKey: string; url: string; thumbUrl: string };
  beforeAll(async () => {
    u = await member();
    const res = await upload(t, await cameraJpeg(), '여행 사진.jpg', u.cookie, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    result = res.json();
  });

  it('re-encodes to a bounded, upright WebP and answers UploadResult', async () => {
    expect(result.fileKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(result).toMatchObject({ name: '여행 사진.webp', image: true, width: 1707, height: 2560 });
    expect(result.url).toBe(`/api/file/down/${result.fileKey}/${encodeURIComponent('여행 사진.webp')}`);
    expect(result.thumbUrl).toBe(`/api/file/down/${result.fileKey}/thumb`);
  });

  it('keeps the camera summary and never GPS', () => {
    expect(result.exif).toEqual({
      camera: 'Canon EOS R5',
      lens: 'RF24-70mm F2.8 L IS USM',
      focalLength: '50mm',
      aperture: 'f/2.8',
      shutter: '1/250',
      iso: 400,
      takenAt: '2024-05-01 10:20:30',
    });
    expect(JSON.stringify(result)).not.toMatch(/gps|latitude|longitude/i);
  });

  it('stores a WebP of at most 2560 px with no EXIF or GPS, under a dated folder', async () => {
    const [row] = await t.database.db.select().from(files).where(eq(files.key, result.fileKey));
    expect(row).toMatchObject({ postKey: null, mime: 'image/webp', image: true, userNo: u.no });
    expect(JSON.stringify(row!.exif)).not.toMatch(/gps|lat|lon/i);
    const today = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
    expect(row!.storagePath).toBe(`${today}/${result.fileKey}.webp`);
    const onDisk = readFileSync(join(t.app.ctx.config.dataDir, 'files', row!.storagePath));
    const meta = await sharp(onDisk).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2560);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(await exifr.parse(onDisk, true).catch(() => undefined)).toBeUndefined();
    expect(await exifr.gps(onDisk).catch(() => undefined)).toBeUndefined();
    expect(onDisk.includes('Canon')).toBe(false);
  });

  it('serves the image inline with safe headers to its uploader', async () => {
    const res = await down(result.url, u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('여행 사진.webp')}`);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect((await sharp(res.rawPayload).metadata()).height).toBe(2560);
  });

  it('stores a 1280 px medium WebP with no EXIF or GPS and serves it with immutable caching once public', async () => {
    const [row] = await t.database.db.select().from(files).where(eq(files.key, result.fileKey));
    expect(row!.mediumPath).toBe(row!.storagePath.replace(/\.webp$/, '.medium.webp'));
    for (const path of [row!.mediumPath!, row!.thumbPath!]) {
      const onDisk = readFileSync(join(t.app.ctx.config.dataDir, 'files', path));
      expect(await exifr.parse(onDisk, true).catch(() => undefined)).toBeUndefined();
      expect(await exifr.gps(onDisk).catch(() => undefined)).toBeUndefined();
      expect(onDisk.includes('Canon')).toBe(false);
    }
    const res = await down(`/api/file/down/${result.fileKey}/medium`, u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, Math.max(meta.width!, meta.height!)]).toEqual(['webp', 1280]);
    // Someone else cannot read it before it is attached.
    expect((await down(`/api/file/down/${result.fileKey}/medium`)).statusCode).toBe(404);
  });

  it('serves the thumbnail', async () => {
    const res = await down(result.thumbUrl, u.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(400);
    expect(meta.exif).toBeUndefined();
  });

  it('keeps EXIF text plain: control characters gone, each field capped', async () => {
    // sharp writes EXIF as ASCII, so this file carries controls and markup; exifText's own test
    // below covers bidi controls and other scripts.
    const jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#222' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Evil\u0007Cam\u001b[31m', Model: `<script>alert(1)</script>\t\r\n${'X'.repeat(200)}` },
        IFD2: { LensModel: `<img src=x onerror=alert(1)>\u0008\u007f${'L'.repeat(100)}` },
      })
      .toBuffer();
    const res = await upload(t, jpeg, 'exif.jpg', u.cookie, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const exif = res.json().exif as { camera: string; lens: string };
    // Markup stays text: the web app shows it as text, never as HTML. Each field is capped at 64.
    expect(exif.camera).toBe(`Evil Cam [31m ${'<script>alert(1)</script> '.padEnd(64, 'X')}`);
    expect(exif.lens).toBe('<img src=x onerror=alert(1)> '.padEnd(64, 'L'));
    const [row] = await t.database.db.select().from(files).where(eq(files.key, res.json().fileKey));
    expect(row!.exif).toEqual(res.json().exif);
  });

  it('treats a PNG named .txt as a PNG', async () => {
    const res = await upload(t, await smallPng(), 'notes.txt', u.cookie, 'text/plain');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'notes.webp', image: true, width: 40, height: 30, exif: null });
  });

  it('takes the first frame of an animated GIF and reads AVIF', async () => {
    const frame = (c: string) => sharp({ create: { width: 20, height: 20, channels: 3, background: c } }).png().toBuffer();
    const animated = await sharp([await frame('#f00'), await frame('#0f0'), await frame('#00f')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const g = await upload(t, animated, 'anim.gif', u.cookie);
    expect(g.statusCode).toBe(200);
    expect(g.json()).toMatchObject({ name: 'anim.webp', image: true, width: 20, height: 20 });
    const stored = await down(g.json().url, u.cookie);
    expect((await sharp(stored.rawPayload).metadata()).pages ?? 1).toBe(1);
    const avif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } }).avif().toBuffer();
    const a = await upload(t, avif, 'photo.avif', u.cookie);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ name: 'photo.webp', image: true, width: 64, height: 48 });
  });

  it('cleans the name: no folders, composed Hangul', async () => {
    const res = await upload(t, await smallPng(), '../../etc/\u1109\u1161\u110c\u1175\u11ab.png', u.cookie);
    expect(res.json().name).toBe('사진.webp');
  });

  it('refuses a broken image with a Korean message', async () => {
    const jpeg = await cameraJpeg();
    const res = await upload(t, jpeg.subarray(0, 2000), 'broken.jpg', u.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('사진 파일을 읽을 수 없습니다');
  });
});

describe('POST /api/file/upload: refused', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await member()).cookie;
  });

  it('needs a login', async () => {
    const res = await upload(t, await smallPng(), 'a.png');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('로그인이 필요합니다.');
  });

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg'],
    ['SVG with an XML prolog', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>', 'logo.png'],
    ['HTML disguised as .jpg', '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>', 'photo.jpg'],
    ['HTML after whitespace', '\n\n   <html><img src=x onerror=alert(1)>', 'photo.jpg'],
    ['HTML inside text', 'just notes\n<script>alert(1)</script>', 'notes.txt'],
  ])('refuses %s', async (_label, body, name) => {
    const res = await upload(t, Buffer.from(body), name, cookie, 'image/jpeg');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SNIFF_MSG.markup);
  });

  it('refuses unknown binary types and empty files', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const res = await upload(t, exe, 'setup.zip', cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SNIFF_MSG.type);
    const empty = await upload(t, Buffer.alloc(0), 'empty.txt', cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(SNIFF_MSG.empty);
  });

  it('asks for a file when none is sent', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload: {}, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('올릴 파일을 선택해 주세요.');
  });

  it('stores nothing for a refused file', async () => {
    const u = await member();
    await upload(t, Buffer.from('<svg/>'), 'x.svg', u.cookie);
    const rows = await t.database.db.select().from(files).where(eq(files.userNo, u.no));
    expect(rows).toHaveLength(0);
  });
});

describe('upload limits', () => {
  let small: TestApp;
  let cookie: string;
  beforeAll(async () => {
    small = await testApp({ RATE_LIMIT: 'false', UPLOAD_MAX_MB: '0.05', UPLOAD_MAX_MEGAPIXELS: '1' });
    const u = await createUser(small);
    cookie = await login(small, u.userId, u.password);
  });
  afterAll(() => small.close());

  it('refuses a file over the size limit', async () => {
    const res = await upload(small, Buffer.concat([PDF, Buffer.alloc(60 * 1024, 0x20)]), 'big.pdf', cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('파일이 너무 큽니다. 한 파일에 0.1MB까지 올릴 수 있습니다.');
  });

  it('refuses an image over the pixel limit', async () => {
    const png = await sharp({ create: { width: 1200, height: 1000, channels: 3, background: '#000' } }).png().toBuffer();
    expect(png.length).toBeLessThan(50 * 1024);
    const res = await upload(small, png, 'wide.png', cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('화소 수가 너무 큽니다');
  });

  it('names the pixel limit for a picture past the image library\'s own limit (20,000 × 20,000)', async () => {
    const png = hugePng(20_000);
    const res = await upload(t, png, 'huge.png', (await member()).cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: '사진의 화소 수가 너무 큽니다. 60메가픽셀 이하로 줄여서 올려 주세요.' });
  });
});

describe('upload rate limit', () => {
  it('allows 60 uploads per member in ten minutes', async () => {
    const limited = await testApp({});
    try {
      const u = await createUser(limited);
      const cookie = await login(limited, u.userId, u.password);
      const text = Buffer.from('메모\n');
      for (let i = 0; i < 60; i++) expect((await upload(limited, text, `${i}.txt`, cookie)).statusCode).toBe(200);
      const res = await upload(limited, text, 'one-more.txt', cookie);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toContain('잠시 후 다시 시도해 주세요');
      // Another member is not affected.
      const other = await createUser(limited);
      expect((await upload(limited, text, 'a.txt', await login(limited, other.userId, other.password))).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe('GET /api/file/down', () => {
  it('sends attachments with a Korean file name as attachment', async () => {
    const u = await member();
    for (const [data, name, mime] of [
      [PDF, '촬영 일정표.pdf', 'application/pdf'],
      [ZIP, '원본 사진 모음.zip', 'application/zip'],
      [Buffer.from('안녕하세요\r\n'), '메모.txt', 'text/plain'],
    ] as const) {
      const up = await upload(t, data, name, u.cookie);
      expect(up.statusCode).toBe(200);
      expect(up.json()).toMatchObject({ name, image: false, thumbUrl: null, width: null, exif: null, size: data.length });
      const res = await down(up.json().url, u.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(mime);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename=(?:"[^"]*"|[\w.-]+); filename\*=UTF-8''/);
      expect(res.headers['content-disposition']).toContain(encodeURIComponent(name));
      // Old clients get underscores for the Korean letters, not question marks.
      expect(res.headers['content-disposition']).toContain(name.replace(/[^\x20-\x7e]/g, '_'));
      expect(res.rawPayload.equals(data)).toBe(true);
    }
  });

  it('serves a file with a long Korean name', async () => {
    const u = await member();
    const name = '가'.repeat(100) + '.pdf';
    const up = await upload(t, PDF, name, u.cookie);
    expect(up.json().name).toBe(name);
    expect((await down(up.json().url, u.cookie)).statusCode).toBe(200);
  });

  it('keeps an unattached file to its uploader', async () => {
    const owner = await member();
    const other = await member();
    const up = (await upload(t, PDF, 'a.pdf', owner.cookie)).json();
    for (const cookie of [other.cookie, undefined]) {
      const res = await down(up.url, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('파일을 찾을 수 없습니다.');
    }
  });

  it('checks the read level of the board the file is attached to', async () => {
    const owner = await member();
    const low = await member();
    const high = await member();
    const [middle] = await t.database.db.select().from(levels).where(eq(levels.minPoints, 1000));
    await t.database.db.update(users).set({ points: 1000, levelId: middle!.id }).where(eq(users.no, high.no));
    const admin = await login(t, TEST_ADMIN.userId, TEST_ADMIN.password);
    const up = (await upload(t, await smallPng(), 'a.png', owner.cookie)).json();
    await attach(up.fileKey, await makeBoard(3), owner.no);

    const refused = await down(up.url, low.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('이 파일을 볼 권한이 없습니다.');
    expect((await down(up.thumbUrl, low.cookie)).statusCode).toBe(403);
    expect((await down(up.url)).statusCode).toBe(403);
    // The uploader too reads it through the board's rule once it is attached.
    expect((await down(up.url, owner.cookie)).statusCode).toBe(403);
    const ok = await down(up.url, high.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, max-age=3600');
    expect((await down(up.url, admin)).statusCode).toBe(200);
  });

  it('lets visitors read files of a public board, cached publicly', async () => {
    const owner = await member();
    const up = (await upload(t, await smallPng(), 'a.png', owner.cookie)).json();
    await attach(up.fileKey, await makeBoard(0), owner.no);
    const res = await down(up.thumbUrl);
    expect(res.statusCode).toBe(200);
    // An image never changes under its key: kept a year once everyone may read it.
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('hides files of a deleted post', async () => {
    const owner = await member();
    const up = (await upload(t, PDF, 'a.pdf', owner.cookie)).json();
    await attach(up.fileKey, await makeBoard(0), owner.no, true);
    expect((await down(up.url, owner.cookie)).statusCode).toBe(404);
  });

  it('answers 404 in Korean for an unknown file', async () => {
    const res = await down('/api/file/down/AAAAAAAAAAAAAAAAAAAAAA/thumb');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('파일을 찾을 수 없습니다.');
    expect((await down('/api/file/down/..%2F..%2Fetc/passwd')).statusCode).toBe(404);
  });
});

describe('cleanupUnattached', () => {
  it('removes files never attached after a day, and nothing else', async () => {
    const u = await member();
    const db = t.database.db;
    const old = (await upload(t, await smallPng(), 'old.png', u.cookie)).json();
    const fresh = (await upload(t, PDF, 'fresh.pdf', u.cookie)).json();
    const kept = (await upload(t, PDF, 'kept.pdf', u.cookie)).json();
    await attach(kept.fileKey, await makeBoard(0), u.no);
    await db
      .update(files)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${files.key} in (${old.fileKey}, ${kept.fileKey})`);
    const [oldRow] = await db.select().from(files).where(eq(files.key, old.fileKey));
    const root = join(t.app.ctx.config.dataDir, 'files');
    expect(existsSync(join(root, oldRow!.storagePath))).toBe(true);

    expect(await cleanupUnattached(db, createStorage(t.app.ctx.config))).toBeGreaterThanOrEqual(1);

    const left = (await db.select({ key: files.key }).from(files).where(eq(files.userNo, u.no))).map((r) => r.key);
    expect(left.sort()).toEqual([fresh.fileKey, kept.fileKey].sort());
    expect(existsSync(join(root, oldRow!.storagePath))).toBe(false);
    expect(existsSync(join(root, oldRow!.thumbPath!))).toBe(false);
    expect(readdirSync(join(root, oldRow!.storagePath, '..')).some((f) => f.startsWith(old.fileKey))).toBe(false);
  });
});
