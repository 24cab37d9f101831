// Two app nodes on one PostgreSQL database (decision 22): a write through node A drops node B's
// cached answers within a second, through LISTEN/NOTIFY; when B's listening connection is
// terminated B stops using its cache (it may miss messages), starts it empty once it listens
// again, and the signals work again.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPost, member, setBoard } from '../test/boards.js';
import { nodesOnCopy, post, type TestApp } from '../test/harness.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean> | boolean, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await sleep(20);
  }
}

describe.runIf(inject('engine') === 'postgres')('cached answers on two nodes', () => {
  let site: Awaited<ReturnType<typeof nodesOnCopy>>;
  let admin: pg.Client;
  let a: TestApp;
  let b: TestApp;
  /** B's listening connection (the one that appeared when B started). */
  let bPid: number;
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown) => unhandled.push(e);

  const listeners = async () =>
    (await admin.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and application_name = 'chalkak-signals'`)).rows.map(
      (r) => r.pid,
    );

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
    site = await nodesOnCopy();
    admin = new pg.Client({ connectionString: site.url });
    await admin.connect();
    a = await site.node();
    const aPids = await listeners();
    b = await site.node();
    bPid = (await listeners()).find((p) => !aPids.includes(p))!;
  });

  afterAll(async () => {
    await admin?.end();
    await site?.close();
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
  });

  const listKeys = async (t: TestApp) => {
    const res = await post(t, '/api/board/list', { boardId: 'free' });
    expect(res.statusCode).toBe(200);
    return (res.json().items as Array<{ key: number }>).map((i) => i.key);
  };

  it('a post saved or deleted through node A shows in node B’s cached list within a second', async () => {
    const writer = await member(a);
    await listKeys(b);
    const hits = b.app.ctx.answers.stats.hits;
    await listKeys(b);
    expect(b.app.ctx.answers.stats.hits).toBe(hits + 1); // B answers from memory

    const key = await createPost(a, writer.cookie, { subject: '다른 노드에서 쓴 글' });
    expect(await until(async () => (await listKeys(b)).includes(key), 1000)).toBeLessThan(1000);
    // The visitor's view on B is cached as well, and the delete reaches it too.
    expect((await post(b, '/api/board/view', { boardId: 'free', key })).statusCode).toBe(200);

    expect((await post(a, '/api/board/delete', { boardId: 'free', key }, writer.cookie)).statusCode).toBe(200);
    expect(await until(async () => !(await listKeys(b)).includes(key), 1000)).toBeLessThan(1000);
    expect((await post(b, '/api/board/view', { boardId: 'free', key })).statusCode).toBe(404);
  });

  it('a board made members-only through node A is refused to B’s visitors within a second', async () => {
    await listKeys(b);
    await setBoard(a, 'free', { readLevel: 1 });
    try {
      const refused = async () => (await post(b, '/api/board/list', { boardId: 'free' })).statusCode === 403;
      expect(await until(refused, 1000)).toBeLessThan(1000);
    } finally {
      await setBoard(a, 'free', { readLevel: 0 });
    }
    await until(async () => (await post(b, '/api/board/list', { boardId: 'free' })).statusCode === 200, 1000);
  });

  it('node B drops its cache when its listening connection is terminated and uses it again once it listens', async () => {
    const writer = await member(a);
    await listKeys(b);
    await listKeys(b);
    expect(b.app.ctx.answers.size).toBeGreaterThan(0);

    expect(await listeners()).toContain(bPid);
    await admin.query('select pg_terminate_backend($1)', [bPid]);
    await until(() => !b.app.ctx.answers.enabled, 2000);
    expect(b.app.ctx.answers.size).toBe(0);

    // Written while B cannot hear: B still answers, from the database.
    const missed = await createPost(a, writer.cookie, { subject: '못 들은 글' });
    expect(await listKeys(b)).toContain(missed);

    // B listens again by itself, starts empty, and hears A's writes again.
    await until(() => b.app.ctx.answers.enabled, 10_000);
    expect((await listeners()).filter((p) => p !== bPid)).toHaveLength(2);
    expect(await listKeys(b)).toContain(missed);
    const hits = b.app.ctx.answers.stats.hits;
    await listKeys(b);
    expect(b.app.ctx.answers.stats.hits).toBe(hits + 1);
    const after = await createPost(a, writer.cookie, { subject: '다시 들은 글' });
    expect(await until(async () => (await listKeys(b)).includes(after), 1000)).toBeLessThan(1000);
    expect(unhandled).toEqual([]);
  });
});
