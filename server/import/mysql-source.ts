// Reading an old site's MySQL or MariaDB database: one connection, rows in keyset pages (never a
// whole table in memory; the next page read while this one is written), dates as the text MySQL holds (the old engines write Korean local time).
import mysql from 'mysql2/promise';

export type Row = Record<string, unknown>;

export interface MysqlSource {
  query<T extends Row = Row>(sql: string, values?: unknown[]): Promise<T[]>;
  /** A table's name with the prefix, quoted. */
  table(name: string): string;
  hasColumn(table: string, column: string): Promise<boolean>;
  close(): Promise<void>;
}

const PREFIX = /^[A-Za-z0-9_]{0,20}$/;

export async function openMysqlSource(url: string, prefix: string): Promise<MysqlSource> {
  if (!PREFIX.test(prefix)) throw new Error(`table prefix ${prefix} is not a plain name`);
  const conn = await mysql.createConnection({ uri: url, dateStrings: true, charset: 'utf8mb4', supportBigNumbers: true, bigNumberStrings: false });
  return {
    async query<T extends Row>(sql: string, values: unknown[] = []) {
      const [rows] = await conn.query(sql, values);
      return rows as T[];
    },
    table: (name) => mysql.escapeId(prefix + name),
    async hasColumn(table, column) {
      const [rows] = await conn.query(`show columns from ${mysql.escapeId(prefix + table)} like ?`, [column]);
      return (rows as Row[]).length > 0;
    },
    close: () => conn.end(),
  };
}

/** MySQL's DATETIME text in Korean time, as a date; null for MySQL's zero date or nothing. */
export function kstDate(text: unknown): Date | null {
  if (typeof text !== 'string' || text === '' || text.startsWith('0000-00-00')) return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?/.exec(text);
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}+09:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Every row of a query in pages by an increasing key: `where key > last order by key limit n`.
 * `page` builds the statement for the last key seen (null before the first page).
 */
export async function* keysetPages<T extends Row>(
  source: MysqlSource,
  size: number,
  page: (after: number | null, limit: number) => { sql: string; values: unknown[] },
  keyOf: (row: T) => number,
): AsyncGenerator<T[]> {
  const read = (after: number | null) => {
    const { sql, values } = page(after, size);
    return source.query<T>(sql, values);
  };
  // The next page is asked for before this one is handed on: MariaDB reads while the site writes.
  let next: Promise<T[]> | null = read(null);
  while (next) {
    const rows: T[] = await next;
    if (rows.length === 0) return;
    next = rows.length < size ? null : read(keyOf(rows[rows.length - 1]!));
    // A page not taken (the consumer stopped) must not leave its rejection unhandled.
    next?.catch(() => {});
    yield rows;
  }
}
