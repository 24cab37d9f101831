import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { moveData, tablesInOrder } from '../../scripts/db-move.js';
import { buildApp } from '../app.js';
import { createSealer } from '../lib/secret.js';
import { testConfig } from '../test/config.js';
import { withDatabase } from '../test/global-setup.js';
import { createUser, login, post, type TestApp } from '../test/harness.js';
import { openDatabase } from './client.js';
import { firstStart } from './first-start.js';
import { boardPageChunks, posts, postViews, users } from './schema/index.js';

describe('moving a site between databases', () => {
  it('orders tables so that referenced ones come first', () => {
    const names = tablesInOrder().map((t) => getTableConfig(t).name);
    expect(names.indexOf('users')).toBeLessThan(names.indexOf('sessions'));
    expect(names.indexOf('boards')).toBeLessThan(names.indexOf('posts'));
    expect(names.indexOf('posts')).toBeLessThan(names.indexOf('comments'));
  });

  // An embedded site moves to a PostgreSQL server: only meaningful with one at hand.
  it.runIf(inject('engine') === 'postgres')('copies an embedded site into an empty PostgreSQL database', { timeout: 120_000 }, async () => {
    const config = testConfig();
    const source = await openDatabase({ pglite: await PGlite.create() });
    await source.migrate(config.migrationsDir);
    await firstStart(source.db, config, createSealer(Buffer.from(config.appSecret!, 'hex')), { info() {}, warn() {} });
    const sourceApp = await buildApp(config, { database: source, logger: false });
    const member = await createUser({ app: sourceApp, database: source, close: async () => {} });
    // More rows than one batch in a table whose first column repeats: each must arrive once.
    const [somePost] = await source.db.select({ key: posts.key }).from(posts).limit(1);
    await source.db.execute(
      sql`insert into post_views (post_key, viewer, day) select ${somePost!.key}, 'v' || g, date '2026-11-01' + (g % 3) from generate_series(1, 1234) g`,
    );

    const url = process.env.TEST_DATABASE_URL!;
    const name = `chalkak_move_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = await openDatabase({ url: withDatabase(url, name), poolSize: 2 });
    try {
      await target.migrate(config.migrationsDir);
      await moveData(source.db, target.db);
      const [a] = await target.db.select({ n: count() }).from(users);
      const [b] = await source.db.select({ n: count() }).from(users);
      expect(a!.n).toBe(b!.n);
      const viewsOf = async (db: typeof source.db) =>
        (await db.select().from(postViews)).map((v) => `${v.postKey}/${v.viewer}/${v.day}`).sort();
      expect(await viewsOf(target.db)).toEqual(await viewsOf(source.db));
      const [p] = await target.db.select({ n: count() }).from(posts);
      expect(p!.n).toBeGreaterThan(0);
      // The moved site works: the member logs in, and new rows get fresh keys.
      const app = await buildApp(config, { database: target, logger: false });
      const t: TestApp = { app, database: target, close: async () => {} };
      const cookie = await login(t, member.userId, member.password);
      expect((await post(t, '/api/session/info', {}, cookie)).json().userId).toBe(member.userId);
      await createUser(t);
      // The lists' page chunks are built again from the moved posts: totals match the rows.
      const [free] = await target.db.select({ n: count() }).from(posts).where(and(eq(posts.boardId, 'free'), isNull(posts.deletedAt)));
      expect((await post(t, '/api/board/list', { boardId: 'free' })).json().total).toBe(free!.n);
      expect(await target.db.select().from(boardPageChunks)).toEqual(await source.db.select().from(boardPageChunks));
      await expect(moveData(source.db, target.db)).rejects.toThrow(/already has members/);
      await app.close();
    } finally {
      await sourceApp.close();
      await source.close();
      await target.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
