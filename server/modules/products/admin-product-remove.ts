// Removing products: delete one nothing points at (else hide it), and merge a duplicate into
// the product that stays, moving everything that pointed at it.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminProductDeleted, AdminProductMerged } from '../../../common/api/products.js';
import type { Db, Tx } from '../../db/client.js';
import { files, marketItems, productMaps, products } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest } from '../../lib/errors.js';
import { forgetDismissals, gearUses, moveGear } from '../gear/product-links.js';
import type { Member } from '../../lib/session.js';
import { editableFields, findProduct, lockProducts, productsWritten } from './admin-products.js';
import { productSearchText } from './search-text.js';

export const REMOVE_MSG = {
  sameProduct: '같은 제품끼리는 합칠 수 없습니다.',
  otherType: '종류가 같은 제품끼리만 합칠 수 있습니다.',
  fromMerged: '이미 다른 제품으로 합쳐진 제품입니다.',
  intoMerged: '다른 제품으로 합쳐진 제품에는 합칠 수 없습니다.',
  intoHidden: '숨긴 제품에는 합칠 수 없습니다. 먼저 숨김을 풀어 주세요.',
} as const;

/**
 * What points at a product: photos whose EXIF named it, map rules, and products merged into it
 * (their links redirect here), market items (their sold prices are the product's trace) and
 * members' gear.
 */
async function isReferenced(tx: Tx, id: number): Promise<boolean> {
  const result = await tx.execute(sql`select
      exists (select 1 from ${files} where ${files.cameraProductId} = ${id} or ${files.lensProductId} = ${id})
      or exists (select 1 from ${productMaps} where ${productMaps.productId} = ${id})
      or exists (select 1 from ${products} where ${products.mergedInto} = ${id})
      or exists (select 1 from ${marketItems} where ${marketItems.productId} = ${id})
      or ${gearUses(id)} as used`);
  // Both drivers answer raw SQL with { rows }.
  const [row] = (result as unknown as { rows: Array<{ used: boolean }> }).rows;
  return !!row?.used;
}

/**
 * Deletes a product nothing points at; otherwise hides it (kept so links and counts stay).
 * Catalogue products are always hidden rather than deleted (and marked edited), so the next
 * catalogue update does not bring them back.
 */
export async function deleteProduct(db: Db, admin: Member, key: string): Promise<z.output<typeof AdminProductDeleted>> {
  const result = await db.transaction(async (tx) => {
    await lockProducts(tx);
    const before = await findProduct(tx, key, true);
    if (before.source === 'admin' && !(await isReferenced(tx, before.id))) {
      // Its pictures become ordinary unattached uploads: the hourly clean-up removes them.
      await tx.update(files).set({ productId: null }).where(eq(files.productId, before.id));
      await forgetDismissals(tx, before.id);
      await tx.delete(products).where(eq(products.id, before.id));
      await audit(tx, admin, { action: 'product.delete', targetKind: 'product', targetKey: key, before: editableFields(before), after: null });
      return 'deleted' as const;
    }
    const [after] = await tx
      .update(products)
      .set({ hidden: true, edited: true, updatedAt: new Date() })
      .where(eq(products.id, before.id))
      .returning();
    await audit(tx, admin, { action: 'product.hide', targetKind: 'product', targetKey: key, before: editableFields(before), after: editableFields(after!) });
    return 'hidden' as const;
  });
  productsWritten(db);
  return { result };
}

/**
 * Merges `from` into `into` in one transaction: photos, map rules and products merged into
 * `from` move to `into`; `into` also learns `from`'s EXIF names (so later photos match it);
 * `from` is hidden and redirects to `into`.
 */
export async function mergeProducts(db: Db, admin: Member, fromKey: string, intoKey: string): Promise<z.output<typeof AdminProductMerged>> {
  if (fromKey === intoKey) throw badRequest(REMOVE_MSG.sameProduct);
  const moved = await db.transaction(async (tx) => {
    await lockProducts(tx);
    const from = await findProduct(tx, fromKey, true);
    const into = await findProduct(tx, intoKey, true);
    if (from.id === into.id) throw badRequest(REMOVE_MSG.sameProduct);
    if (from.type !== into.type) throw badRequest(REMOVE_MSG.otherType);
    if (from.mergedInto !== null) throw badRequest(REMOVE_MSG.fromMerged);
    if (into.mergedInto !== null) throw badRequest(REMOVE_MSG.intoMerged);
    // Members would follow the merge to a page that answers "not found".
    if (into.hidden) throw badRequest(REMOVE_MSG.intoHidden);

    const cameras = await tx.update(files).set({ cameraProductId: into.id }).where(eq(files.cameraProductId, from.id)).returning({ key: files.key });
    const lenses = await tx.update(files).set({ lensProductId: into.id }).where(eq(files.lensProductId, from.id)).returning({ key: files.key });
    // Market items (and so their sold prices) follow the product they were linked to.
    await tx.update(marketItems).set({ productId: into.id }).where(eq(marketItems.productId, from.id));
    // Members who own it own the product that stays.
    await moveGear(tx, from.id, into.id);
    const maps = await tx.update(productMaps).set({ productId: into.id, updatedAt: new Date() }).where(eq(productMaps.productId, from.id)).returning({ id: productMaps.id });
    // Products merged into `from` earlier now lead straight to `into` (no chains to follow).
    await tx.update(products).set({ mergedInto: into.id }).where(eq(products.mergedInto, from.id));

    const exifNames = [...new Set([...into.exifNames, ...from.exifNames])];
    const [intoAfter] = await tx
      .update(products)
      .set({ exifNames, searchText: productSearchText({ ...into, exifNames }), edited: true, updatedAt: new Date() })
      .where(eq(products.id, into.id))
      .returning();
    const [fromAfter] = await tx
      .update(products)
      .set({ mergedInto: into.id, hidden: true, edited: true, updatedAt: new Date() })
      .where(eq(products.id, from.id))
      .returning();
    const result = { into: into.key, photos: new Set([...cameras, ...lenses].map((f) => f.key)).size, maps: maps.length };
    await audit(tx, admin, {
      action: 'product.merge',
      targetKind: 'product',
      targetKey: from.key,
      before: { from: editableFields(from), into: editableFields(into) },
      after: { from: editableFields(fromAfter!), into: editableFields(intoAfter!), moved: result },
    });
    return result;
  });
  productsWritten(db);
  return moved;
}

