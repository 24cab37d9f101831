import { boolean, date, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Community setup (docs/product/site.md#community-setup): one row per setting, value as JSON. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A registered page of the site that menu entries can point to. */
export const programs = pgTable('programs', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
});

export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  sort: integer('sort').notNull(),
  groupYn: text('group_yn', { enum: ['Y', 'N'] }).notNull(),
  programId: text('program_id').references(() => programs.id),
  /** Label shown; falls back to the program's name. */
  label: text('label'),
  target: text('target').notNull().default(''),
  shortKey: text('short_key').notNull().default(''),
  icon: text('icon').notNull().default(''),
  visible: boolean('visible').notNull().default(true),
});

/** The optional second logo beside the site logo (anniversaries, events). */
export const logos = pgTable('logos', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  imageUrl: text('image_url').notNull().default(''),
  name: text('name').notNull(),
  year: text('year').notNull().default(''),
  active: boolean('active').notNull().default(false),
  /** 'main' replaces the header logo, 'second' is the optional one beside it. */
  kind: text('kind', { enum: ['main', 'second'] }).notNull().default('second'),
  /** Shown only from/until these dates (a holiday logo); null means no limit. */
  startsOn: date('starts_on', { mode: 'string' }),
  endsOn: date('ends_on', { mode: 'string' }),
  /** The uploaded picture (files.key), when it came through the file pipeline. */
  fileKey: text('file_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
