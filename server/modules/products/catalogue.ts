// The bundled product catalogue (catalogue/lensfun.json, CC BY-SA 3.0): loaded once on the first
// start of an install, and again by the admin "catalogue update", which adds new entries and
// refreshes catalogue rows no admin has edited.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { ROOT } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { products, settings } from '../../db/schema/index.js';
import { CATALOGUE_FIELDS, type CatalogueRecord } from './catalogue-record.js';
import { productSearchText } from './search-text.js';

export const CATALOGUE_FILE = resolve(ROOT, 'server/modules/products/catalogue/lensfun.json');
/** settings key of the marker { version, loadedAt, count } written when the catalogue is loaded. */
export const CATALOGUE_MARKER = 'productCatalogue';
/** Catalogue writes from several app nodes take turns (first start holds its own lock). */
const UPDATE_LOCK = 7261002;
/** Rows per insert statement: well under PostgreSQL's 65,535 parameters. */
const BATCH = 400;

export interface Catalogue {
  /** A hash of the file: tells which catalogue an install last loaded. */
  version: string;
  records: CatalogueRecord[];
}

export interface CatalogueMarker {
  version: string;
  loadedAt: string;
  count: number;
}

export interface CatalogueUpdate {
  added: number;
  updated: number;
  /** Rows an admin edited that the catalogue would have changed: left as the admin set them. */
  kept: number;
}

let bundled: Catalogue | undefined;

/** The bundled catalogue file, read once per process. */
export function readCatalogue(file = CATALOGUE_FILE): Catalogue {
  if (file === CATALOGUE_FILE && bundled) return bundled;
  const text = readFileSync(file, 'utf8');
  const catalogue = {
    version: createHash('sha256').update(text).digest('hex').slice(0, 16),
    records: JSON.parse(text) as CatalogueRecord[],
  };
  if (file === CATALOGUE_FILE) bundled = catalogue;
  return catalogue;
}

export async function catalogueMarker(tx: Tx): Promise<CatalogueMarker | null> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, CATALOGUE_MARKER));
  return (row?.value as CatalogueMarker | undefined) ?? null;
}

async function writeMarker(tx: Tx, catalogue: Catalogue) {
  const value: CatalogueMarker = { version: catalogue.version, loadedAt: new Date().toISOString(), count: catalogue.records.length };
  await tx
    .insert(settings)
    .values({ key: CATALOGUE_MARKER, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/**
 * Every start (inside first start's transaction): an install that never loaded the catalogue
 * gets it, whether brand new or started before products existed. Once loaded, the marker in
 * settings keeps it from coming back on its own (an admin who removed products is not refilled);
 * later catalogues arrive through the admin's catalogue update. Returns what was done, or null.
 */
export async function loadCatalogue(tx: Tx, catalogue: Catalogue = readCatalogue()): Promise<CatalogueUpdate | null> {
  if (await catalogueMarker(tx)) return null;
  return updateCatalogue(tx, catalogue);
}

type Row = Pick<typeof products.$inferSelect, 'id' | 'key' | 'catalogueId' | 'edited' | 'nameKo' | (typeof CATALOGUE_FIELDS)[number]>;

const sameNumber = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));

/** Whether a catalogue row already holds what the record says (real columns round to float4). */
function sameAsRecord(row: Row, r: CatalogueRecord): boolean {
  return CATALOGUE_FIELDS.every((f) => {
    const a = row[f];
    const b = r[f];
    if (typeof a === 'number' || typeof b === 'number') return sameNumber(a as number | null, b as number | null);
    if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
    return a === b;
  });
}

function columnsOf(r: CatalogueRecord, nameKo: string) {
  const values = Object.fromEntries(CATALOGUE_FIELDS.map((f) => [f, r[f]])) as Pick<CatalogueRecord, (typeof CATALOGUE_FIELDS)[number]>;
  return { ...values, searchText: productSearchText({ ...r, nameKo }) };
}

/**
 * The admin "catalogue update" (and the first load): inserts records whose catalogueId is new,
 * refreshes catalogue rows no admin edited when their record changed, and leaves edited rows
 * alone. A record's key taken by another product (an admin's) gets "-2", "-3" …; rows that exist
 * keep their key (URLs never move). Idempotent. The caller drops cached product answers after
 * the transaction commits (productsChanged).
 */
export async function updateCatalogue(tx: Tx, catalogue: Catalogue = readCatalogue()): Promise<CatalogueUpdate> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPDATE_LOCK})`);
  const rows: Row[] = await tx
    .select({
      id: products.id,
      key: products.key,
      catalogueId: products.catalogueId,
      edited: products.edited,
      nameKo: products.nameKo,
      type: products.type,
      company: products.company,
      brand: products.brand,
      name: products.name,
      exifMake: products.exifMake,
      exifNames: products.exifNames,
      mount: products.mount,
      cropFactor: products.cropFactor,
      focalMin: products.focalMin,
      focalMax: products.focalMax,
      apertureMin: products.apertureMin,
      apertureMax: products.apertureMax,
      specs: products.specs,
    })
    .from(products)
    .where(isNotNull(products.catalogueId));
  const byId = new Map(rows.map((r) => [r.catalogueId!, r]));
  const taken = new Set((await tx.select({ key: products.key }).from(products)).map((r) => r.key));

  const result: CatalogueUpdate = { added: 0, updated: 0, kept: 0 };
  const fresh: CatalogueRecord[] = [];
  for (const r of catalogue.records) {
    const row = byId.get(r.catalogueId);
    if (!row) fresh.push(r);
    else if (sameAsRecord(row, r)) continue;
    else if (row.edited) result.kept++;
    else {
      await tx
        .update(products)
        .set({ ...columnsOf(r, row.nameKo), updatedAt: sql`now()` })
        .where(eq(products.id, row.id));
      result.updated++;
    }
  }

  // The catalogue's own keys are unique among themselves; only existing products can clash.
  const reserved = new Set([...taken, ...fresh.map((r) => r.key)]);
  const values = fresh.map((r) => {
    let key = r.key;
    if (taken.has(key)) {
      let n = 2;
      while (reserved.has(`${r.key}-${n}`)) n++;
      key = `${r.key}-${n}`;
      reserved.add(key);
    }
    return { ...columnsOf(r, ''), key, catalogueId: r.catalogueId, source: 'catalogue' as const };
  });
  for (let i = 0; i < values.length; i += BATCH) await tx.insert(products).values(values.slice(i, i + BATCH));
  result.added = values.length;

  await writeMarker(tx, catalogue);
  return result;
}
