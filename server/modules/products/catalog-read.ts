// What members read of the product database: the maker list with counts, a page of products by
// type and maker, and one product with everything attached to it (one statement).
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { MakerList, ProductListQuery, ProductPage, ProductView } from '../../../common/api/products.js';
import { CAMERA_MAKERS, OTHER_MAKER, PRODUCT_TYPES, type ProductType } from '../../../common/products/makers.js';
import { type Db, perDatabase } from '../../db/client.js';
import { boards, files, marketItems, posts, products, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { ownerCount } from '../gear/product-links.js';

import { cardColumns, productCard } from './present.js';
import { productIndex } from './product-index.js';
import { searchProducts } from './search.js';
import { foldSearch } from './search-text.js';
import { fileUrl, thumbUrl } from '../../../common/content/urls.js';

export const PRODUCT_PAGE_SIZE = 24;
/** Photos shown on a product's page; photoCount counts them all. */
export const PRODUCT_PHOTOS = 12;
export const MSG = { noProduct: '제품을 찾을 수 없습니다.' } as const;

/** Members and visitors see neither hidden products nor ones merged into another. */
const visible = and(eq(products.hidden, false), isNull(products.mergedInto))!;

// ---------------------------------------------------------------------------------------------
// Makers

/**
 * The maker list (docs/product/products.md#makers) plus "other", each with its visible products per type: one grouped query
 * (the answer is kept per node by the routes until products change).
 */
export async function makerList(db: Db): Promise<z.output<typeof MakerList>> {
  const rows = await db
    .select({ company: products.company, type: products.type, n: sql<number>`count(*)::int` })
    .from(products)
    .where(visible)
    .groupBy(products.company, products.type);
  const zero = () => Object.fromEntries(PRODUCT_TYPES.map((t) => [t, 0])) as Record<ProductType, number>;
  const counts = new Map<string, Record<ProductType, number>>();
  for (const r of rows) {
    let c = counts.get(r.company);
    if (!c) counts.set(r.company, (c = zero()));
    c[r.type] += Number(r.n);
  }
  return {
    items: [...CAMERA_MAKERS, OTHER_MAKER].map((m) => ({ ...m, counts: counts.get(m.key) ?? zero() })),
  };
}

// ---------------------------------------------------------------------------------------------
// Lists

/**
 * A name's natural sort key: digit runs zero-padded, so "EOS 5D" sorts before "EOS 90D" and
 * "XF 8mm" before "XF 16mm". Computed per row of the filtered set (at most a maker's lenses).
 */
const naturalName = sql`(select string_agg(case when r.m[1] ~ '^[0-9]' then lpad(r.m[1], 12, '0') else lower(r.m[1]) end, '' order by r.n)
  from regexp_matches(${products.name}, '[0-9]+|[^0-9]+', 'g') with ordinality as r(m, n))`;

/**
 * Newest first where the announce date is known ('2024-05' before '2024', dates before none),
 * then by brand and by name in natural order. Catalogue rows carry no dates, so a maker's
 * lineup reads alphabetically until admins date its products.
 */
const listOrder = [
  sql`(${products.announced} = '') asc`,
  sql`${products.announced} desc`,
  sql`lower(${products.brand}) asc`,
  sql`${naturalName} asc`,
  sql`${products.id} asc`,
];

/** Products whose stored search words hold every word of q (with and without hyphens): for the database-side lists (admin). */
export function searchCondition(q: string): SQL | undefined {
  const words = foldSearch(q).split(' ').filter(Boolean);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((w) => {
      const compact = w.replace(/-/g, '');
      return compact && compact !== w
        ? sql`(${products.searchText} like ${`%${w}%`} or ${products.searchText} like ${`%${compact}%`})`
        : sql`${products.searchText} like ${`%${w}%`}`;
    }),
  );
}

type ListQuery = z.output<typeof ProductListQuery>;

/**
 * One page of products of a type, of one maker or all. With a search, the products the pickers'
 * search finds (search.ts: "5d4", "50.8", "2470", Korean maker names), best match first, read from
 * this node's product index; otherwise in list order from the database.
 */
