import { bigserial, boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A label/value row of a product's specifications, shown in order. */
export interface SpecRow {
  label: string;
  value: string;
}

/** A product image: a file uploaded through the file pipeline (files.key). */
export interface ProductImage {
  fileKey: string;
  url: string;
  thumbUrl: string | null;
}

/**
 * The hub of the site (docs/product/products.md): bodies, lenses, flashes and accessories. Market items, sold
 * prices and gallery photos point at a product's id. Rows come from the bundled catalogue
 * (source 'catalogue', keyed by catalogueId) or from admins (source 'admin').
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** URL key (/info/view/{key}): lower-case words joined by '-', never reused. */
    key: text('key').notNull(),
    type: text('type', { enum: ['body', 'lens', 'flash', 'accessory'] }).notNull(),
    /** Maker key from the maker list (common/products/makers.ts), or 'other' (brand then names the maker). */
    company: text('company').notNull(),
    /** The maker's name as shown: "Canon", "Sigma", "Voigtländer". */
    brand: text('brand').notNull(),
    /** Model name without the maker: "EOS 5D Mark IV", "FE 24-70mm F2.8 GM II". */
    name: text('name').notNull(),
    nameKo: text('name_ko').notNull().default(''),
    /** EXIF Make as cameras write it ("NIKON CORPORATION"); empty for lenses of any maker. */
    exifMake: text('exif_make').notNull().default(''),
    /** Model or lens strings as EXIF writes them (lensfun's names and aliases). */
    exifNames: jsonb('exif_names').$type<string[]>().notNull().default([]),
    mount: text('mount').notNull().default(''),
    cropFactor: real('crop_factor'),
    focalMin: real('focal_min'),
    focalMax: real('focal_max'),
    /** Widest aperture at the short and at the long end (f-numbers). */
    apertureMin: real('aperture_min'),
    apertureMax: real('aperture_max'),
    /** Announce date as known: 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'; empty when unknown. */
    announced: text('announced').notNull().default(''),
    specs: jsonb('specs').$type<SpecRow[]>().notNull().default([]),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    hidden: boolean('hidden').notNull().default(false),
    /** Set when merged into another product: views of this key go there. */
    mergedInto: integer('merged_into'),
    source: text('source', { enum: ['catalogue', 'admin'] }).notNull(),
    /** Stable id of the catalogue entry this row came from ("lens:Sony:FE 24-70mm F2.8 GM"). */
    catalogueId: text('catalogue_id'),
    /** An admin changed it: a catalogue update leaves it alone. */
    edited: boolean('edited').notNull().default(false),
    /** Normalised words for search (see products/search-text.ts), rebuilt on every save. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_key_idx').on(t.key),
    uniqueIndex('products_catalogue_idx').on(t.catalogueId),
    index('products_list_idx').on(t.type, t.company, t.hidden, t.brand, t.name),
  ],
);

/**
 * A product map rule: a title pattern (plain words, '*' inside a word) naming a product, used to
 * link market items whose seller picked none.
 */
export const productMaps = pgTable(
  'product_maps',
  {
    id: serial('id').primaryKey(),
    pattern: text('pattern').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.no),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_maps_product_idx').on(t.productId)],
);

/** Every admin write: who, what, when, before and after (shown by the admin area). */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorNo: integer('actor_no')
      .notNull()
      .references(() => users.no),
    /** What was done, as 'area.verb': 'product.save', 'product.merge', 'productMap.delete'. */
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetKey: text('target_key').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_at_idx').on(t.at), index('admin_audit_target_idx').on(t.targetKind, t.targetKey, t.at)],
);
