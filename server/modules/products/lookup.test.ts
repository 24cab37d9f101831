// The look-up calls (/api/product/search and /api/product/match), the index reloading after a
// product write, and uploads storing the products their EXIF names.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, products } from '../../db/schema/index.js';
import { CATALOGUE_PRODUCTS, ensureProducts, EXTRA_PRODUCTS } from '../../test/exif-match-cases.js';
import { createUser, login, post, testApp, type TestApp } from '../../test/harness.js';
import { productIndex, productsChanged, type ProductIndex } from './product-index.js';
import { productSearchText } from './search-text.js';
import { searchProducts, type SearchOptions } from './search.js';

/** The ids of the products a search finds, best first. */
const searchProductIds = (index: ProductIndex, q: string, opts: SearchOptions = {}) => searchProducts(index, q, opts).map((p) => p.id);

let t: TestApp;
let ids: Map<string, number>;
const keyOf = async (exifName: string) => (await productIndex(t.database.db)).byId.get(ids.get(exifName)!)!.key;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  ({ ids } = await ensureProducts(t.database.db, [...CATALOGUE_PRODUCTS, ...EXTRA_PRODUCTS]));
});
afterAll(() => t.close());

const search = async (q: string) => {
  const res = await post(t, '/api/product/search', { q });
  expect(res.statusCode).toBe(200);
  return res.json().items as Array<{ key: string; type: string; brand: string; name: string; summary: string }>;
};
const names = (items: Array<{ brand: string; name: string }>) => items.map((i) => `${i.brand} ${i.name}`);

