// An old site's database in the MariaDB server of this machine (CI starts it in .ci/run), for the
// importer's tests: a new database under a random name with the engine's tables, rows inserted as
// objects, dropped afterwards. The engines' tables are in gnuboard5.ts and rhymix.ts.
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';

export const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

export interface OldSiteDb {
  url: string;
  conn: mysql.Connection;
  /** Inserts one row; answers its auto-increment id (0 for a table without one). */
  insert(table: string, row: Record<string, unknown>): Promise<number>;
  drop(): Promise<void>;
}

/** A new database named `{prefix}_{random}` holding the tables `schema` creates. */
export async function mysqlDatabase(prefix: string, schema: string[]): Promise<OldSiteDb> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: MYSQL_URL });
  await admin.query(`create database ${name} character set utf8mb4`);
  await admin.end();
  const url = MYSQL_URL.replace(/\/[^/]*$/, `/${name}`);
  const conn = await mysql.createConnection({ uri: url, charset: 'utf8mb4', multipleStatements: false });
  for (const s of schema) await conn.query(s);
  return {
    url,
    conn,
    async insert(table, row) {
      const [res] = await conn.query(`insert into ${mysql.escapeId(table)} set ?`, [row]);
      return (res as { insertId: number }).insertId;
    },
    async drop() {
      await conn.query(`drop database ${name}`);
      await conn.end();
    },
  };
}
