// HEIC/HEIF uploads: decoded to the site's WebP sizes with the EXIF summary kept (and matched to
// products), GPS never; broken, oversized and slow files refused with nothing stored; accepted
// through the gallery, board and market saves.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { createPost, member, viewFreePost } from '../../test/boards.js';
import { CATALOGUE_PRODUCTS, ensureProducts } from '../../test/exif-match-cases.js';
import { createGallery } from '../../test/gallery.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { itemBody, seller } from '../../test/market.js';
import { productIndex } from '../products/product-index.js';
import { decodeHeif, HeifRefusal } from './heif.js';
import { MSG as SNIFF_MSG } from './sniff.js';

const HEIC = readFileSync(join(import.meta.dirname, '../../test/fixtures/canon-exif.heic'));
const NO_GPS = /gps|latitude|longitude|"lat"|"lon"/i;

let t: TestApp;
let ids: Map<string, number>;
const productKey = async (exifName: string) => (await productIndex(t.database.db)).byId.get(ids.get(exifName)!)!.key;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  ({ ids } = await ensureProducts(t.database.db, CATALOGUE_PRODUCTS));
});
afterAll(() => t.close());

function upload(data: Buffer, name: string, cookie: string, type = 'image/heic') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return t.app.inject({ method: 'POST', url: '/api/file/upload', payload: form, headers: { cookie } });
}

const onDisk = (path: string) => readFileSync(join(t.app.ctx.config.dataDir, 'files', path));

/** Every stored object under the file store, so a refusal can be seen to leave nothing behind. */
function storedObjects(): string[] {
  const root = join(t.app.ctx.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name));
  } catch {
    return [];
  }
}

/** The fixture with its ispe box (the picture's declared size) set to width × height. */
function withDeclaredSize(width: number, height: number): Buffer {
  const copy = Buffer.from(HEIC);
  const at = copy.indexOf('ispe');
  expect(at).toBeGreaterThan(0);
  copy.writeUInt32BE(width, at + 8);
  copy.writeUInt32BE(height, at + 12);
  return copy;
}