describe('POST /api/product/search', () => {
  it('finds a body by sloppy spellings, visitors included, as cards', async () => {
    const key = await keyOf('Canon EOS 5D Mark IV');
    for (const q of ['5d4', '5D mark4', '5d mark iv', 'EOS 5D Mark IV', '오막사', 'canon 5dmk4']) {
      const items = await search(q);
      expect(items[0]?.key, q).toBe(key);
    }
    const [card] = await search('5d4');
    expect(card).toMatchObject({ type: 'body', brand: 'Canon', name: 'EOS 5D Mark IV', summary: expect.stringContaining('풀프레임') });
    expect((await search('오두막'))[0]?.key).toBe(await keyOf('Canon EOS 5D Mark II'));
    expect((await search('a7m4'))[0]?.key).toBe(await keyOf('ILCE-7M4'));
    expect((await search('z6ii'))[0]?.key).toBe(await keyOf('Nikon Z 6_2'));
  });

  it('ranks the exact model before models that start with it', async () => {
    expect(names(await search('EOS 5D')).slice(0, 2)).toEqual(['Canon EOS 5D', 'Canon EOS 5DS']);
    expect((await search('k-1'))[0]?.name).toBe('K-1');
  });

  it('reads lens specs: "50.8", "24-70", "2470", with Korean maker names', async () => {
    const fifty = await search('50.8');
    expect(fifty.length).toBeGreaterThan(3);
    for (const i of fifty) expect(i.summary).toMatch(/^50mm · F1\.8/);
    expect(names(await search('쩜팔'))).toEqual(names(fifty));

    const zooms = await search('24-70');
    expect(zooms).toHaveLength(10);
    for (const i of zooms) expect(i.summary).toMatch(/^24–70mm/);
    expect(names(await search('2470'))).toEqual(names(zooms));

    const canon = await search('캐논 24-70');
    expect(canon.length).toBeGreaterThanOrEqual(2);
    for (const i of canon) expect(i).toMatchObject({ brand: 'Canon', type: 'lens' });
    expect(names(canon)).toContain('Canon EF 24-70mm f/2.8L II USM');
    expect(names(await search('캐논24-70'))).toEqual(names(canon));
  });

  it('finds every product of a maker by its Korean name', async () => {
    for (const [q, brand] of [
      ['니콘', 'Nikon'],
      ['소니', 'Sony'],
      ['후지', 'Fujifilm'],
      ['캐논', 'Canon'],
    ] as const) {
      const items = await search(q);
      expect(items, q).toHaveLength(10);
      for (const i of items) expect(i.brand, q).toBe(brand);
    }
  });

  it('answers an empty list for what no product is called', async () => {
    expect(await search('없는제품xyz')).toEqual([]);
    expect(await search('5d9')).toEqual([]);
  });

  it('refuses an empty or too long query in Korean', async () => {
    for (const body of [{ q: '' }, { q: '   ' }, {}]) {
      const res = await post(t, '/api/product/search', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[가-힣]/);
    }
    const long = await post(t, '/api/product/search', { q: 'a'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('검색어는 60자까지 입력할 수 있습니다.');
  });

  it('gives the list search the matching ids, narrowed by type and maker', async () => {
    const index = await productIndex(t.database.db);
    const lenses = searchProductIds(index, '24-70', { type: 'lens', company: 'sony' });
    expect(lenses.length).toBeGreaterThanOrEqual(2);
    for (const id of lenses) expect(index.byId.get(id)).toMatchObject({ type: 'lens', company: 'sony' });
    expect(searchProductIds(index, '5d4', { type: 'lens' })).toEqual([]);
  });
});

describe('POST /api/product/match', () => {
  it('names the body and lens of an EXIF block', async () => {
    const res = await post(t, '/api/product/match', { make: 'NIKON CORPORATION', model: 'NIKON Z 6_2', lens: 'NIKKOR Z 24-70mm f/2.8 S' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      camera: { key: await keyOf('Nikon Z 6_2'), type: 'body', brand: 'Nikon' },
      lens: { key: await keyOf('NIKKOR Z 24-70mm f/2.8 S'), type: 'lens' },
    });
  });

  it('answers nulls for strings it does not know, and a body without a lens', async () => {
    expect((await post(t, '/api/product/match', { make: 'Xiaomi', model: 'M2101K1G', lens: 'unknown' })).json()).toEqual({ camera: null, lens: null });
    expect((await post(t, '/api/product/match', {})).json()).toEqual({ camera: null, lens: null });
    const body = (await post(t, '/api/product/match', { make: 'FUJIFILM', model: 'X-T4' })).json();
    expect(body.camera.key).toBe(await keyOf('X-T4'));
    expect(body.lens).toBeNull();
  });

  it('refuses strings that are too long or not text', async () => {
    const long = await post(t, '/api/product/match', { make: 'a'.repeat(201), model: 'X-T4' });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('제조사는 200자까지 보낼 수 있습니다.');
    const notText = await post(t, '/api/product/match', { make: 'Canon', model: 5 });
    expect(notText.statusCode).toBe(400);
    expect(notText.json().message).toMatch(/[가-힣]/);
  });
});

describe('the index after a product write', () => {
  it('knows a product saved since, and forgets a hidden one', async () => {
    expect(await search('Hypothetica Z9000')).toEqual([]);
    const [row] = await t.database.db
      .insert(products)
      .values({
        key: 'test-hypothetica-z9000',
        source: 'admin',
        type: 'body',
        company: 'other',
        brand: 'Hypothetica',
        name: 'Z9000',
        nameKo: '하이포 구천',
        exifMake: 'HYPOTHETICA',
        exifNames: ['HYPO Z9000'],
        mount: '',
        searchText: productSearchText({ brand: 'Hypothetica', name: 'Z9000', exifNames: ['HYPO Z9000'] }),
      })
      .returning({ id: products.id });
    productsChanged(t.database.db);
    expect((await search('hypothetica z9000'))[0]?.key).toBe('test-hypothetica-z9000');
    expect((await search('구천'))[0]?.key).toBe('test-hypothetica-z9000');
    const match = await post(t, '/api/product/match', { make: 'Hypothetica', model: 'HYPO Z9000' });
    expect(match.json().camera?.key).toBe('test-hypothetica-z9000');

    await t.database.db.update(products).set({ hidden: true }).where(eq(products.id, row!.id));
    productsChanged(t.database.db);
    expect(await search('hypothetica z9000')).toEqual([]);
  });
});

describe('uploads store the products their EXIF names', () => {
  const photo = (exif: Record<string, Record<string, string>>) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#335577' } }).jpeg().withExif(exif).toBuffer();

  async function upload(data: Buffer) {
    const u = await createUser(t);
    const cookie = await login(t, u.userId, u.password);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'photo.jpg');
    const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', payload: form, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(files).where(eq(files.key, res.json().fileKey));
    return { body: res.json(), row: row! };
  }

  it('a Canon EOS 5D Mark IV with an EF 24-70mm f/2.8L II USM', async () => {
    const { body, row } = await upload(
      await photo({
        IFD0: { Make: 'Canon', Model: 'Canon EOS 5D Mark IV' },
        IFD2: { LensModel: 'EF24-70mm f/2.8L II USM', FocalLength: '35/1', FNumber: '28/10' },
      }),
    );
    expect(row.cameraProductId).toBe(ids.get('Canon EOS 5D Mark IV'));
    expect(row.lensProductId).toBe(ids.get('Canon EF 24-70mm f/2.8L II USM'));
    expect(body.cameraProduct).toEqual({ key: await keyOf('Canon EOS 5D Mark IV'), name: 'Canon EOS 5D Mark IV' });
    expect(body.lensProduct).toEqual({ key: await keyOf('Canon EF 24-70mm f/2.8L II USM'), name: 'Canon EF 24-70mm f/2.8L II USM' });
    expect(body.exif).toMatchObject({ camera: 'Canon EOS 5D Mark IV', lens: 'EF24-70mm f/2.8L II USM' });
  });

  it('a lens known only by its LensSpecification', async () => {
    const { row } = await upload(
      await photo({ IFD0: { Make: 'FUJIFILM', Model: 'X-T4' }, IFD2: { LensSpecification: '16/1 55/1 28/10 28/10', FocalLength: '23/1' } }),
    );
    expect(row.cameraProductId).toBe(ids.get('X-T4'));
    expect(row.lensProductId).toBe(ids.get('XF16-55mmF2.8 R LM WR'));
  });

  it('nothing for a camera the catalogue does not know, or a picture without EXIF', async () => {
    const unknown = await upload(await photo({ IFD0: { Make: 'Hypothetica', Model: 'Nonexistent 1' }, IFD2: { LensModel: 'Mystery 35mm F2' } }));
    expect(unknown.row).toMatchObject({ cameraProductId: null, lensProductId: null });
    expect(unknown.body).toMatchObject({ cameraProduct: null, lensProduct: null });
    const plain = await upload(await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).png().toBuffer());
    expect(plain.row).toMatchObject({ cameraProductId: null, lensProductId: null });
  });
});