export async function listProducts(db: Db, q: ListQuery): Promise<z.output<typeof ProductPage>> {
  const offset = (q.page - 1) * PRODUCT_PAGE_SIZE;
  if (q.search) {
    const found = searchProducts(await productIndex(db), q.search, { type: q.type, company: q.company });
    return { items: found.slice(offset, offset + PRODUCT_PAGE_SIZE).map(productCard), page: q.page, pageSize: PRODUCT_PAGE_SIZE, total: found.length };
  }
  const where = and(visible, eq(products.type, q.type), q.company === 'all' ? undefined : eq(products.company, q.company));
  const rows = await db
    .select({ ...cardColumns, total: sql<number>`count(*) over ()::int` })
    .from(products)
    .where(where)
    .orderBy(...listOrder)
    .limit(PRODUCT_PAGE_SIZE)
    .offset(offset);
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && q.page > 1) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
    total = Number(row?.n ?? 0);
  }
  return { items: rows.map(productCard), page: q.page, pageSize: PRODUCT_PAGE_SIZE, total };
}

// ---------------------------------------------------------------------------------------------
// One product

/** A merge chain is followed this far (A → B → C); an admin never makes it long. */
const MERGE_HOPS = 8;

/** Image files taken with the product, in posts a visitor may read (not deleted nor hidden after a report, board open to all). */
const photosOf = (cols: SQL) => sql`
  from ${files} f join ${posts} po on po.key = f.post_key join ${boards} b on b.id = po.board_id
  where (f.camera_product_id = ${products.id} or f.lens_product_id = ${products.id})
    and f.image and f.thumb_path is not null and po.deleted_at is null and po.hidden_at is null and b.read_level <= 0 ${cols}`;

type PhotoRow = { key: string; name: string; postKey: number | string | null; boardId: string; userId: string };

// ---------------------------------------------------------------------------------------------
// The market's lists on a product page (server/modules/market): the latest sold prices and a few
// items for sale now, of this product and of products merged into it; only what a visitor sees.

/** Sold prices shown on a product page (the newest; the trace page has them all). */
export const PRODUCT_USED_PRICES = 30;
export const PRODUCT_FOR_SALE = 4;

const ofThisProduct = sql`m.product_id in (select x.id from ${products} x where x.id = ${products.id} or x.merged_into = ${products.id})
  and m.deleted_at is null and mp.deleted_at is null and mp.hidden_at is null
  and exists (select 1 from ${boards} mb where mb.id = 'market' and mb.read_level <= 0)`;

/**
 * The userId of the member a row's user_no names, '' when withdrawn (as presentAuthor answers):
 * a correlated subquery inside the view's one statement, for the app to fold ignored members' photos and items.
 */
const authorIdOf = (userNo: SQL) => sql`coalesce((select u.user_id from ${users} u where u.no = ${userNo} and u.status <> 'withdrawn'), '')`;

type UsedRow = { date: string; price: number | string; itemKey: number | string };
type SaleRow = { itemKey: number | string; title: string; price: number | string; photo: string | null; sellerId: string };

const marketColumns = {
  usedPrices: sql<UsedRow[]>`(select coalesce(json_agg(json_build_object('date', u.sold_at, 'price', u.sold_price, 'itemKey', u.post_key) order by u.sold_at, u.post_key), '[]'::json)
    from (select m.sold_at, m.sold_price, m.post_key from ${marketItems} m join ${posts} mp on mp.key = m.post_key
      where ${ofThisProduct} and m.status = 'sold' and m.sold_at is not null and m.sold_price is not null
      order by m.sold_at desc limit ${sql.raw(String(PRODUCT_USED_PRICES))}) u)`,
  forSale: sql<SaleRow[]>`(select coalesce(json_agg(json_build_object('itemKey', s.post_key, 'title', s.subject, 'price', s.price, 'photo', s.photo, 'sellerId', s.seller_id) order by s.bumped_at desc, s.post_key desc), '[]'::json)
    from (select m.post_key, mp.subject, coalesce(m.current_price, m.price) as price, m.bumped_at,
        (select f.key from ${files} f where f.post_key = m.post_key and f.image order by f.sort, f.key limit 1) as photo,
        ${authorIdOf(sql`mp.user_no`)} as seller_id
      from ${marketItems} m join ${posts} mp on mp.key = m.post_key
      where ${ofThisProduct} and m.status = 'selling'
      order by m.bumped_at desc, m.post_key desc limit ${sql.raw(String(PRODUCT_FOR_SALE))}) s)`,
};