describe('POST /api/file/upload: HEIC', () => {
  it('stores the photo as the site\'s WebP sizes, with the camera, lens and exposure kept and matched, and no GPS', async () => {
    const u = await member(t);
    const res = await upload(HEIC, 'IMG_0001.HEIC', u.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({
      name: 'IMG_0001.webp',
      image: true,
      width: 320,
      height: 240,
      exif: { camera: 'Canon EOS 5D Mark IV', lens: 'EF24-70mm f/2.8L II USM', focalLength: '35mm', aperture: 'f/2.8', shutter: '1/200', iso: 100 },
      cameraProduct: { key: await productKey('Canon EOS 5D Mark IV') },
      lensProduct: { key: await productKey('Canon EF 24-70mm f/2.8L II USM') },
    });
    expect(JSON.stringify(result)).not.toMatch(NO_GPS);

    const [row] = await t.database.db.select().from(files).where(eq(files.key, result.fileKey));
    expect(row).toMatchObject({ mime: 'image/webp', cameraProductId: ids.get('Canon EOS 5D Mark IV'), lensProductId: ids.get('Canon EF 24-70mm f/2.8L II USM') });
    expect(JSON.stringify(row!.exif)).not.toMatch(NO_GPS);
    for (const path of [row!.storagePath, row!.mediumPath!, row!.thumbPath!]) {
      const stored = onDisk(path);
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.hasAlpha).toBe(false);
      expect(await exifr.gps(stored).catch(() => undefined)).toBeUndefined();
      expect(stored.includes('Canon')).toBe(false);
    }
    // The pixels are the photo's: red on the left, blue on the right.
    const { data, info } = await sharp(onDisk(row!.storagePath)).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [lr, lg, lb] = at(40, 120);
    const [rr, rg, rb] = at(280, 120);
    expect(lr!).toBeGreaterThan(170);
    expect(lb!).toBeLessThan(80);
    expect(lg!).toBeLessThan(100);
    expect(rb!).toBeGreaterThan(150);
    expect(rr!).toBeLessThan(80);
    expect(rg!).toBeLessThan(140);

    const medium = await t.app.inject({ method: 'GET', url: `/api/file/down/${result.fileKey}/medium`, headers: { cookie: u.cookie } });
    expect(medium.statusCode).toBe(200);
    expect(medium.headers['content-type']).toBe('image/webp');
  });

  it('refuses a cut-short or garbled HEIC in Korean, quickly, storing nothing', async () => {
    const u = await member(t);
    const before = storedObjects();
    const garbage = Buffer.concat([HEIC.subarray(0, 40), Buffer.alloc(4000, 0x5a)]);
    // Cut inside the coded picture (the mdat box), and cut right after the header.
    const cut = HEIC.subarray(0, HEIC.indexOf('mdat') + 4 + 40);
    for (const data of [cut, HEIC.subarray(0, 60), garbage]) {
      const started = Date.now();
      const res = await upload(data, 'broken.heic', u.cookie);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('사진 파일을 읽을 수 없습니다. 손상되지 않은 파일인지 확인해 주세요.');
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    expect(await t.database.db.select().from(files).where(eq(files.userNo, u.no))).toHaveLength(0);
    expect(storedObjects()).toEqual(before);
  });

  it('refuses a HEIC that declares more pixels than the limit before decoding it', async () => {
    const u = await member(t);
    const before = storedObjects();
    const res = await upload(withDeclaredSize(9000, 9000), 'huge.heic', u.cookie);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe('사진의 화소 수가 너무 큽니다. 60메가픽셀 이하로 줄여서 올려 주세요.');
    expect(await t.database.db.select().from(files).where(eq(files.userNo, u.no))).toHaveLength(0);
    expect(storedObjects()).toEqual(before);
  });

  it('no longer names HEIC as refused: the type message lists it among photos', () => {
    expect(SNIFF_MSG.type).toContain('HEIC');
  });
});

describe('decodeHeif', () => {
  it('decodes the first picture to RGBA and says it is opaque', async () => {
    const out = await decodeHeif(HEIC, 60_000_000);
    expect(out).toMatchObject({ width: 320, height: 240, opaque: true });
    expect(out.data.length).toBe(320 * 240 * 4);
  });

  it('gives up on a file not decoded in time, and stops the worker', async () => {
    const refusal = await decodeHeif(HEIC, 60_000_000, 1).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(HeifRefusal);
    expect((refusal as HeifRefusal).reason).toBe('slow');
    // The next file is decoded as usual.
    expect((await decodeHeif(HEIC, 60_000_000)).width).toBe(320);
  });

  it('refuses by the declared size without decoding', async () => {
    const refusal = await decodeHeif(withDeclaredSize(4000, 3000), 1_000_000).catch((e: unknown) => e);
    expect((refusal as HeifRefusal).reason).toBe('pixels');
  });
});

describe('HEIC through the saves', () => {
  it('a gallery item shows the HEIC photo with its EXIF and products', async () => {
    const owner = await member(t);
    const fileKey = (await upload(HEIC, 'IMG_0002.HEIC', owner.cookie)).json().fileKey as string;
    const galleryKey = await createGallery(t, owner.cookie, { photos: [{ fileKey, caption: '아이폰 사진' }] });
    const view = (await post(t, '/api/gallery/view', { galleryKey })).json();
    expect(view.photos[0]).toMatchObject({
      fileKey,
      width: 320,
      height: 240,
      exif: { camera: 'Canon EOS 5D Mark IV', shutter: '1/200' },
      cameraProduct: { key: await productKey('Canon EOS 5D Mark IV') },
    });
    expect(JSON.stringify(view)).not.toMatch(NO_GPS);
    const photo = await t.app.inject({ method: 'GET', url: view.photos[0].mediumUrl ?? view.photos[0].url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
  });

  it('a board post carries the HEIC photo', async () => {
    const writer = await member(t);
    const fileKey = (await upload(HEIC, 'IMG_0003.heic', writer.cookie)).json().fileKey as string;
    const key = await createPost(t, writer.cookie, { content: '<p><img src="file0"></p>', files: [fileKey] });
    const view = (await viewFreePost(t, key)).json();
    expect(view.files[0]).toMatchObject({ fileKey, image: true, exif: { lens: 'EF24-70mm f/2.8L II USM' } });
    expect((await t.app.inject({ method: 'GET', url: view.files[0].url })).statusCode).toBe(200);
  });

  it('a market item carries the HEIC photo', async () => {
    const m = await seller(t);
    const fileKey = (await upload(HEIC, 'IMG_0004.heic', m.cookie)).json().fileKey as string;
    const res = await post(t, '/api/market/save', await itemBody(t, m, { files: [fileKey] }), m.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const view = await post(t, '/api/market/view', { key: res.json().key }, m.cookie);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().files[0]).toMatchObject({ fileKey, image: true, width: 320, height: 240 });
  });
});
