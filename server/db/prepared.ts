// Raw statements of a fixed shape as prepared statements on PostgreSQL. Drizzle prepares the
// statements its query builder makes (.prepare), not a raw `sql` one; a search statement built from
// CTEs is raw. Parsing and planning it cost as much of the server's time as running it (the
// summaries of a search page: 0.31 ms planning for 0.30 ms running, under the search load).
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { rowsOf, type Tx } from './client.js';

const dialect = new PgDialect();
/** Statement names by text: each text is named once (a hash of it, so no two texts share one). */
const names = new Map<string, string>();
/**
 * A guard: a caller passing texts of many shapes (a varying count of values written into the text)
 * would prepare each one on every connection for good. Past this many texts, statements run unnamed.
 */
const MAX_NAMES = 200;

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMES) names.set(text, (name = 'raw_' + createHash('sha1').update(text).digest('hex').slice(0, 24)));
  return name;
}

/**
 * The rows of a statement whose text takes a few shapes only (every value a parameter). On a
 * PostgreSQL pool it runs as a named statement: node-postgres parses it once per connection, and
 * PostgreSQL plans it for its first five runs, then keeps one plan for all values when that plan
 * costs no more than theirs (its generic plan). Elsewhere (PGlite, a transaction's connection) it runs as db.execute.
 * Rows come as node-postgres parses them, without Drizzle's own parsers (a timestamp would be a
 * Date on one engine and a string on the other): keep to statements answering numbers and text.
 */
export async function executePrepared<T>(db: Tx, statement: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return rowsOf<T>(await db.execute(statement));
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = nameOf(text);
  return (await client.query<T & pg.QueryResultRow>(name ? { name, text, values: params } : { text, values: params })).rows;
}

