import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './products.js';
import { users } from './users.js';

/**
 * A member's gear (내 장비): the bodies and lenses they own, picked from the product database, each
 * with a note ("2019년 구입") and the member's order. A product is in a list once.
 */
export const gearItems = pgTable(
  'gear_items',
  {
    /** The entry's key in calls (gearKey). */
    id: serial('id').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    note: text('note').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gear_items_member_product_idx').on(t.userNo, t.productId),
    // A product page counts its owners from this index alone (with the users' key).
    index('gear_items_product_idx').on(t.productId, t.userNo),
  ],
);

/** The member's choice for the whole list; no row means public. */
export const gearSettings = pgTable('gear_settings', {
  userNo: integer('user_no')
    .primaryKey()
    .references(() => users.no),
  private: boolean('private').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Products suggested from the member's photos that they said they do not use: never suggested again. */
export const gearDismissals = pgTable(
  'gear_dismissals',
  {
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userNo, t.productId] })],
);
