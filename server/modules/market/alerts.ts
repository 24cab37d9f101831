// A member's price alerts (decision 54): save (at most ALERT_LIMIT each), list and delete their
// own. Matching items against them runs after item writes (alert-match.ts).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ALERT_MSG, type MarketAlert, type MarketAlertSave } from '../../../common/api/market-alerts.js';
import { ALERT_LIMIT } from '../../../common/api/market.js';
import type { Db } from '../../db/client.js';
import { marketAlerts, products, users } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { productByKey } from './product-link.js';

type SaveInput = z.output<typeof MarketAlertSave>;

/** Saves a new alert of the member; answers its key. */
export async function saveAlert(db: Db, memberNo: number, input: SaveInput): Promise<number> {
  let productId: number | null = null;
  if (input.productKey) {
    const p = await productByKey(db, input.productKey);
    if (!p || p.hidden) throw badRequest(ALERT_MSG.noProduct, 'no_product');
    productId = p.id;
  }
  return db.transaction(async (tx) => {
    // The member's row first: two saves at once count in turn, so the limit holds.
    await tx.select({ no: users.no }).from(users).where(eq(users.no, memberNo)).for('update');
    const [mine] = await tx.select({ n: count() }).from(marketAlerts).where(eq(marketAlerts.userNo, memberNo));
    if (Number(mine?.n ?? 0) >= ALERT_LIMIT) throw conflict(ALERT_MSG.tooMany, 'too_many_alerts');
    const [row] = await tx
      .insert(marketAlerts)
      .values({
        userNo: memberNo,
        productId,
        query: input.query || null,
        maxPrice: input.maxPrice ?? null,
        region: input.region ?? null,
        condition: input.condition ?? null,
      })
      .returning({ id: marketAlerts.id });
    return row!.id;
  });
}

/** The member's alerts, newest first. */
export async function listAlerts(db: Db, memberNo: number): Promise<MarketAlert[]> {
  const rows = await db
    .select({
      id: marketAlerts.id,
      productKey: products.key,
      productName: sql<string | null>`${products.brand} || ' ' || ${products.name}`,
      query: marketAlerts.query,
      maxPrice: marketAlerts.maxPrice,
      region: marketAlerts.region,
      condition: marketAlerts.condition,
      createdAt: marketAlerts.createdAt,
    })
    .from(marketAlerts)
    .leftJoin(products, eq(products.id, marketAlerts.productId))
    .where(eq(marketAlerts.userNo, memberNo))
    .orderBy(desc(marketAlerts.id));
  return rows.map((r) => ({
    alertKey: r.id,
    product: r.productKey ? { key: r.productKey, name: r.productName ?? '' } : null,
    query: r.query,
    maxPrice: r.maxPrice,
    region: r.region,
    condition: r.condition,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Deletes one of the member's alerts; someone else's is not found, as one that never was. */
export async function deleteAlert(db: Db, memberNo: number, alertKey: number): Promise<void> {
  const gone = await db
    .delete(marketAlerts)
    .where(and(eq(marketAlerts.id, alertKey), eq(marketAlerts.userNo, memberNo)))
    .returning({ id: marketAlerts.id });
  if (gone.length === 0) throw notFound(ALERT_MSG.noAlert, 'no_alert');
}
