// Admin product management: the list with search and filters, and create/edit (key, images,
// duplicates, the audit record). Delete, hide and merge are in admin-product-remove.ts.
import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminProductListQuery, AdminProductPage, AdminProductSave } from '../../../common/api/products.js';
import type { Db, Tx } from '../../db/client.js';
import { adminAudit, files, products, type ProductImage } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';

import { searchCondition } from './catalog-read.js';
import { cardColumns, productCard } from './present.js';
import { productsChanged } from './product-index.js';
import { productSearchText } from './search-text.js';
import { fileUrl, thumbUrl } from '../../../common/content/urls.js';

export const ADMIN_PAGE_SIZE = 50;

export const MSG = {
  noProduct: '제품을 찾을 수 없습니다.',
  duplicate: '이미 등록된 제품입니다.',
  focal: '짧은 쪽 초점 거리가 긴 쪽보다 길 수 없습니다.',
  aperture: '짧은 쪽 조리개 값이 긴 쪽보다 클 수 없습니다.',
  badImage: '사진을 찾을 수 없습니다. 사진을 다시 올려 주세요.',
  duplicateImage: '같은 사진이 두 번 들어 있습니다.',
  mergedEdit: '다른 제품으로 합쳐진 제품은 고칠 수 없습니다.',
} as const;

type ProductRow = typeof products.$inferSelect;
type SaveInput = z.output<typeof AdminProductSave>;

