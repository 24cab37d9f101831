import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { products, settings } from '../../db/schema/index.js';
import { copyDatabase } from '../../test/harness.js';
import { CATALOGUE_MARKER, catalogueMarker, loadCatalogue, readCatalogue, updateCatalogue, type Catalogue } from './catalogue.js';
import type { CatalogueRecord } from './catalogue-record.js';

let database: Database;
beforeAll(async () => {
  database = await copyDatabase();
});
afterAll(async () => {
  await database.close();
});

const countBy = async (type: 'body' | 'lens') =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(products).where(and(eq(products.type, type), eq(products.source, 'catalogue'))))[0]!.n;

const productByCatalogueId = async (id: string) => (await database.db.select().from(products).where(eq(products.catalogueId, id)))[0];

const record = (over: Partial<CatalogueRecord>): CatalogueRecord => ({
  catalogueId: 'body:Testmaker:Test X1',
  type: 'body',
  company: 'other',
  brand: 'Testmaker',
  name: 'Test X1',
  exifMake: 'Testmaker',
  exifNames: ['Test X1'],
  mount: 'Test mount',
  cropFactor: 1.5,
  focalMin: null,
  focalMax: null,
  apertureMin: null,
  apertureMax: null,
  specs: [{ label: '마운트', value: 'Test mount' }],
  key: 'testmaker-test-x1',
  ...over,
});

