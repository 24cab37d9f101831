// Raw statements run prepared: on a PostgreSQL pool each text is parsed once per connection under
// a name of its own (the same text, whatever its values, the same name); in a transaction and on
// PGlite the statement simply runs.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyDatabase, copyPostgresDatabase } from '../test/harness.js';
import { type Database, openDatabase, rowsOf } from './client.js';
import { executePrepared } from './prepared.js';

const doubled = (n: number) => sql`select ${n}::int * 2 as n, 'x' || ${String(n)} as t`;
const tripled = (n: number) => sql`select ${n}::int * 3 as n`;

describe.runIf(inject('engine') === 'postgres')('prepared raw statements on PostgreSQL', () => {
  let copy: Awaited<ReturnType<typeof copyPostgresDatabase>>;
  let database: Database;

  beforeAll(async () => {
    copy = await copyPostgresDatabase();
    // One connection: the statements it has prepared are the pool's.
    database = await openDatabase({ url: copy.url, poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await copy?.drop();
  });

  const prepared = async () =>
    rowsOf<{ name: string; statement: string }>(
      await database.db.execute(sql`select name, statement from pg_prepared_statements where name like 'raw\\_%' order by statement`),
    );

  it('names a text once, whatever its values, and answers each value', async () => {
    expect(await executePrepared(database.db, doubled(2))).toEqual([{ n: 4, t: 'x2' }]);
    expect(await executePrepared(database.db, doubled(21))).toEqual([{ n: 42, t: 'x21' }]);
    const once = await prepared();
    expect(once).toHaveLength(1);
    expect(once[0]!.statement).toContain('* 2 as n');

    expect(await executePrepared(database.db, tripled(5))).toEqual([{ n: 15 }]);
    const twice = await prepared();
    expect(twice).toHaveLength(2);
    expect(new Set(twice.map((p) => p.name)).size).toBe(2);
  });

  it('runs a statement in a transaction as it is, preparing nothing on its connection', async () => {
    const before = (await prepared()).length;
    const rows = await database.db.transaction((tx) => executePrepared(tx, sql`select ${7}::int * 5 as n`));
    expect(rows).toEqual([{ n: 35 }]);
    expect(await prepared()).toHaveLength(before);
  });

  it('refuses bad input as the statement would, and the connection goes on', async () => {
    await expect(executePrepared(database.db, sql`select ${'not a number'}::int as n`)).rejects.toThrow(/invalid input syntax/);
    expect(await executePrepared(database.db, doubled(3))).toEqual([{ n: 6, t: 'x3' }]);
  });
});

describe.runIf(inject('engine') === 'pglite')('prepared raw statements on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await copyDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers as db.execute does', async () => {
    expect(await executePrepared(database.db, doubled(8))).toEqual([{ n: 16, t: 'x8' }]);
  });
});
