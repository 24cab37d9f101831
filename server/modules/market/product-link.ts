// An item's product: the seller's pick (a product key, followed through merges) or, when left
// empty, the admin's product map guessing from the subject.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import type { ProductImage } from '../../db/schema/products.js';
import { findMappedProduct } from '../products/map-pattern.js';

/** A merge chain is followed this far, as on the product page (products/catalog-read.ts). */
const MERGE_HOPS = 8;

export interface LinkedProduct {
  id: number;
  key: string;
  name: string;
  type: string;
  hidden: boolean;
  thumbUrl: string | null;
}

/** The product a key names, following merges to the product it went into (null: no such key). */
export async function productByKey(db: Tx, key: string): Promise<LinkedProduct | null> {
  const result = await db.execute(sql`
    select p.id, p.key, p.brand || ' ' || p.name as name, p.type, p.hidden, p.images
    from ${products} p
    where p.id = (with recursive chain(id, next, depth) as (
        select c.id, c.merged_into, 0 from ${products} c where c.key = ${key}
        union all
        select q.id, q.merged_into, chain.depth + 1 from ${products} q join chain on q.id = chain.next
        where chain.depth < ${MERGE_HOPS})
      select id from chain order by depth desc limit 1)`);
  const [row] = (result as unknown as { rows: Array<{ id: number; key: string; name: string; type: string; hidden: boolean; images: ProductImage[] | string }> }).rows;
  if (!row) return null;
  const images = (typeof row.images === 'string' ? JSON.parse(row.images) : row.images) as ProductImage[];
  const first = images[0];
  return { id: Number(row.id), key: row.key, name: row.name, type: row.type, hidden: row.hidden, thumbUrl: first ? (first.thumbUrl ?? first.url) : null };
}

/**
 * The product an item links to: the seller's key (a hidden or unknown product is refused by the
 * caller: null here), else the map's guess from the subject (guessed: true), else none.
 */
export async function linkProduct(db: Tx, productKey: string | null | undefined, subject: string): Promise<{ productId: number | null; guessed: boolean } | null> {
  if (productKey) {
    const p = await productByKey(db, productKey);
    if (!p || p.hidden) return null;
    return { productId: p.id, guessed: false };
  }
  const rule = await findMappedProduct(db as Parameters<typeof findMappedProduct>[0], subject);
  return { productId: rule?.productId ?? null, guessed: rule !== null };
}
