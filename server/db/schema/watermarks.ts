import { boolean, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A member's watermark and credit choices for their gallery photos (docs/product/gallery.md#watermark);
 * a member without a row has the defaults (no watermark, no credit kept).
 */
export const watermarkSettings = pgTable('watermark_settings', {
  userNo: integer('user_no')
    .primaryKey()
    .references(() => users.no),
  /** Drawn on the large and medium images of new gallery photos. */
  enabled: boolean('enabled').notNull().default(false),
  /** The text drawn; empty means the member's nickname at upload time. */
  text: text('text').notNull().default(''),
  /** One of WATERMARK_POSITIONS (common/api/watermark.ts). */
  position: text('position').notNull().default('bottom-right'),
  /** Percent, 10–90. */
  opacity: smallint('opacity').notNull().default(50),
  /** Served files carry EXIF Artist and Copyright (every other field still removed). */
  keepCredit: boolean('keep_credit').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
