// A post view shows each photo's EXIF summary with the body and lens it names, so a reader can
// open their product pages; a hidden product is named by its EXIF text only.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, products } from '../../db/schema/index.js';
import { createPost, member } from '../../test/boards.js';
import { CATALOGUE_PRODUCTS, ensureProducts } from '../../test/exif-match-cases.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { productIndex, productsChanged } from './product-index.js';

let t: TestApp;
let ids: Map<string, number>;
const keyOf = async (exifName: string) => (await productIndex(t.database.db)).byId.get(ids.get(exifName)!)!.key;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  ({ ids } = await ensureProducts(t.database.db, CATALOGUE_PRODUCTS));
});
afterAll(() => t.close());

async function upload(cookie: string, data: Buffer, name: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload: form, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().fileKey as string;
}

const photo = (exif: Record<string, Record<string, string>>) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#335577' } }).jpeg().withExif(exif).toBuffer();

const view = async (key: number, cookie?: string) => {
  const res = await post(t, '/api/board/view', { boardId: 'free', key }, cookie);
  expect(res.statusCode).toBe(200);
  return res.json().files as Array<Record<string, unknown>>;
};

describe('/api/board/view: photos name their products', () => {
  it('gives every reader the EXIF summary and the matched body and lens; plain files and plain pictures carry none', async () => {
    const writer = await member(t);
    const shot = await upload(
      writer.cookie,
      await photo({
        IFD0: { Make: 'Canon', Model: 'Canon EOS 5D Mark IV' },
        IFD2: { LensModel: 'EF24-70mm f/2.8L II USM', FocalLength: '35/1', FNumber: '28/10', ExposureTime: '1/200', ISOSpeedRatings: '100' },
      }),
      'shot.jpg',
      'image/jpeg',
    );
    const plain = await upload(writer.cookie, await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).png().toBuffer(), 'plain.png', 'image/png');
    const doc = await upload(writer.cookie, Buffer.from('memo'), 'memo.txt', 'text/plain');
    const key = await createPost(t, writer.cookie, { content: '<p><img src="file0"><img src="file1"></p>', files: [shot, plain, doc] });

    const [first, second, third] = await view(key);
    expect(first).toMatchObject({
      fileKey: shot,
      exif: { camera: 'Canon EOS 5D Mark IV', lens: 'EF24-70mm f/2.8L II USM', focalLength: '35mm', aperture: 'f/2.8' },
      cameraProduct: { key: await keyOf('Canon EOS 5D Mark IV'), name: 'Canon EOS 5D Mark IV' },
      lensProduct: { key: await keyOf('Canon EF 24-70mm f/2.8L II USM'), name: 'Canon EF 24-70mm f/2.8L II USM' },
    });
    expect(second).toMatchObject({ fileKey: plain, image: true });
    expect(second).not.toHaveProperty('exif');
    expect(third).toMatchObject({ fileKey: doc, image: false });
    expect(third).not.toHaveProperty('cameraProduct');
    // A member reads the same.
    expect((await view(key, writer.cookie))[0]).toMatchObject({ cameraProduct: { name: 'Canon EOS 5D Mark IV' } });
  });

  it('names a hidden product by its EXIF text only (its page is closed to readers)', async () => {
    const writer = await member(t);
    const shot = await upload(
      writer.cookie,
      await photo({ IFD0: { Make: 'NIKON CORPORATION', Model: 'NIKON Z 6_2' }, IFD2: { LensModel: 'NIKKOR Z 24-70mm f/2.8 S' } }),
      'z6.jpg',
      'image/jpeg',
    );
    const [row] = await t.database.db.select({ id: files.cameraProductId }).from(files).where(eq(files.key, shot));
    const bodyId = row!.id!;
    await t.database.db.update(products).set({ hidden: true }).where(eq(products.id, bodyId));
    try {
      productsChanged(t.database.db);
      const key = await createPost(t, writer.cookie, { content: '<p><img src="file0"></p>', files: [shot] });
      const [file] = await view(key);
      expect(file).toMatchObject({ exif: { camera: 'NIKON Z 6_2' }, cameraProduct: null, lensProduct: { key: await keyOf('NIKKOR Z 24-70mm f/2.8 S') } });
    } finally {
      await t.database.db.update(products).set({ hidden: false }).where(eq(products.id, bodyId));
      productsChanged(t.database.db);
    }
  });

  it('shows nothing of a post a visitor may not read', async () => {
    const res = await post(t, '/api/board/view', { boardId: 'free', key: 99_999_999 });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('cameraProduct');
  });
});
