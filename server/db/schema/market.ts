import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /**
     * 'sell': an item for sale. 'wanted': a 삽니다 ad (decision 54): no auction, photos optional,
     * statuses wanted (구하는 중) → found (구했음), so every read of items for sale leaves it out.
     */
    kind: text('kind', { enum: ['sell', 'wanted'] }).notNull().default('sell'),
    /** Asking price in won (for an auction: the start price; for a wanted ad: the most the member would pay). */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** A wanted ad's least price of its range (null: up to price); null for items for sale. */
    priceMin: bigint('price_min', { mode: 'number' }),
    condition: text('condition', { enum: ['new', 'S', 'A', 'B', 'C'] }).notNull(),
    tradeMethod: text('trade_method', { enum: ['direct', 'delivery', 'both'] }).notNull(),
    /** 시·도 code (common/api/market.ts REGIONS). */
    region: text('region').notNull(),
    productId: integer('product_id').references(() => products.id),
    /** The product came from the admin's product map, not from the seller. */
    productGuessed: boolean('product_guessed').notNull().default(false),
    status: text('status', { enum: ['selling', 'reserved', 'sold', 'unsold', 'cancelled', 'wanted', 'found'] })
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
    // The 삽니다 list (the main lists' partial indexes hold both kinds).
    index('market_items_wanted_idx').on(t.bumpedAt.desc(), t.postKey.desc()).where(sql`${t.kind} = 'wanted' and ${t.deletedAt} is null`),
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

/**
 * A member's price alert (decision 54): a product and/or a search text, with the highest price,
 * region and lowest grade wanted (null: any). An item listed for sale that matches tells them.
 */
export const marketAlerts = pgTable(
  'market_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    // A product deleted (only ever one nothing else points at) takes its alerts with it.
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    query: text('query'),
    maxPrice: bigint('max_price', { mode: 'number' }),
    region: text('region'),
    condition: text('condition', { enum: ['new', 'S', 'A', 'B', 'C'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('market_alerts_user_idx').on(t.userNo, t.id.desc()), index('market_alerts_product_idx').on(t.productId)],
);

/**
 * Which (alert, item) and (wanted ad, item) pairs have told their member: each alarm once, however
 * often the item is saved again or a matching job runs again.
 */
export const marketAlertSent = pgTable(
  'market_alert_sent',
  {
    /** 'alert': a price alert met an item; 'wanted': a wanted ad met an item its seller sells. */
    source: text('source', { enum: ['alert', 'wanted'] }).notNull(),
    sourceKey: bigint('source_key', { mode: 'number' }).notNull(),
    itemKey: bigint('item_key', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.sourceKey, t.itemKey] })],
);
