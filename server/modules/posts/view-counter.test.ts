// Views are noted in memory and written a second later in one statement: each viewer still counts
// once a day, on one node or two, and a node that closes writes what it holds.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { testConfig } from '../../test/config.js';
import { copyPostgresDatabase, nodesOnCopy, post, testApp, type TestApp } from '../../test/harness.js';
import { type TcpProxy, tcpProxy } from '../../test/tcp-proxy.js';
import { createPost, member } from '../../test/boards.js';
import { countView, flushViews, viewsAt, viewsNow } from './view-counter.js';

async function viewsOf(t: TestApp, key: number): Promise<{ views: number; rows: number }> {
  const result = await t.database.db.execute(
    sql`select (select views from posts where key = ${key})::int as views, (select count(*) from post_views where post_key = ${key})::int as rows`,
  );
  const [row] = (result as unknown as { rows: Array<{ views: number; rows: number }> }).rows;
  return { views: Number(row!.views), rows: Number(row!.rows) };
}

const visit = (t: TestApp, key: number, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/board/view', payload: { boardId: 'free', key }, remoteAddress: ip });

describe('view counter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT: 'false' });
  });
  afterAll(() => t.close());

  it('writes the views of many viewers within about a second, each viewer once', async () => {
    const writer = await member(t);
    const key = await createPost(t, writer.cookie);
    const started = Date.now();
    for (let i = 0; i < 30; i++) expect((await visit(t, key, `10.7.0.${i % 10}`)).statusCode).toBe(200);
    // Ten addresses, each three times: ten views, written by the node's timer.
    while ((await viewsOf(t, key)).views < 10 && Date.now() - started < 3000) await new Promise((r) => setTimeout(r, 50));
    expect(await viewsOf(t, key)).toEqual({ views: 10, rows: 10 });
  });

  it('counts the views noted after the day turned on an answer made the day before', async () => {
    const writer = await member(t);
    const key = await createPost(t, writer.cookie);
    countView(t.database.db, key, 'v:before-midnight');
    const at = viewsAt(t.database.db, key, 0);
    expect(viewsNow(t.database.db, key, at)).toBe(1);
    // The next day (KST) the node's memory starts again: the first view then is still shown.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 24 * 3600_000);
      countView(t.database.db, key, 'v:after-midnight');
      expect(viewsNow(t.database.db, key, at)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
    await flushViews(t.database.db);
  });

  it("shows a member the views not written yet, the member's own among them", async () => {
    const writer = await member(t);
    const readers = [await member(t), await member(t)];
    const key = await createPost(t, writer.cookie);
    expect((await post(t, '/api/board/view', { boardId: 'free', key }, readers[0]!.cookie)).json().views).toBe(1);
    expect((await post(t, '/api/board/view', { boardId: 'free', key }, readers[1]!.cookie)).json().views).toBe(2);
    // Once written, the row has them and nothing is counted twice.
    await flushViews(t.database.db);
    expect((await post(t, '/api/board/view', { boardId: 'free', key }, readers[0]!.cookie)).json().views).toBe(2);
    expect(await viewsOf(t, key)).toEqual({ views: 2, rows: 2 });
  });

  it('counts no view of a post the reader may not see', async () => {
    const writer = await member(t);
    const key = await createPost(t, writer.cookie);
    expect((await post(t, '/api/board/delete', { boardId: 'free', key }, writer.cookie)).statusCode).toBe(200);
    expect((await visit(t, key, '10.7.1.1')).statusCode).toBe(404);
    await flushViews(t.database.db);
    expect(await viewsOf(t, key)).toEqual({ views: 0, rows: 0 });
  });

  it('keeps the notes of a batch the database refused and writes them on the next try', async () => {
    const writer = await member(t);
    const key = await createPost(t, writer.cookie);
    // The table gone for a moment makes the first write fail.
    await t.database.db.execute(sql`alter table post_views rename to post_views_away`);
    countView(t.database.db, key, 'v:refused-once');
    await flushViews(t.database.db);
    await t.database.db.execute(sql`alter table post_views_away rename to post_views`);
    await flushViews(t.database.db);
    expect(await viewsOf(t, key)).toEqual({ views: 1, rows: 1 });
  });
});

describe.runIf(inject('engine') === 'postgres')('views on two nodes', () => {
  let site: Awaited<ReturnType<typeof nodesOnCopy>>;
  beforeAll(async () => {
    site = await nodesOnCopy({ RATE_LIMIT: 'false' });
  }, 60_000);
  afterAll(() => site?.close());

  it('counts a viewer seen by both nodes once, and a closing node writes what it holds', async () => {
    const a = await site.node();
    const b = await site.node();
    const writer = await member(a);
    const key = await createPost(a, writer.cookie);
    for (const t of [a, b]) for (const ip of ['10.8.0.1', '10.8.0.2']) expect((await visit(t, key, ip)).statusCode).toBe(200);
    await flushViews(a.database.db);
    await flushViews(b.database.db);
    expect(await viewsOf(a, key)).toEqual({ views: 2, rows: 2 });
    // Noted and closed at once, before the counter's second: closing writes it.
    countView(b.database.db, key, 'v:noted-before-closing');
    await b.app.close();
    expect(await viewsOf(a, key)).toEqual({ views: 3, rows: 3 });
    await a.app.close();
  });
});

describe.runIf(inject('engine') === 'postgres')('views while the database is away', () => {
  let copy: Awaited<ReturnType<typeof copyPostgresDatabase>>;
  let proxy: TcpProxy;
  let t: TestApp;
  beforeAll(async () => {
    copy = await copyPostgresDatabase();
    const direct = new URL(copy.url);
    proxy = tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.open();
    const database = await openDatabase({ url: proxy.url(copy.url), poolSize: 2 });
    const app = await buildApp(testConfig({ RATE_LIMIT: 'false' }), { database, logger: false });
    await app.ready();
    t = { app, database, close: () => app.close() };
  });
  afterAll(async () => {
    await t?.close();
    await t?.database.close();
    await proxy?.close();
    await copy?.drop();
  });

  it('keeps the views it holds through an outage and writes them once the database is back', async () => {
    const writer = await member(t);
    const key = await createPost(t, writer.cookie);
    await proxy.cut();
    for (const viewer of ['v:away-1', 'v:away-2', 'v:away-3']) countView(t.database.db, key, viewer);
    // More failed writes than a batch is tried for other errors: a fault is not the batch's fault.
    for (let i = 0; i < 5; i++) await flushViews(t.database.db);
    expect(viewsAt(t.database.db, key, 0).shown).toBe(3);

    await proxy.open();
    await flushViews(t.database.db);
    expect(await viewsOf(t, key)).toEqual({ views: 3, rows: 3 });
    expect(viewsAt(t.database.db, key, 3).shown).toBe(3);
  });
});
