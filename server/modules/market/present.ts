// Market rows -> what the contract sends (MarketSummary, the auction part of a card). Only the
// fields listed here leave the server: never a user number or a buyer. Shared by the lists, the
// view, the trace and the auction calls.
import { eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { MarketKind, MarketStatus, MarketSummary } from '../../../common/api/market.js';
import type { Db } from '../../db/client.js';
import { files, marketItems, posts, products, users } from '../../db/schema/index.js';
import type { Board } from '../posts/board-rules.js';

import { presentAuthor, ranksFor } from '../posts/present.js';
import { thumbUrl } from '../../../common/content/urls.js';

/**
 * The columns of a card: the item, its post, the seller's users row, the linked product and the
 * first photo. Use with itemFrom() (market_items joined with posts, users and products).
 */
export const itemColumns = {
  key: marketItems.postKey,
  sellerNo: marketItems.sellerNo,
  kind: marketItems.kind,
  category: marketItems.category,
  price: marketItems.price,
  priceMin: marketItems.priceMin,
  condition: marketItems.condition,
  tradeMethod: marketItems.tradeMethod,
  region: marketItems.region,
  status: marketItems.status,
  productGuessed: marketItems.productGuessed,
  soldPrice: marketItems.soldPrice,
  soldAt: marketItems.soldAt,
  bumpedAt: marketItems.bumpedAt,
  createdAt: marketItems.createdAt,
  auction: marketItems.auction,
  bidStep: marketItems.bidStep,
  buyNowPrice: marketItems.buyNowPrice,
  endsAt: marketItems.endsAt,
  currentPrice: marketItems.currentPrice,
  bidCount: marketItems.bidCount,
  extensions: marketItems.extensions,
  leaderNo: marketItems.leaderNo,
  endedAt: marketItems.endedAt,
  cancelReason: marketItems.cancelReason,
  subject: posts.subject,
  nickName: posts.nickName,
  views: posts.views,
  commentCount: posts.commentCount,
  hiddenAt: posts.hiddenAt,
  userNo: posts.userNo,
  userId: users.userId,
  points: users.points,
  userStatus: users.status,
  real: users.real,
  productKey: products.key,
  productName: sql<string | null>`${products.brand} || ' ' || ${products.name}`,
  photo: sql<string | null>`(select f.key from ${files} f where f.post_key = ${marketItems.postKey} and f.image order by f.sort, f.key limit 1)`,
};

/**
 * market_items with its post, seller and product joined, for a select of itemColumns (plus any
 * extra columns): `withItemJoins(db.select(itemColumns).from(marketItems).$dynamic())`.
 */
export function withItemJoins<T extends PgSelect>(qb: T) {
  return qb
    .innerJoin(posts, eq(posts.key, marketItems.postKey))
    .leftJoin(users, eq(users.no, marketItems.sellerNo))
    .leftJoin(products, eq(products.id, marketItems.productId));
}

export interface ItemRow {
  key: number;
  sellerNo: number;
  kind: MarketKind;
  category: string;
  price: number;
  priceMin: number | null;
  condition: MarketSummary['condition'];
  tradeMethod: MarketSummary['tradeMethod'];
  region: string;
  status: MarketStatus;
  productGuessed: boolean;
  soldPrice: number | null;
  soldAt: Date | null;
  bumpedAt: Date;
  createdAt: Date;
  auction: boolean;
  bidStep: number | null;
  buyNowPrice: number | null;
  endsAt: Date | null;
  currentPrice: number | null;
  bidCount: number;
  leaderNo: number | null;
  endedAt: Date | null;
  cancelReason: string | null;
  subject: string;
  nickName: string;
  views: number;
  commentCount: number;
  hiddenAt: Date | null;
  userNo: number | null;
  userId: string | null;
  points: number | null;
  userStatus: string | null;
  real: boolean | null;
  productKey: string | null;
  productName: string | null;
  photo: string | null;
}

/** The card's auction part: the current price (or null before the first bid) and the end. */
export function cardAuction(row: Pick<ItemRow, 'auction' | 'currentPrice' | 'bidCount' | 'endsAt' | 'endedAt'>, now: Date): MarketSummary['auction'] {
  if (!row.auction || !row.endsAt) return null;
  const end = row.endedAt ?? row.endsAt;
  return { currentPrice: row.currentPrice, bidCount: row.bidCount, endsAt: end.toISOString(), ended: row.endedAt !== null || row.endsAt <= now };
}

/** One card; ranks from ranksFor over the rows, categories from the market board. */
export function presentItem(row: ItemRow, board: Pick<Board, 'categories'> | undefined, ranks: ReadonlyMap<number, number>, now: Date): MarketSummary {
  return {
    key: row.key,
    kind: row.kind,
    category: row.category,
    categoryName: board?.categories.find((c) => c.code === row.category)?.name ?? '',
    subject: row.subject,
    // An auction's card shows what it stands at: its highest bid, or the start price.
    price: row.auction ? (row.currentPrice ?? row.price) : row.price,
    priceMin: row.priceMin,
    status: row.status,
    condition: row.condition,
    tradeMethod: row.tradeMethod,
    region: row.region,
    thumbUrl: row.photo ? thumbUrl(row.photo) : null,
    seller: presentAuthor({ userNo: row.userNo, userId: row.userId, nickName: row.nickName, status: row.userStatus }, ranks),
    sellerReal: row.real === true,
    product: row.productKey ? { key: row.productKey, name: row.productName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    bumpedAt: row.bumpedAt.toISOString(),
    views: row.views,
    commentCount: row.commentCount,
    auction: cardAuction(row, now),
  };
}

/** Cards of the rows, the sellers' ranks read in one query. */
export async function presentItems(db: Db, rows: ItemRow[], board: Pick<Board, 'categories'> | undefined, now: Date): Promise<MarketSummary[]> {
  const ranks = await ranksFor(db, rows.map((r) => ({ userNo: r.userNo, points: r.points, status: r.userStatus })));
  return rows.map((r) => presentItem(r, board, ranks, now));
}
