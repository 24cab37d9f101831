import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { posts } from './boards.js';
import { products } from './products.js';
import { users } from './users.js';

/**
 * A market item (docs/product/market.md#items): the post of board 'market' with the same key holds its
 * subject, content, photos (files), views, comments and scraps, so those work as on every board;
 * this row holds what makes it an item. Category codes are the market board's categories.
 */
export const marketItems = pgTable(
  'market_items',
  {
    postKey: bigint('post_key', { mode: 'number' })
      .primaryKey()
      .references(() => posts.key),
    sellerNo: integer('seller_no')
      .notNull()
      .references(() => users.no),
    category: text('category').notNull(),
    /** Asking price in won (for an auction: the start price). */
    price: bigint('price', { mode: 'number' }).notNull(),
    condition: text('condition', { enum: ['new', 'S', 'A', 'B', 'C'] }).notNull(),
    tradeMethod: text('trade_method', { enum: ['direct', 'delivery', 'both'] }).notNull(),
    /** 시·도 code (common/api/market.ts REGIONS). */
    region: text('region').notNull(),
    productId: integer('product_id').references(() => products.id),
    /** The product came from the admin's product map, not from the seller. */
    productGuessed: boolean('product_guessed').notNull().default(false),
    status: text('status', { enum: ['selling', 'reserved', 'sold', 'unsold', 'cancelled'] })
      .notNull()
      .default('selling'),
    /** The final price and date of a sale: the price trace's data. */
    soldPrice: bigint('sold_price', { mode: 'number' }),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    buyerNo: integer('buyer_no').references(() => users.no),
    /** Lists order by this: the creation time, moved to now by a bump (once a day). */
    bumpedAt: timestamp('bumped_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // Auctions (all null for a plain sale).
    auction: boolean('auction').notNull().default(false),
    bidStep: bigint('bid_step', { mode: 'number' }),
    buyNowPrice: bigint('buy_now_price', { mode: 'number' }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** How many times a bid in the last minutes moved the end later (anti-sniping). */
    extensions: integer('extensions').notNull().default(0),
    /** The highest bid so far (null before the first bid). */
    currentPrice: bigint('current_price', { mode: 'number' }),
    bidCount: integer('bid_count').notNull().default(0),
    leaderNo: integer('leader_no').references(() => users.no),
    /** When the auction was decided (by the end time, buy-now, or an admin's cancel). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    index('market_items_list_idx').on(t.bumpedAt.desc(), t.postKey.desc()).where(sql`${t.deletedAt} is null`),
    index('market_items_category_idx').on(t.category, t.bumpedAt.desc(), t.postKey.desc()).where(sql`${t.deletedAt} is null`),
    index('market_items_seller_idx').on(t.sellerNo, t.postKey.desc()),
    index('market_items_product_idx').on(t.productId, t.createdAt),
    // An item page's "recent prices of this product" and the trace's sold points: newest sales first.
    index('market_items_product_sold_idx').on(t.productId, t.soldAt.desc()).where(sql`${t.status} = 'sold' and ${t.deletedAt} is null`),
    index('market_items_auction_open_idx').on(t.endsAt).where(sql`${t.auction} and ${t.endedAt} is null`),
  ],
);

/** Every bid; amounts of one auction strictly increase (decided with the item row locked). */
export const marketBids = pgTable(
  'market_bids',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postKey: bigint('post_key', { mode: 'number' })
      .notNull()
      .references(() => marketItems.postKey),
    bidderNo: integer('bidder_no')
      .notNull()
      .references(() => users.no),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** A buy-now bid ended the auction. */
    buyNow: boolean('buy_now').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('market_bids_item_amount_uq').on(t.postKey, t.amount), index('market_bids_bidder_idx').on(t.bidderNo, t.id.desc())],
);