describe('the bundled catalogue', () => {
  it('is in a new install', async () => {
    const bodies = await countBy('body');
    const lenses = await countBy('lens');
    expect(bodies).toBeGreaterThan(800);
    expect(bodies).toBeLessThan(950);
    expect(lenses).toBeGreaterThan(750);
    expect(lenses).toBeLessThan(1200);
    expect(bodies + lenses).toBe(readCatalogue().records.length);

    const body = await productByCatalogueId('body:Canon:Canon EOS 5D Mark IV');
    expect(body).toMatchObject({ key: 'canon-eos-5d-mark-iv', type: 'body', company: 'canon', brand: 'Canon', name: 'EOS 5D Mark IV', mount: 'Canon EF', exifMake: 'Canon', edited: false, hidden: false });
    expect(body!.exifNames).toContain('Canon EOS 5D Mark IV');
    expect(body!.specs).toContainEqual({ label: '센서 크기', value: '풀프레임' });
    expect(body!.searchText).toContain('eos 5d mark iv');

    const lens = (await database.db.select().from(products).where(eq(products.name, 'FE 24-70mm f/2.8 GM')))[0];
    expect(lens).toMatchObject({ company: 'sony', mount: 'Sony E', focalMin: 24, focalMax: 70, apertureMin: 2.8 });
    const sigma = await database.db.select().from(products).where(and(eq(products.type, 'lens'), eq(products.brand, 'Sigma')));
    expect(sigma.length).toBeGreaterThan(50);
    expect(sigma.every((p) => p.company === 'other')).toBe(true);

    expect(await catalogueMarker(database.db)).toMatchObject({ version: readCatalogue().version, count: bodies + lenses });
  });

  it('has one record per catalogueId and key', () => {
    const records = readCatalogue().records;
    expect(new Set(records.map((r) => r.catalogueId)).size).toBe(records.length);
    expect(new Set(records.map((r) => r.key)).size).toBe(records.length);
    expect(records.every((r) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(r.key))).toBe(true);
  });

  it('loads once: a second start changes nothing', async () => {
    expect(await database.db.transaction((tx) => loadCatalogue(tx))).toBeNull();
  });

  it('updates idempotently', async () => {
    expect(await database.db.transaction((tx) => updateCatalogue(tx))).toEqual({ added: 0, updated: 0, kept: 0 });
  });

  it('leaves a row an admin edited and refreshes one nobody edited', async () => {
    const bundled = readCatalogue().records;
    const d40 = bundled.find((r) => r.catalogueId === 'body:Nikon Corporation:Nikon D40')!;
    const d50 = bundled.find((r) => r.catalogueId === 'body:Nikon Corporation:Nikon D50')!;
    await database.db.update(products).set({ name: 'D40 (관리자 수정)', edited: true }).where(eq(products.catalogueId, d40.catalogueId));

    const changed: Catalogue = {
      version: 'test-1',
      records: [
        { ...d40, mount: 'Nikon F' },
        { ...d50, name: 'D50 Kit', exifNames: [...d50.exifNames, 'NIKON D50'], key: 'never-used' },
      ],
    };
    expect(await database.db.transaction((tx) => updateCatalogue(tx, changed))).toEqual({ added: 0, updated: 1, kept: 1 });

    const edited = await productByCatalogueId(d40.catalogueId);
    expect(edited).toMatchObject({ name: 'D40 (관리자 수정)', mount: 'Nikon F AF', edited: true });
    const refreshed = await productByCatalogueId(d50.catalogueId);
    // The key stays: product URLs never move.
    expect(refreshed).toMatchObject({ name: 'D50 Kit', key: 'nikon-d50', exifNames: ['Nikon D50', 'NIKON D50'], edited: false });
    expect(refreshed!.searchText).toContain('d50 kit');
    expect(await database.db.transaction((tx) => updateCatalogue(tx, changed))).toEqual({ added: 0, updated: 0, kept: 1 });
    expect(await catalogueMarker(database.db)).toMatchObject({ version: 'test-1' });
  });

  it('adds new entries, giving a key an admin product holds another suffix', async () => {
    await database.db.insert(products).values([
      { key: 'testmaker-test-x1', type: 'body', company: 'other', brand: 'Testmaker', name: '관리자 제품', source: 'admin' },
      { key: 'testmaker-test-x1-2', type: 'body', company: 'other', brand: 'Testmaker', name: '관리자 제품 2', source: 'admin' },
    ]);
    const lens = record({ catalogueId: 'lens:Testmaker:Test 35mm f/2', type: 'lens', name: 'Test 35mm f/2', exifMake: '', exifNames: ['Test 35mm f/2'], focalMin: 35, focalMax: 35, apertureMin: 2, apertureMax: 2, key: 'testmaker-test-35mm-f-2' });
    const extra: Catalogue = { version: 'test-2', records: [record({}), lens] };
    expect(await database.db.transaction((tx) => updateCatalogue(tx, extra))).toEqual({ added: 2, updated: 0, kept: 0 });
    expect(await productByCatalogueId('body:Testmaker:Test X1')).toMatchObject({ key: 'testmaker-test-x1-3', source: 'catalogue', name: 'Test X1' });
    expect(await productByCatalogueId('lens:Testmaker:Test 35mm f/2')).toMatchObject({ key: 'testmaker-test-35mm-f-2', focalMin: 35, apertureMin: 2 });
    expect(await database.db.transaction((tx) => updateCatalogue(tx, extra))).toEqual({ added: 0, updated: 0, kept: 0 });
  });

  it('reaches an install that started before products existed, but does not refill one that removed them', async () => {
    const db = database.db;
    await db.delete(products).where(isNotNull(products.catalogueId));
    // Marker still there: an admin cleared the catalogue, nothing comes back on its own.
    expect(await db.transaction((tx) => loadCatalogue(tx))).toBeNull();
    expect(await countBy('body')).toBe(0);

    // No marker (an install from before products): the next start loads it, fast.
    await db.delete(settings).where(eq(settings.key, CATALOGUE_MARKER));
    const started = performance.now();
    const loaded = await db.transaction((tx) => loadCatalogue(tx));
    const ms = performance.now() - started;
    expect(loaded).toEqual({ added: readCatalogue().records.length, updated: 0, kept: 0 });
    expect(ms).toBeLessThan(5000);
    expect(await productByCatalogueId('body:Canon:Canon EOS 5D Mark IV')).toMatchObject({ key: 'canon-eos-5d-mark-iv' });
    expect(await db.transaction((tx) => loadCatalogue(tx))).toBeNull();
  });
});
