// Bulk writes of the importer: a batch's rows as one JSON parameter expanded by json_to_recordset,
// on PostgreSQL and PGlite alike. Drizzle's multi-row insert gives every value its own
// parameter and builds the statement value by value (about 0.6 ms a post with its search
// tokens, more than sanitising it); one JSON text is built by JSON.stringify in a fraction.
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../db/client.js';

/** The type json_to_recordset reads a column as (a serial is its integer). */
function recordType(column: PgColumn): string {
  const t = column.getSQLType();
  if (t === 'bigserial') return 'bigint';
  if (t === 'serial') return 'integer';
  return t;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts rows (as for db.insert(table).values(rows)) in one statement. Every row must give the
 * same columns (a value left undefined would be null here, not the column's default); columns
 * no row gives take their defaults.
 */
export async function insertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
  opts: { onConflictDoNothing?: boolean } = {},
) {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(([field]) =>
    rows.some((r) => (r as Record<string, unknown>)[field] !== undefined),
  );
  const records = rows.map((r) => {
    const out: Record<string, unknown> = {};
    for (const [field, column] of columns) {
      const v = (r as Record<string, unknown>)[field];
      out[column.name] = v === undefined ? null : v instanceof Date ? v.toISOString() : v;
    }
    return out;
  });
  const names = columns.map(([, c]) => quote(c.name)).join(', ');
  const types = columns.map(([, c]) => `${quote(c.name)} ${recordType(c)}`).join(', ');
  const conflict = opts.onConflictDoNothing ? ' on conflict do nothing' : '';
  await tx.execute(
    sql`insert into ${sql.raw(quote(getTableName(table)))} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${JSON.stringify(records)}::json) as r(${sql.raw(types)})${sql.raw(conflict)}`,
  );
}

/**
 * The import_map rows of old ids (one parameter for the list), looked up one by one by the primary
 * key. As `old_id in (…)` the planner, without statistics for a table that grew by a million rows
 * since the last analyze, reads every row of the kind instead; the limit in the lateral subquery
 * keeps it from being turned into such a join.
 */
export const mapRowsOf = (source: string, kind: string, oldIds: readonly string[], columns: SQL): SQL =>
  sql`select w.old_id, ${columns} from json_array_elements_text(${JSON.stringify(oldIds)}::json) as w(old_id)
    cross join lateral (select * from import_map m where m.source = ${source} and m.kind = ${kind} and m.old_id = w.old_id limit 1) m`;

/** The rows of a statement (either driver). */
export async function rowsIn<T>(tx: Tx, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await tx.execute(statement));
}
