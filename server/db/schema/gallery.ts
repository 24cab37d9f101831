import { bigint, date, integer, pgTable, primaryKey, text, timestamp, index } from 'drizzle-orm/pg-core';
import { files, posts } from './boards.js';
import { users } from './users.js';

/**
 * A member's museum (docs/product/gallery.md#museum): exhibits chosen from their own gallery items (posts of
 * board 'gallery') with a note, in the member's order.
 */
export const museumExhibits = pgTable(
  'museum_exhibits',
  {
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    postKey: bigint('post_key', { mode: 'number' })
      .notNull()
      .references(() => posts.key),
    note: text('note').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userNo, t.postKey] }), index('museum_exhibits_order_idx').on(t.userNo, t.sort)],
);

/** Today's photo: one gallery item per date, picked by an admin (docs/product/gallery.md#todays-photo). */
export const todayPhotos = pgTable(
  'today_photos',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    postKey: bigint('post_key', { mode: 'number' })
      .notNull()
      .references(() => posts.key),
    /** The photo of the item shown (its first photo when null). */
    fileKey: text('file_key').references(() => files.key),
    note: text('note').notNull().default(''),
    pickedBy: integer('picked_by').references(() => users.no),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('today_photos_post_idx').on(t.postKey)],
);
