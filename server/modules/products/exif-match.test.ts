// The EXIF matching table: real Make/Model/LensModel strings against the catalogue in the test
// database (plus the newer products it lacks), each with the product it must find or nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { CATALOGUE_PRODUCTS, ensureProducts, EXTRA_PRODUCTS, type ExifCase, MATCHING, NOT_MATCHING } from '../../test/exif-match-cases.js';
import { copyDatabase } from '../../test/harness.js';
import { lensForm, markForm, modelKey, mountFit } from './exif-match-names.js';
import { matchExif } from './exif-match.js';
import { productIndex, type ProductIndex } from './product-index.js';

let database: Database;
let index: ProductIndex;
let ids: Map<string, number>;
let added: string[];

beforeAll(async () => {
  database = await copyDatabase();
  ({ ids, added } = await ensureProducts(database.db, [...CATALOGUE_PRODUCTS, ...EXTRA_PRODUCTS]));
  index = await productIndex(database.db);
});
afterAll(() => database.close());

const label = (c: ExifCase) => [c.exif.make, c.exif.model, c.exif.lensMake, c.exif.lens, c.exif.lensId, c.exif.lensSpec && JSON.stringify(c.exif.lensSpec)].filter(Boolean).join(' / ');

const name = (id: number | undefined | null) => {
  const p = id ? index.byId.get(id) : null;
  return p ? `${p.brand} ${p.name} (${p.key})` : null;
};

describe('matchExif: real EXIF strings find their product', () => {
  it('runs against the bundled catalogue, adding only products it lacks', () => {
    expect(index.all.length).toBeGreaterThan(1000);
    expect(added.sort()).toEqual(EXTRA_PRODUCTS.map((f) => f.exifNames[0]!).sort());
  });

  it('has at least 40 matching strings across the makers', () => {
    expect(MATCHING.length).toBeGreaterThanOrEqual(40);
    const makes = new Set(MATCHING.map((c) => (c.exif.make ?? '').split(' ')[0]!.toLowerCase()));
    for (const m of ['canon', 'nikon', 'sony', 'fujifilm', 'olympus', 'om', 'panasonic', 'pentax', 'ricoh', 'leica', 'apple', 'samsung']) {
      expect(makes, m).toContain(m);
    }
  });

  it.each(MATCHING.map((c) => [label(c), c] as const))('%s', (_, c) => {
    const found = matchExif(index, c.exif);
    expect(name(found.camera?.id)).toBe(name(c.camera ? ids.get(c.camera) : null));
    expect(name(found.lens?.id)).toBe(name(c.lens ? ids.get(c.lens) : null));
  });
});

describe('matchExif: no match beats a wrong match', () => {
  it.each(NOT_MATCHING.map((c) => [label(c), c] as const))('%s', (_, c) => {
    const found = matchExif(index, c.exif);
    expect(name(found.camera?.id)).toBe(name(c.camera ? ids.get(c.camera) : null));
    expect(name(found.lens?.id)).toBeNull();
  });

  it('reads nothing from empty input', () => {
    expect(matchExif(index, {})).toEqual({ camera: null, lens: null });
    expect(matchExif(index, { make: '', model: '', lens: '' })).toEqual({ camera: null, lens: null });
  });
});

describe('the name forms', () => {
  it('brings vendor spellings of a model together', () => {
    expect(modelKey('NIKON Z 6_2')).toBe(modelKey('Nikon Z 6_2'));
    expect(modelKey('Canon EOS 5D Mark IV')).toBe(modelKey('EOS 5D MkIV'));
    expect(modelKey('E-M1MarkII')).toBe(modelKey('E-M1 Mark II'));
    expect(modelKey('PENTAX K-1 Mark II')).toBe('k1mk2');
    expect(modelKey('EOS 5D Mark III')).not.toBe(modelKey('EOS 5D Mark II'));
    expect(markForm('mark 2 / MkIII'.toLowerCase())).toBe('mk2 / mk3');
  });

  it('reads focal length, aperture and words from lens names', () => {
    expect(lensForm('EF24-70mm f/2.8L II USM')).toEqual({ focal: '24-70', aperture: '2.8', apertureLong: '', words: ['ef', 'l', 'usm', 'v2'], family: '' });
    expect(lensForm('XF23mmF1.4 R', 'FUJIFILM')).toMatchObject({ focal: '23', aperture: '1.4', words: ['r', 'xf'], family: 'fuji' });
    expect(lensForm('LUMIX G VARIO 14-140/F3.5-5.6')).toMatchObject({ focal: '14-140', aperture: '3.5', apertureLong: '5.6', family: 'panasonic' });
    expect(lensForm('SUMMILUX 1:1.7/28 ASPH.')).toMatchObject({ focal: '28', aperture: '1.7', words: ['asph', 'summilux'] });
    expect(lensForm('24.0-70.0 mm f/2.8')).toMatchObject({ focal: '24-70', aperture: '2.8', words: [] });
  });

  it('knows which mounts a body takes', () => {
    expect(mountFit('Canon EF-S', 'Canon EF')).toBe(2);
    expect(mountFit('Canon RF', 'Canon EF')).toBe(1);
    expect(mountFit('Nikon F AF', 'Nikon F AI-S')).toBe(2);
    expect(mountFit('Pentax KAF4', 'Pentax KAF3')).toBe(2);
    expect(mountFit('Sony E', 'Canon EF, Nikon F AF')).toBe(0);
    expect(mountFit('Nikon F AF', 'Canon EF, Nikon F AF')).toBe(2);
    expect(mountFit('Sony E', 'Sigma SA 외 4종')).toBe(1);
    expect(mountFit('', 'Sony E')).toBe(0);
  });
});