/**
 * The product a key names, following merges to the product it went into, with its photos and
 * their count: one statement, prepared once per database.
 */
function buildViewRow(db: Db) {
  return db
    .select({
      id: products.id,
      ...cardColumns,
      hidden: products.hidden,
      exifMake: products.exifMake,
      exifNames: products.exifNames,
      source: products.source,
      photos: sql<PhotoRow[]>`(select coalesce(json_agg(json_build_object('key', x.key, 'name', x.name, 'postKey', x.post_key, 'boardId', x.board_id, 'userId', x.user_id)
          order by x.created_at desc, x.key), '[]'::json)
        from (select f.key, f.name, f.post_key, po.board_id, f.created_at, ${authorIdOf(sql`po.user_no`)} as user_id ${photosOf(sql`order by f.created_at desc, f.key limit ${sql.raw(String(PRODUCT_PHOTOS))}`)}) x)`,
      photoCount: sql<number>`(select count(*)::int ${photosOf(sql``)})`,
      ...marketColumns,
      // Qualified: a lone column here is written without its table, and gear_items has an id too.
      owners: ownerCount(sql`${products}."id"`),
    })
    .from(products)
    .where(
      eq(
        products.id,
        sql`(with recursive chain(id, next, depth) as (
            select c.id, c.merged_into, 0 from ${products} c where c.key = ${sql.placeholder('key')}
            union all
            select p.id, p.merged_into, chain.depth + 1 from ${products} p join chain on p.id = chain.next
            where chain.depth < ${sql.raw(String(MERGE_HOPS))})
          select id from chain order by depth desc limit 1)`,
      ),
    )
    .limit(1)
    .prepare('product_view_row');
}
const viewRows = perDatabase(buildViewRow);

/**
 * A product as its page shows it. A merged key answers the product it went into (its own key, so
 * the page can correct the address); a hidden product is found by administrators only.
 */
export async function viewProduct(db: Db, key: string, admin: boolean): Promise<z.output<typeof ProductView>> {
  const prepared = viewRows(db);
  const [row] = await prepared.execute({ key });
  if (!row || (row.hidden && !admin)) throw notFound(MSG.noProduct, 'no_product');
  return {
    ...productCard(row),
    exifMake: row.exifMake,
    exifNames: row.exifNames,
    cropFactor: row.cropFactor,
    focalMin: row.focalMin,
    focalMax: row.focalMax,
    apertureMin: row.apertureMin,
    apertureMax: row.apertureMax,
    specs: row.specs,
    images: row.images,
    source: row.source,
    attached: {
      usedPrices: (row.usedPrices ?? []).map((u) => ({ date: new Date(u.date).toISOString(), price: Number(u.price), itemKey: String(u.itemKey) })),
      forSale: (row.forSale ?? []).map((f) => ({ itemKey: String(f.itemKey), title: f.title, price: Number(f.price), thumbUrl: f.photo ? thumbUrl(f.photo) : null, sellerId: f.sellerId })),
      photos: (row.photos ?? []).map((p) => ({
        fileKey: p.key,
        userId: p.userId,
        url: fileUrl(p.key, p.name),
        thumbUrl: thumbUrl(p.key),
        postKey: p.postKey === null ? null : Number(p.postKey),
        boardId: p.boardId,
      })),
      photoCount: Number(row.photoCount ?? 0),
    },
    owners: Number(row.owners ?? 0),
  };
}
