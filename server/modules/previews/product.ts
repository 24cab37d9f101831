// A product's preview: its name, a line of what it is, its first picture. Hidden products preview
// as the site; a merged key previews (and calls canonical) the product it went into.
import { sql } from 'drizzle-orm';
import { PRODUCT_TYPE_NAMES } from '../../../common/products/makers.js';
import { type Db, perDatabase } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { DEFAULT_IMAGE, type Preview, shorten, SITE } from './preview.js';

/** A merge chain is followed this far, as on the product page (catalog-read.ts). */
const MERGE_HOPS = 8;

function build(db: Db) {
  return db
    .select({
      key: products.key,
      type: products.type,
      brand: products.brand,
      name: products.name,
      nameKo: products.nameKo,
      mount: products.mount,
      announced: products.announced,
      hidden: products.hidden,
      images: products.images,
    })
    .from(products)
    .where(
      sql`${products.id} = (with recursive chain(id, next, depth) as (
          select c.id, c.merged_into, 0 from ${products} c where c.key = ${sql.placeholder('key')}
          union all
          select p.id, p.merged_into, chain.depth + 1 from ${products} p join chain on p.id = chain.next
          where chain.depth < ${sql.raw(String(MERGE_HOPS))})
        select id from chain order by depth desc limit 1)`,
    )
    .limit(1)
    .prepare('preview_product_row');
}
const prepared = perDatabase(build);

export async function productPreview(db: Db, key: string): Promise<Preview> {
  const query = prepared(db);
  const [row] = await query.execute({ key });
  if (!row || row.hidden) return SITE;
  const title = `${row.brand} ${row.name}`;
  const year = /^\d{4}/.exec(row.announced)?.[0];
  const parts = [
    row.nameKo && row.nameKo !== row.name ? `${row.brand} ${row.nameKo}` : null,
    PRODUCT_TYPE_NAMES[row.type],
    row.mount ? `${row.mount} 마운트` : null,
    year ? `${year}년 발표` : null,
  ].filter(Boolean);
  const first = row.images[0];
  return {
    title: shorten(title, 100),
    description: shorten(`${title} · ${parts.join(' · ')} — 제품 정보와 이 제품으로 찍은 사진`),
    // A product picture is stored whole (no size recorded here): no width and height to claim.
    image: first ? { path: first.url, width: null, height: null } : { ...DEFAULT_IMAGE },
    path: `/info/view/${encodeURIComponent(row.key)}`,
  };
}
