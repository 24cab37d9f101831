// The used-price trace of a product (docs/product/market.md#price-trace): sold prices at the sale and asking
// prices at the listing, of every item linked to the product (or to a product merged into it),
// with monthly minimum, median and maximum in KST months, the trade count, the newest sales and a
// few items for sale now. Points are bounded (the last 24 months); the monthly
// summaries cover every month. Points past TRACE_MAX_POINTS are thinned evenly over the window:
// a chart a phone wide shows no more, and the answer stays small (decision 29).
import { and, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import type { ChartPoint, Trace, TraceMonth, TracePoint } from '../../../common/api/market.js';
import { type Db, rowsOf } from '../../db/client.js';
import { marketItems, posts } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { getBoard } from '../posts/board-rules.js';
import { liveItem, listOrder, ofProduct } from './item-read.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { MSG } from './policy.js';
import { itemColumns, type ItemRow, presentItems, withItemJoins } from './present.js';
import { productByKey } from './product-link.js';

export const TRACE_MONTHS = 24;
/** Points of each kind the chart gets at most. */
export const TRACE_MAX_POINTS = 500;
/** Points read at most before thinning (the newest), so a product sold without end stays bounded. */
const TRACE_READ_POINTS = 20_000;
export const TRACE_FOR_SALE = 4;
/** Sales listed under the chart with their items. */
export const TRACE_RECENT_SOLD = 30;

/** At most `max` of the points, spread evenly, the first and the last always kept. */
export function thinEvenly<T>(points: T[], max: number): T[] {
  if (points.length <= max) return points;
  if (max <= 1) return points.slice(-max);
  const last = points.length - 1;
  return Array.from({ length: max }, (_, i) => points[Math.round((i * last) / (max - 1))]!);
}


/** The start of the month TRACE_MONTHS - 1 months before now's (KST), as an instant. */
export function traceStart(now: Date, months = TRACE_MONTHS): Date {
  const kst = new Date(now.getTime() + 9 * 3600_000);
  const start = Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth() - (months - 1), 1);
  return new Date(start - 9 * 3600_000);
}

/** The KST month of a timestamp column, as YYYY-MM (Korea keeps no summer time). */
const kstMonth = (col: unknown) => sql`to_char((${col} at time zone 'UTC') + interval '9 hours', 'YYYY-MM')`;

type MonthRow = { kind: 'sold' | 'asking'; month: string; n: number | string; lo: number | string; mid: number | string; hi: number | string };

/**
 * Monthly summaries of sold and asking prices of items matching `where`. The median is
 * percentile_cont(0.5): the middle price, or the mean of the two middle ones for an even count,
 * rounded to the won.
 */
async function monthsOf(db: Db, productId: number): Promise<{ sold: TraceMonth[]; asking: TraceMonth[] }> {
  const live = sql`m.deleted_at is null and p.deleted_at is null and p.hidden_at is null and m.product_id in (select x.id from products x where x.id = ${productId} or x.merged_into = ${productId})`;
  const result = await db.execute(sql`
    select 'sold' as kind, ${kstMonth(sql`m.sold_at`)} as month, count(*)::int as n, min(m.sold_price) as lo,
      round((percentile_cont(0.5) within group (order by m.sold_price))::numeric)::bigint as mid, max(m.sold_price) as hi
    from ${marketItems} m join ${posts} p on p.key = m.post_key
    where ${live} and m.status = 'sold' and m.sold_at is not null and m.sold_price is not null
    group by 2
    union all
    select 'asking', ${kstMonth(sql`m.created_at`)}, count(*)::int, min(m.price),
      round((percentile_cont(0.5) within group (order by m.price))::numeric)::bigint, max(m.price)
    from ${marketItems} m join ${posts} p on p.key = m.post_key
    where ${live} and m.status <> 'cancelled' and m.kind = 'sell'
    group by 2
    order by 1, 2`);
  const out = { sold: [] as TraceMonth[], asking: [] as TraceMonth[] };
  for (const r of rowsOf<MonthRow>(result)) {
    out[r.kind].push({ month: r.month, count: Number(r.n), min: Number(r.lo), median: Number(r.mid), max: Number(r.hi) });
  }
  return out;
}

