// Giving an unmatched EXIF name to a product (decision 52): the name joins the product's EXIF
// names, so later uploads match it, and the earlier photos carrying it are matched in batches.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ExifAssigned } from '../../../common/api/product-exif.js';
import type { Db } from '../../db/client.js';
import { exifUnmatched, files, products } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { findProduct, lockProducts, productsWritten } from './admin-products.js';
import type { ExifKind } from './exif-unmatched-count.js';
import { EXIF_MSG, findName, SUMMARY_FIELD } from './exif-unmatched.js';
import { productSearchText } from './search-text.js';

/** Photos matched per statement: short statements, so uploads and readers never wait long. */
export const ASSIGN_BATCH = 1000;

/**
 * The photos carrying `name` that no product matched yet (through the partial index
 * files_unmatched_*), spelled for either kind.
 */
function unmatchedPhotos(kind: ExifKind, name: string): SQL {
  const text = sql`(${files.exif} ->> ${sql.raw(`'${SUMMARY_FIELD[kind]}'`)})`;
  const product = kind === 'body' ? files.cameraProductId : files.lensProductId;
  return sql`${text} = ${name} and ${text} is not null and ${product} is null`;
}

/** Matches every earlier photo carrying the name to the product, a batch at a time; returns how many. */
async function matchEarlierPhotos(db: Db, kind: ExifKind, name: string, productId: number): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db.select({ key: files.key }).from(files).where(unmatchedPhotos(kind, name)).limit(ASSIGN_BATCH);
    const done = await db
      .update(files)
      .set(kind === 'body' ? { cameraProductId: productId } : { lensProductId: productId })
      .where(inArray(files.key, batch))
      .returning({ key: files.key });
    total += done.length;
    if (done.length < ASSIGN_BATCH) return total;
  }
}

/**
 * Adds the name to the product's EXIF names (a body's raw Model when an upload gave it, the form
 * product names take; else the shown name), matches the photos, then removes it from the list.
 */
export async function assignName(db: Db, admin: Member, id: number, productKey: string): Promise<z.output<typeof ExifAssigned>> {
  const { row, product } = await db.transaction(async (tx) => {
    await lockProducts(tx);
    const row = await findName(tx, id);
    const before = await findProduct(tx, productKey, true);
    if (before.mergedInto !== null) throw badRequest(EXIF_MSG.merged);
    if (before.type !== row.kind) throw badRequest(EXIF_MSG.otherType(row.kind));
    const added = row.kind === 'body' && row.model ? row.model : row.name;
    const exifNames = [...new Set([...before.exifNames, added])];
    const [after] = await tx
      .update(products)
      .set({ exifNames, searchText: productSearchText({ ...before, exifNames }), edited: true, updatedAt: new Date() })
      .where(eq(products.id, before.id))
      .returning();
    // The name stays listed until its photos are matched (below): a run stopped half-way leaves it
    // there, and assigning it again finishes the matching.
    await audit(tx, admin, {
      action: 'product.exifAssign',
      targetKind: 'product',
      targetKey: before.key,
      before: { exifNames: before.exifNames },
      after: { exifNames: after!.exifNames, kind: row.kind, name: row.name },
    });
    return { row, product: after! };
  });
  // Every node reloads its index now, so new uploads carrying the name match from here on.
  productsWritten(db);
  const photos = await matchEarlierPhotos(db, row.kind, row.name, product.id);
  // Gone from the list, unless a photo still carries it unmatched (an upload on a node that had
  // not reloaded yet): then it stays to be seen.
  await db
    .delete(exifUnmatched)
    .where(
      and(
        eq(exifUnmatched.kind, row.kind),
        eq(exifUnmatched.name, row.name),
        eq(exifUnmatched.ignored, false),
        sql`not exists (select 1 from ${files} where ${unmatchedPhotos(row.kind, row.name)})`,
      ),
    );
  // Product pages count "photos taken with it": their cached answers go.
  productsWritten(db);
  return { productKey: product.key, productName: `${product.brand} ${product.name}`, photos };
}
