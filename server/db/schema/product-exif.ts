import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A camera or lens name seen in uploads that matched no product (docs/decisions/0052): one row a
 * name, its count kept at upload, so the admin list answers from this table on any site size.
 * `name` is the text the photos' EXIF summary shows (files.exif camera or lens), which is how the
 * photos carrying it are found again when an admin gives it to a product.
 */
export const exifUnmatched = pgTable(
  'exif_unmatched',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['body', 'lens'] }).notNull(),
    name: text('name').notNull(),
    /** The raw EXIF Make and Model (a body) or LensMake and LensModel (a lens) of the latest upload; null when only the backfill saw it. */
    make: text('make'),
    model: text('model'),
    /** Uploads carrying the name, less those removed unattached. */
    photos: integer('photos').notNull().default(0),
    ignored: boolean('ignored').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exif_unmatched_name_idx').on(t.kind, t.name), index('exif_unmatched_seen_idx').on(t.ignored, t.lastSeenAt)],
);
