// What the product database learns from members' gear: the owner count on a product's page, and
// what an administrator's merge or delete of a product does to the lists that hold it.
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { gearDismissals, gearItems, users } from '../../db/schema/index.js';

/**
 * "회원 37명이 씁니다": every member who lists the product, public list or private, counts; the
 * page shows the number only and never who, so a private list stays private. Withdrawn members
 * do not count. Read from gear_items_product_idx with each owner's row by key: cheap enough for
 * the product view's one statement (whose answer visitors get from the cache for up to 30 s).
 * A merge moves entries to the product that stays (moveGear), so no merged product is counted.
 * productId is qualified SQL ("products"."id"): drizzle writes a lone column of a one-table select
 * without its table, and inside this subquery that would be gear_items' own id.
 */
export const ownerCount = (productId: SQL) =>
  sql<number>`(select count(*)::int from ${gearItems} g join ${users} u on u.no = g.user_no where g.product_id = ${productId} and u.status <> 'withdrawn')`;

/** For an administrator's merge: entries and dismissals of `from` go to `into` (a member who had both keeps one). */
export async function moveGear(tx: Tx, fromId: number, intoId: number): Promise<void> {
  await tx.execute(sql`delete from ${gearItems} g where g.product_id = ${fromId}
    and exists (select 1 from ${gearItems} o where o.user_no = g.user_no and o.product_id = ${intoId})`);
  await tx.update(gearItems).set({ productId: intoId }).where(eq(gearItems.productId, fromId));
  await tx.execute(sql`insert into ${gearDismissals} (user_no, product_id, created_at)
    select user_no, ${intoId}::int, created_at from ${gearDismissals} where product_id = ${fromId} on conflict do nothing`);
  await forgetDismissals(tx, fromId);
}

/** Before an administrator deletes a product nothing else points at: dismissals do not keep it. */
export async function forgetDismissals(tx: Tx, productId: number): Promise<void> {
  await tx.delete(gearDismissals).where(eq(gearDismissals.productId, productId));
}

/** Whether any member lists the product (an administrator's delete then hides it instead). */
export const gearUses = (productId: number) => sql`exists (select 1 from ${gearItems} where ${gearItems.productId} = ${productId})`;
