// Copies every row of one database into another with the same schema: the way an embedded
// (PGlite) site moves to a PostgreSQL server. The target must be migrated and empty.
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../server/db/client.js';
import * as schema from '../server/db/schema/index.js';
import { rebuildPageChunks } from '../server/modules/posts/page-chunks.js';

const BATCH = 500;

/** Tables derived from others: built again from the copied rows rather than copied. */
const REBUILT: Record<string, (tx: Tx) => Promise<void>> = {
  board_page_chunks: rebuildPageChunks,
};

/** Tables in an order where every referenced table comes before the tables that reference it. */
export function tablesInOrder(): PgTable[] {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  const byName = new Map(tables.map((t) => [getTableConfig(t).name, t]));
  const done = new Set<string>();
  const ordered: PgTable[] = [];
  const visit = (t: PgTable) => {
    const { name, foreignKeys } = getTableConfig(t);
    if (done.has(name)) return;
    done.add(name);
    for (const fk of foreignKeys) {
      const target = getTableConfig(fk.reference().foreignTable).name;
      if (target !== name) visit(byName.get(target)!);
    }
    ordered.push(t);
  };
  tables.forEach(visit);
  return ordered;
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/** Copies all rows, then moves each serial counter past the highest copied value. */
export async function moveData(source: Db, target: Db, log: (line: string) => void = () => {}) {
  const [existing] = rowsOf(await target.execute(sql`select count(*)::int as n from users`));
  if (Number(existing?.n) > 0) throw new Error('The target database already has members; move into an empty, migrated database.');
  await target.transaction(async (tx) => {
    // The migrations create the market and gallery boards; the source's own rows replace them.
    await tx.execute(sql`delete from board_categories where board_id not in (select distinct board_id from posts)`);
    await tx.execute(sql`delete from boards where id not in (select distinct board_id from posts)`);
    for (const table of tablesInOrder()) {
      const { name, columns } = getTableConfig(table);
      if (REBUILT[name]) continue;
      let copied = 0;
      // One cursor over one snapshot: every row exactly once, whatever the table's keys (paging
      // with ORDER BY on a column that is not unique could repeat or skip rows between batches).
      await source.transaction(async (stx) => {
        await stx.execute(sql`declare move_rows no scroll cursor for select row_to_json(x)::text as row from ${sql.identifier(name)} x`);
        for (;;) {
          const batch = rowsOf(await stx.execute(sql`fetch forward ${sql.raw(String(BATCH))} from move_rows`));
          if (batch.length === 0) break;
          // Rows travel as JSON, so each engine converts its own types (dates, arrays, jsonb).
          const json = `[${batch.map((r) => String(r.row)).join(',')}]`;
          await tx.execute(
            sql`insert into ${sql.identifier(name)} select * from json_populate_recordset(null::${sql.identifier(name)}, ${json}::json)`,
          );
          copied += batch.length;
        }
        await stx.execute(sql`close move_rows`);
      });
      log(`${name}: ${copied}`);
      for (const c of columns) {
        if (c.columnType !== 'PgSerial' && c.columnType !== 'PgBigSerial53' && c.columnType !== 'PgBigSerial64') continue;
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${name}, ${c.name}), greatest((select max(${sql.identifier(c.name)}) from ${sql.identifier(name)}), 1))`,
        );
      }
    }
    for (const [name, rebuild] of Object.entries(REBUILT)) {
      await rebuild(tx);
      log(`${name}: rebuilt`);
    }
  });
}
