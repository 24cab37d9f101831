// My gear (docs/product/gear.md): a member's bodies and lenses with a note each, in their order,
// public or private as a whole. Reads answer what the caller may see (policy.ts); writes act on
// the caller's own list only.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { GEAR_MAX, type GearList, type GearSave } from '../../../common/api/gear.js';
import { stripBidi } from '../../../common/text.js';
import type { Db, Tx } from '../../db/client.js';
import { gearItems, gearSettings, products, users } from '../../db/schema/index.js';
import { badRequest, forbidden, forward, notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { cardColumns, productCard } from '../products/present.js';
import { canReadGear, GEAR_TYPES } from './policy.js';

export const MSG = {
  noMember: '회원을 찾을 수 없습니다.',
  noProduct: '제품을 찾을 수 없습니다.',
  notGear: '카메라 바디와 렌즈만 내 장비에 넣을 수 있습니다.',
  noGear: '장비를 찾을 수 없습니다.',
  notMine: '내 장비만 고치거나 지울 수 있습니다.',
  full: `내 장비는 ${GEAR_MAX}개까지 넣을 수 있습니다.`,
  twice: '이미 내 장비에 있는 제품입니다.',
  order: '장비 순서를 확인해 주세요.',
} as const;

/** A product members may pick: visible and not merged into another. */
export async function pickableProduct(db: Tx, key: string) {
  const [row] = await db
    .select({ id: products.id, type: products.type })
    .from(products)
    .where(and(eq(products.key, key), eq(products.hidden, false), isNull(products.mergedInto)))
    .limit(1);
  if (!row) throw badRequest(MSG.noProduct);
  return row;
}

/** /api/gear/list: the list as the caller may see it. */
export async function listGear(db: Db, caller: Member | null, userId: string): Promise<z.input<typeof GearList>> {
  const [owner] = await db
    .select({ no: users.no, status: users.status, private: sql<boolean>`coalesce(${gearSettings.private}, false)` })
    .from(users)
    .leftJoin(gearSettings, eq(gearSettings.userNo, users.no))
    .where(eq(users.userId, userId))
    .limit(1);
  if (!owner) throw forward(404, MSG.noMember);
  const mine = caller?.no === owner.no;
  const isPrivate = owner.status !== 'withdrawn' && owner.private;
  if (!canReadGear(caller, owner)) return { private: isPrivate, mine, items: [] };
  const rows = await db
    .select({ gearKey: gearItems.id, note: gearItems.note, ...cardColumns })
    .from(gearItems)
    .innerJoin(products, eq(products.id, gearItems.productId))
    // A product an administrator hid is left out until it shows again (its page is closed too).
    .where(and(eq(gearItems.userNo, owner.no), eq(products.hidden, false)))
    .orderBy(asc(gearItems.sort), asc(gearItems.id));
  return { private: isPrivate, mine, items: rows.map((r) => ({ gearKey: r.gearKey, note: r.note, product: productCard(r) })) };
}

/** The caller's entry by key: 404 when there is none, 403 when it is someone else's. */
async function ownEntry(tx: Tx, member: Member, gearKey: number) {
  const [row] = await tx.select({ id: gearItems.id, userNo: gearItems.userNo, productId: gearItems.productId }).from(gearItems).where(eq(gearItems.id, gearKey)).limit(1);
  if (!row) throw notFound(MSG.noGear, 'no_gear');
  if (row.userNo !== member.no) throw forbidden(MSG.notMine);
  return row;
}

/**
 * /api/gear/save: with gearKey, that entry takes the product and note given; without, the product
 * is added at the end (one already listed keeps its place and takes the note). The member's row
 * is locked meanwhile, so two adds at once cannot pass the limit together.
 */
export async function saveGear(db: Db, member: Member, input: z.output<typeof GearSave>): Promise<number> {
  const note = stripBidi(input.note);
  return db.transaction(async (tx) => {
    const product = await pickableProduct(tx, input.productKey);
    if (!GEAR_TYPES.has(product.type)) throw badRequest(MSG.notGear);
    await tx.execute(sql`select 1 from ${users} where ${users.no} = ${member.no} for update`);
    const [listed] = await tx.select({ id: gearItems.id }).from(gearItems).where(and(eq(gearItems.userNo, member.no), eq(gearItems.productId, product.id))).limit(1);
    if (input.gearKey !== undefined) {
      const entry = await ownEntry(tx, member, input.gearKey);
      if (listed && listed.id !== entry.id) throw badRequest(MSG.twice);
      await tx.update(gearItems).set({ productId: product.id, note, updatedAt: new Date() }).where(eq(gearItems.id, entry.id));
      return entry.id;
    }
    if (listed) {
      await tx.update(gearItems).set({ note, updatedAt: new Date() }).where(eq(gearItems.id, listed.id));
      return listed.id;
    }
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${gearItems.sort}), -1)::int` })
      .from(gearItems)
      .where(eq(gearItems.userNo, member.no));
    if (Number(count?.n ?? 0) >= GEAR_MAX) throw badRequest(MSG.full);
    const [row] = await tx
      .insert(gearItems)
      .values({ userNo: member.no, productId: product.id, note, sort: Number(count?.last ?? -1) + 1 })
      .returning({ id: gearItems.id });
    return row!.id;
  });
}

/** /api/gear/delete: the caller's own entry. */
export async function deleteGear(db: Db, member: Member, gearKey: number): Promise<void> {
  await db.transaction(async (tx) => {
    const entry = await ownEntry(tx, member, gearKey);
    await tx.delete(gearItems).where(eq(gearItems.id, entry.id));
  });
}

/** /api/gear/order: the entries given take places 0, 1, …; any not given (a hidden product's) follow them. */
export async function orderGear(db: Db, member: Member, keys: number[]): Promise<void> {
  if (new Set(keys).size !== keys.length) throw badRequest(MSG.order);
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: gearItems.id, sort: gearItems.sort }).from(gearItems).where(eq(gearItems.userNo, member.no));
    const own = new Set(rows.map((r) => r.id));
    if (keys.some((k) => !own.has(k))) throw badRequest(MSG.order);
    const rest = rows.filter((r) => !keys.includes(r.id)).sort((a, b) => a.sort - b.sort || a.id - b.id);
    const order = [...keys, ...rest.map((r) => r.id)];
    for (const [i, id] of order.entries()) await tx.update(gearItems).set({ sort: i }).where(eq(gearItems.id, id));
  });
}

/** /api/gear/privacy: public or private for the whole list. */
export async function setGearPrivacy(db: Db, member: Member, isPrivate: boolean): Promise<void> {
  await db
    .insert(gearSettings)
    .values({ userNo: member.no, private: isPrivate })
    .onConflictDoUpdate({ target: gearSettings.userNo, set: { private: isPrivate, updatedAt: new Date() } });
}
