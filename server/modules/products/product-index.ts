// Every visible product in memory (a few thousand rows), with the forms EXIF matching and the
// pickers' search compare against, read once per node and again after a product write. A write
// on any node calls productsChanged(db): this node drops its copy at once and the others through
// the cross-node signals (answer-cache.ts, decision 22).
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema/products.js';
import { answersChanged, onAnswersChanged, PRODUCTS_TAG } from '../../lib/answer-cache.js';
import {
  familyOf,
  type LensForm,
  lensForm,
  lensKey,
  lensSpecKey,
  modelKey,
  productFamily,
} from './exif-match-names.js';
import { type CardSource, cardColumns } from './present.js';
import { productSearchForms, type SearchForms } from './search-text.js';

export interface IndexedProduct extends CardSource {
  id: number;
  exifMake: string;
  exifNames: string[];
  /** Maker family (exif-match-names.ts familyOf): 'canon', 'pentax' (with Ricoh), 'sigma' … */
  family: string;
  /** Bodies: compact model keys of every EXIF name and the name. */
  modelKeys: string[];
  /** Lenses: every EXIF name and the name, read as focal, aperture and words. */
  lensForms: LensForm[];
  /** Lens ids the makers' notes give ("id:<n>" entries of exifNames). */
  lensIds: string[];
  search: SearchForms;
}

export interface ProductIndex {
  all: IndexedProduct[];
  byId: Map<number, IndexedProduct>;
  /** Bodies by family, then by model key. */
  bodies: Map<string, Map<string, IndexedProduct[]>>;
  /** Bodies by model key across families (EXIF without a Make). */
  bodiesByKey: Map<string, IndexedProduct[]>;
  /** Lenses by their full form (lensKey). */
  lensesByKey: Map<string, IndexedProduct[]>;
  /** Lenses by focal length and widest aperture (lensSpecKey). */
  lensesBySpec: Map<string, IndexedProduct[]>;
  lensesById: Map<string, IndexedProduct[]>;
}

/** Unused longer than this, a copy is read again even without a signal (one missed while the listener was down). */
const MAX_AGE_MS = 5 * 60_000;
/** The signal tag (its own, so other per-node copies keyed on 'products' do not replace this hook). */
const INDEX_TAG = 'product-index';

/** A lens id as compared: "3 243", "254" (spaces collapsed). */
export const lensIdOf = (id: string) => id.trim().replace(/\s+/g, ' ');

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) {
    if (!list.includes(value)) list.push(value);
  } else map.set(key, [value]);
};

/** Builds the index from rows (sorted by id, so ties are decided the same way every time). */
export function buildProductIndex(rows: Array<Omit<IndexedProduct, 'family' | 'modelKeys' | 'lensForms' | 'lensIds' | 'search'>>): ProductIndex {
  const index: ProductIndex = {
    all: [],
    byId: new Map(),
    bodies: new Map(),
    bodiesByKey: new Map(),
    lensesByKey: new Map(),
    lensesBySpec: new Map(),
    lensesById: new Map(),
  };
  for (const row of rows) {
    const names = [...row.exifNames.filter((n) => !n.startsWith('id:')), row.name, `${row.brand} ${row.name}`];
    const p: IndexedProduct = {
      ...row,
      family: productFamily(row.company, row.brand),
      modelKeys: [],
      lensForms: [],
      lensIds: row.exifNames.filter((n) => n.startsWith('id:')).map((n) => lensIdOf(n.slice(3))).filter(Boolean),
      search: productSearchForms(row),
    };
    index.all.push(p);
    index.byId.set(p.id, p);
    if (p.type === 'body') {
      p.modelKeys = [...new Set(names.map(modelKey).filter(Boolean))];
      // Under the brand's family and the EXIF Make's ("Eastman Kodak Company" writes Kodak bodies).
      for (const family of new Set([p.family, familyOf(row.exifMake)])) {
        if (!family) continue;
        let byKey = index.bodies.get(family);
        if (!byKey) index.bodies.set(family, (byKey = new Map()));
        for (const k of p.modelKeys) push(byKey, k, p);
      }
      for (const k of p.modelKeys) push(index.bodiesByKey, k, p);
    } else if (p.type === 'lens') {
      const forms = new Map<string, LensForm>();
      for (const n of names) {
        const f = lensForm(n);
        forms.set(lensKey(f), f);
      }
      // The stored focal range and aperture stand in for a name that does not spell them.
      if (row.focalMin !== null && row.apertureMin !== null) {
        const focal = row.focalMax !== null && Math.abs(row.focalMax - row.focalMin) > 0.05 ? `${+row.focalMin.toFixed(1)}-${+row.focalMax.toFixed(1)}` : `${+row.focalMin.toFixed(1)}`;
        push(index.lensesBySpec, lensSpecKey(focal, `${+row.apertureMin.toFixed(1)}`), p);
      }
      p.lensForms = [...forms.values()];
      for (const [k, f] of forms) {
        push(index.lensesByKey, k, p);
        if (f.focal && f.aperture) push(index.lensesBySpec, lensSpecKey(f.focal, f.aperture), p);
      }
      for (const id of p.lensIds) push(index.lensesById, id, p);
    }
  }
  return index;
}

/** Visible products: not hidden, not merged into another. */
async function readIndex(db: Db): Promise<ProductIndex> {
  const rows = await db
    .select({ id: products.id, ...cardColumns, exifMake: products.exifMake, exifNames: products.exifNames })
    .from(products)
    .where(and(eq(products.hidden, false), isNull(products.mergedInto)))
    .orderBy(asc(products.id));
  return buildProductIndex(rows);
}

const copies = new WeakMap<object, { at: number; index: Promise<ProductIndex> }>();

/** This node's copy of the index (read on first use, after a change and after MAX_AGE_MS). */
export function productIndex(db: Db): Promise<ProductIndex> {
  const now = Date.now();
  const hit = copies.get(db);
  if (hit && now - hit.at < MAX_AGE_MS) return hit.index;
  const entry = { at: now, index: readIndex(db) };
  entry.index.catch(() => {
    if (copies.get(db) === entry) copies.delete(db);
  });
  copies.set(db, entry);
  onAnswersChanged(db, INDEX_TAG, () => copies.delete(db));
  return entry.index;
}

/**
 * After a committed product write (save, merge, hide, delete, catalogue load or update): every
 * node reads the index again and drops its cached product answers.
 */
export function productsChanged(db: Db) {
  copies.delete(db);
  answersChanged(db, [INDEX_TAG, PRODUCTS_TAG]);
}