/** The window's sold or asking points, oldest first, thinned to TRACE_MAX_POINTS. */
async function pointsOf(db: Db, productId: number, kind: 'sold' | 'asking', since: Date): Promise<ChartPoint[]> {
  const at = kind === 'sold' ? marketItems.soldAt : marketItems.createdAt;
  const price = kind === 'sold' ? marketItems.soldPrice : marketItems.price;
  const rows = await db
    .select({ at, price })
    .from(marketItems)
    .innerJoin(posts, eq(posts.key, marketItems.postKey))
    .where(and(liveItem(false), ofProduct(productId), kind === 'sold' ? eq(marketItems.status, 'sold') : and(ne(marketItems.status, 'cancelled'), eq(marketItems.kind, 'sell')), gte(at, since)))
    .orderBy(sql`${at} desc nulls last`, sql`${marketItems.postKey} desc`)
    .limit(TRACE_READ_POINTS);
  // Newest were kept; the answer runs oldest first.
  const points = rows
    .filter((r) => r.at !== null && r.price !== null)
    .reverse()
    .map((r) => ({ at: r.at!.toISOString(), price: Number(r.price) }));
  return thinEvenly(points, TRACE_MAX_POINTS);
}

/** The newest sales of the product with their items' subjects, newest first. */
async function recentSoldOf(db: Db, productId: number): Promise<TracePoint[]> {
  const rows = await db
    .select({ at: marketItems.soldAt, price: marketItems.soldPrice, key: marketItems.postKey, subject: posts.subject })
    .from(marketItems)
    .innerJoin(posts, eq(posts.key, marketItems.postKey))
    .where(and(liveItem(false), ofProduct(productId), eq(marketItems.status, 'sold'), isNotNull(marketItems.soldAt), isNotNull(marketItems.soldPrice)))
    .orderBy(sql`${marketItems.soldAt} desc nulls last`, sql`${marketItems.postKey} desc`)
    .limit(TRACE_RECENT_SOLD);
  return rows.map((r) => ({ at: r.at!.toISOString(), price: Number(r.price), key: r.key, subject: r.subject }));
}

/** Items of the product for sale now, newest (bumped) first. */
export async function forSaleOf(db: Db, productId: number, limit: number) {
  return withItemJoins(db.select(itemColumns).from(marketItems).$dynamic())
    .where(and(liveItem(false), ofProduct(productId), eq(marketItems.status, 'selling')))
    .orderBy(...listOrder)
    .limit(limit) as Promise<ItemRow[]>;
}

/** /api/market/trace. A hidden product is found by admins only. */
export async function traceOf(db: Db, productKey: string, admin: boolean, now: Date): Promise<Trace> {
  const product = await productByKey(db, productKey);
  if (!product || (product.hidden && !admin)) throw notFound(MSG.noProduct, 'no_product');
  const since = traceStart(now);
  const [board, sold, asking, recentSold, months, selling] = await Promise.all([
    getBoard(db, MARKET_BOARD),
    pointsOf(db, product.id, 'sold', since),
    pointsOf(db, product.id, 'asking', since),
    recentSoldOf(db, product.id),
    monthsOf(db, product.id),
    forSaleOf(db, product.id, TRACE_FOR_SALE),
  ]);
  return {
    product: { key: product.key, name: product.name, type: product.type, thumbUrl: product.thumbUrl },
    sold,
    asking,
    recentSold,
    soldMonths: months.sold,
    askingMonths: months.asking,
    tradeCount: months.sold.reduce((n, m) => n + m.count, 0),
    forSale: await presentItems(db, selling, board, now),
  };
}
