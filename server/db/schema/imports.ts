import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What a club moved in from an old board engine became here (docs/operations.md): an import run
 * again skips what it already brought, and the old addresses redirect to the new pages.
 */
export const importMap = pgTable(
  'import_map',
  {
    /** The old engine ('gnuboard5', 'rhymix'). */
    source: text('source').notNull(),
    /** What the row is ('member', 'board', 'post', 'comment', 'file', 'letter', …). */
    kind: text('kind').notNull(),
    /** The old id as text (e.g. a board's table name and a post's number, 'free:123'). */
    oldId: text('old_id').notNull(),
    /** The new key (a member's number, a post's key); boards keep their id in newId. */
    newKey: bigint('new_key', { mode: 'number' }),
    newId: text('new_id'),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.kind, t.oldId] })],
);