/** Serialises admin product writes: key choice and the duplicate check stay race-free. */
export const lockProducts = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(7261101)`);

/** After a product write has committed: every node reloads its index and drops cached answers. */
export const productsWritten = (db: Db) => productsChanged(db);

/** The fields an admin edits, as the audit record keeps them (images by file key). */
export function editableFields(p: ProductRow) {
  return {
    type: p.type,
    company: p.company,
    brand: p.brand,
    name: p.name,
    nameKo: p.nameKo,
    exifMake: p.exifMake,
    exifNames: p.exifNames,
    mount: p.mount,
    cropFactor: p.cropFactor,
    focalMin: p.focalMin,
    focalMax: p.focalMax,
    apertureMin: p.apertureMin,
    apertureMax: p.apertureMax,
    announced: p.announced,
    specs: p.specs,
    images: p.images.map((i) => i.fileKey),
    hidden: p.hidden,
    mergedInto: p.mergedInto,
  };
}

export async function findProduct(tx: Tx, key: string, lock = false): Promise<ProductRow> {
  const q = tx.select().from(products).where(eq(products.key, key));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(MSG.noProduct);
  return row;
}

// ---------------------------------------------------------------------------------------------
// List

const SORTS: Record<z.output<typeof AdminProductListQuery>['sort'], SQL[]> = {
  name: [sql`lower(${products.brand})`, sql`lower(${products.name})`, asc(products.id)],
  updated: [desc(products.updatedAt), desc(products.id)],
  // Dated products first, newest first; then by name.
  announced: [sql`(${products.announced} = '')`, desc(products.announced), sql`lower(${products.brand})`, sql`lower(${products.name})`, asc(products.id)],
};

/** A page of every product (hidden and merged ones too), 50 at a time. */
export async function listAdminProducts(db: Db, q: z.output<typeof AdminProductListQuery>): Promise<z.output<typeof AdminProductPage>> {
  const where = and(
    q.search ? searchCondition(q.search) : undefined,
    q.type ? eq(products.type, q.type) : undefined,
    q.company ? eq(products.company, q.company) : undefined,
    q.hidden === undefined ? undefined : eq(products.hidden, q.hidden),
  );
  // Spelled out: inside a subquery a bare column name would mean the subquery's own table.
  const target = sql<string | null>`(select m.key from ${products} m where m.id = "products"."merged_into")`;
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...cardColumns, hidden: products.hidden, source: products.source, edited: products.edited, updatedAt: products.updatedAt, mergedInto: target })
      .from(products)
      .where(where)
      .orderBy(...SORTS[q.sort])
      .limit(ADMIN_PAGE_SIZE)
      .offset((q.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      ...productCard(r),
      hidden: r.hidden,
      source: r.source,
      edited: r.edited,
      updatedAt: r.updatedAt.toISOString(),
      mergedInto: r.mergedInto,
    })),
    page: q.page,
    pageSize: ADMIN_PAGE_SIZE,
    total: Number(count?.n ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------
// Keys

/** Lower-case ASCII words joined by '-' ("Voigtländer" → "voigtlander"); '' when none. */
export function slugWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const KEY_MAX = 100;

/**
 * A new product's URL key: brand and name as a slug ("canon-eos-5d-mark-iv"); a name with no
 * Latin letters or digits gets the brand and a number ("samyang-1"). Keys are never reused: one
 * a deleted product had (it is in the audit records) counts as taken.
 */
export async function newProductKey(tx: Tx, brand: string, name: string): Promise<string> {
  const brandSlug = slugWords(brand) || 'product';
  const nameSlug = slugWords(name);
  const base = (nameSlug ? (nameSlug.startsWith(brandSlug + '-') || nameSlug === brandSlug ? nameSlug : `${brandSlug}-${nameSlug}`) : brandSlug)
    .slice(0, KEY_MAX)
    .replace(/-+$/, '');
  const taken = async (key: string) => {
    const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.key, key)).limit(1);
    if (p) return true;
    const [a] = await tx
      .select({ id: adminAudit.id })
      .from(adminAudit)
      .where(and(eq(adminAudit.targetKind, 'product'), eq(adminAudit.targetKey, key)))
      .limit(1);
    return !!a;
  };
  if (nameSlug && !(await taken(base))) return base;
  for (let n = nameSlug ? 2 : 1; ; n++) {
    const key = `${base}-${n}`;
    if (!(await taken(key))) return key;
  }
}

// ---------------------------------------------------------------------------------------------
// Save

/**
 * The images an admin listed, checked and in order: each an uploaded picture of theirs that no
 * post holds and no other product shows, or one this product already shows.
 */
async function checkImages(tx: Tx, admin: Member, productId: number | null, keys: string[]): Promise<ProductImage[]> {
  if (new Set(keys).size !== keys.length) throw badRequest(MSG.duplicateImage);
  if (keys.length === 0) return [];
  const rows = await tx.select().from(files).where(inArray(files.key, keys)).for('update');
  const byKey = new Map(rows.map((f) => [f.key, f]));
  return keys.map((k) => {
    const f = byKey.get(k);
    const mine = f && f.image && f.postKey === null && ((productId !== null && f.productId === productId) || (f.productId === null && f.userNo === admin.no));
    if (!f || !mine) throw badRequest(MSG.badImage);
    return { fileKey: f.key, url: fileUrl(f.key, f.name), thumbUrl: f.thumbPath ? thumbUrl(f.key) : null };
  });
}

/** The listed images become this product's; the ones it no longer lists are let go (cleaned up later). */
async function attachImages(tx: Tx, productId: number, images: ProductImage[]) {
  const keys = images.map((i) => i.fileKey);
  if (keys.length) await tx.update(files).set({ productId }).where(inArray(files.key, keys));
  await tx
    .update(files)
    .set({ productId: null })
    .where(keys.length ? and(eq(files.productId, productId), notInArray(files.key, keys)) : eq(files.productId, productId));
}

function checkRanges(input: SaveInput) {
  if (input.focalMin !== null && input.focalMax !== null && input.focalMin > input.focalMax) throw badRequest(MSG.focal);
  if (input.apertureMin !== null && input.apertureMax !== null && input.apertureMin > input.apertureMax) throw badRequest(MSG.aperture);
}

/** Another product (not merged away) of the same type, brand and name, whatever the case. */
async function checkDuplicate(tx: Tx, input: SaveInput, selfId: number | null) {
  const [dup] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.type, input.type),
        sql`lower(${products.brand}) = lower(${input.brand})`,
        sql`lower(${products.name}) = lower(${input.name})`,
        isNull(products.mergedInto),
        selfId === null ? undefined : ne(products.id, selfId),
      ),
    )
    .limit(1);
  if (dup) throw conflict(MSG.duplicate, 'duplicate_product');
}

/** Creates (no key) or edits (key) a product; returns its key. An edit marks the row `edited`. */
export async function saveProduct(db: Db, admin: Member, input: SaveInput): Promise<{ key: string }> {
  checkRanges(input);
  const exifNames = [...new Set(input.exifNames)];
  const fields = {
    type: input.type,
    company: input.company,
    brand: input.brand,
    name: input.name,
    nameKo: input.nameKo,
    exifMake: input.exifMake,
    exifNames,
    mount: input.mount,
    cropFactor: input.cropFactor,
    focalMin: input.focalMin,
    focalMax: input.focalMax,
    apertureMin: input.apertureMin,
    apertureMax: input.apertureMax,
    announced: input.announced,
    specs: input.specs,
    hidden: input.hidden,
    searchText: productSearchText({ ...input, exifNames }),
  };
  const key = await db.transaction(async (tx) => {
    await lockProducts(tx);
    if (input.key) {
      const before = await findProduct(tx, input.key, true);
      if (before.mergedInto !== null) throw badRequest(MSG.mergedEdit);
      await checkDuplicate(tx, input, before.id);
      const images = await checkImages(tx, admin, before.id, input.imageKeys);
      const [after] = await tx
        .update(products)
        .set({ ...fields, images, edited: true, updatedAt: new Date() })
        .where(eq(products.id, before.id))
        .returning();
      await attachImages(tx, before.id, images);
      await audit(tx, admin, { action: 'product.save', targetKind: 'product', targetKey: before.key, before: editableFields(before), after: editableFields(after!) });
      return before.key;
    }
    await checkDuplicate(tx, input, null);
    const images = await checkImages(tx, admin, null, input.imageKeys);
    const newKey = await newProductKey(tx, input.brand, input.name);
    const [row] = await tx
      .insert(products)
      .values({ ...fields, key: newKey, images, source: 'admin' })
      .returning();
    await attachImages(tx, row!.id, images);
    await audit(tx, admin, { action: 'product.save', targetKind: 'product', targetKey: newKey, before: null, after: editableFields(row!) });
    return newKey;
  });
  productsWritten(db);
  return { key };
}
