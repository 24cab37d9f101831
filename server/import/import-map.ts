// The map of old ids to what they became (table import_map): a row found here is not imported
// again, and the old addresses redirect through it.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { importMap } from '../db/schema/index.js';
import { insertRows, mapRowsOf, rowsIn } from './bulk.js';

export interface Mapped {
  newKey: number | null;
  newId: string | null;
}

/** What the old ids of one kind became, for those already imported (one statement for the batch). */
export async function mappedIds(db: Tx, source: string, kind: string, oldIds: readonly string[]): Promise<Map<string, Mapped>> {
  const out = new Map<string, Mapped>();
  const unique = [...new Set(oldIds)];
  if (unique.length === 0) return out;
  const rows = await rowsIn<{ old_id: string; new_key: string | number | null; new_id: string | null }>(
    db,
    mapRowsOf(source, kind, unique, sql`m.new_key, m.new_id`),
  );
  for (const r of rows) out.set(r.old_id, { newKey: r.new_key === null ? null : Number(r.new_key), newId: r.new_id });
  return out;
}

/** Records what old ids became, inside the transaction that wrote them. */
export async function recordMapped(db: Tx, source: string, kind: string, rows: ReadonlyArray<{ oldId: string } & Partial<Mapped>>) {
  if (rows.length === 0) return;
  await insertRows(
    db,
    importMap,
    rows.map((r) => ({ source, kind, oldId: r.oldId, newKey: r.newKey ?? null, newId: r.newId ?? null })),
    { onConflictDoNothing: true },
  );
}
