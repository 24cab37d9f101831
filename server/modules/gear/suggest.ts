// Gear suggested from the caller's own photos ("이 카메라를 쓰시나요?"): the bodies and lenses their
// uploads' EXIF named at upload (files.camera_product_id / lens_product_id, products/exif-match.ts),
// most used first, leaving out what their list holds and what they dismissed. Only the stored
// matches are read, never the files.
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { GEAR_SUGGESTIONS, type GearSuggestions } from '../../../common/api/gear.js';
import { type Db, rowsOf } from '../../db/client.js';
import { files, gearDismissals, gearItems, posts, products } from '../../db/schema/index.js';
import type { Member } from '../../lib/session.js';
import { cardColumns, productCard } from '../products/present.js';
import { pickableProduct } from './service.js';

/**
 * Photos of the member's live posts (board posts, gallery items, market items alike; an upload
 * never attached is not counted), per product they name: one statement on files_user_idx.
 */
export async function suggestGear(db: Db, member: Member): Promise<z.input<typeof GearSuggestions>> {
  const mine = (column: string) => sql`select f.key, f.${sql.raw(column)} as pid from ${files} f join ${posts} po on po.key = f.post_key
    where f.user_no = ${member.no} and f.${sql.raw(column)} is not null and po.deleted_at is null`;
  const rows = rowsOf<{ pid: number; photos: number }>(
    await db.execute(sql`select u.pid, count(*)::int as photos
      from (${mine('camera_product_id')} union all ${mine('lens_product_id')}) u
      join ${products} p on p.id = u.pid
      where p.hidden = false and p.merged_into is null and p.type in ('body', 'lens')
        and not exists (select 1 from ${gearItems} g where g.user_no = ${member.no} and g.product_id = u.pid)
        and not exists (select 1 from ${gearDismissals} d where d.user_no = ${member.no} and d.product_id = u.pid)
      group by u.pid
      order by photos desc, u.pid
      limit ${GEAR_SUGGESTIONS}`),
  );
  if (rows.length === 0) return { items: [] };
  const ids = rows.map((r) => Number(r.pid));
  const cards = await db.select({ id: products.id, ...cardColumns }).from(products).where(inArray(products.id, ids));
  const byId = new Map(cards.map((c) => [c.id, c]));
  return {
    items: rows.flatMap((r) => {
      const card = byId.get(Number(r.pid));
      return card ? [{ product: productCard(card), photos: Number(r.photos) }] : [];
    }),
  };
}

/** /api/gear/dismiss: "쓰지 않아요" — never suggested again (adding it by search still works). */
export async function dismissGear(db: Db, member: Member, productKey: string): Promise<void> {
  const product = await pickableProduct(db, productKey);
  await db.insert(gearDismissals).values({ userNo: member.no, productId: product.id }).onConflictDoNothing();
}
