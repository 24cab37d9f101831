// A PostgreSQL server that stops answering (not down: its connections stay open, nothing comes
// back) costs a call a few seconds, not as long as it hangs: connections are waited for at most
// DATABASE_CONNECT_TIMEOUT_MS and statements at most DATABASE_STATEMENT_TIMEOUT_MS (and a second).
// A TCP proxy in front of the server stops forwarding, then forwards again.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import type { App } from '../lib/context.js';
import { DB_UNAVAILABLE } from '../lib/errors.js';
import { testConfig } from '../test/config.js';
import { copyPostgresDatabase, login, post, TEST_ADMIN, type TestApp } from '../test/harness.js';
import { type TcpProxy, tcpProxy } from '../test/tcp-proxy.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The answer and how long it took, or 'no answer' after waitMs. */
async function timed<T>(call: Promise<T>, waitMs = 8000): Promise<{ ms: number; res: T | 'no answer' }> {
  const started = Date.now();
  const res = await Promise.race([call, sleep(waitMs).then(() => 'no answer' as const)]);
  return { ms: Date.now() - started, res };
}

describe.runIf(inject('engine') === 'postgres')('PostgreSQL that hangs', () => {
  let proxy: TcpProxy;
  let copy: Awaited<ReturnType<typeof copyPostgresDatabase>>;
  let app: App;

  beforeAll(async () => {
    copy = await copyPostgresDatabase();
    const direct = new URL(copy.url);
    proxy = tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.open();
    // The app opens the database itself, from the configuration, as a node does.
    app = await buildApp(
      testConfig({
        RATE_LIMIT: 'false',
        DATABASE_URL: proxy.url(copy.url),
        DATABASE_POOL_SIZE: '3',
        DATABASE_CONNECT_TIMEOUT_MS: '1000',
        DATABASE_STATEMENT_TIMEOUT_MS: '1000',
        SEARCH_TIMEOUT_MS: '1000',
      }),
      { logger: false },
    );
    await app.ready();
  });
  afterAll(async () => {
    proxy?.resume();
    await app?.close();
    await proxy?.close();
    await copy?.drop();
  });

  it('answers the Korean 503 within seconds, readiness says so, and serves again once it answers', { timeout: 60_000 }, async () => {
    const t = { app, database: { db: app.ctx.db } } as TestApp;
    const cookie = await login(t, TEST_ADMIN.userId, TEST_ADMIN.password);
    // Every connection of the pool open and idle: they are the ones that hang first.
    await Promise.all(Array.from({ length: 3 }, () => post(t, '/api/board/list', { boardId: 'free', page: 1 })));
    expect((await post(t, '/api/board/list', { boardId: 'free', page: 1, search: '사진' })).statusCode).toBe(200);

    proxy.hang();
    try {
      // More calls than connections: reads, a write (a transaction), a search, a sign-up check.
      const calls = [
        post(t, '/api/session/info', {}, cookie),
        post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '멈춘 동안의 글', content: '<p>본문</p>' }, cookie),
        post(t, '/api/board/list', { boardId: 'free', page: 1, search: '렌즈' }),
        post(t, '/api/public/check', { field: 'userId', value: 'someone_new' }),
        ...Array.from({ length: 4 }, (_, i) => post(t, '/api/board/view', { boardId: 'free', key: i + 1 })),
      ];
      const ready = timed(app.inject({ method: 'GET', url: '/api/health/ready' }));
      const answers = await Promise.all(calls.map((c) => timed(c)));
      for (const { ms, res } of answers) {
        expect(res).not.toBe('no answer');
        if (res === 'no answer') continue;
        expect(res.statusCode, res.body).toBe(503);
        // A search refused by its own timeout says so; everything else is the database's 503.
        expect([DB_UNAVAILABLE, '검색이 지연되고 있습니다. 잠시 후 다시 시도해 주세요.']).toContain(res.json().message);
        expect(ms).toBeLessThan(4000);
      }
      const probe = await ready;
      expect(probe.res === 'no answer' ? 0 : probe.res.statusCode).toBe(503);
      expect(probe.ms).toBeLessThan(2000);
      // Still hanging: a call now fails as fast (no connection is stuck for good).
      const again = await timed(post(t, '/api/session/info', {}, cookie));
      expect(again.res === 'no answer' ? 0 : again.res.statusCode).toBe(503);
      expect(again.ms).toBeLessThan(4000);
    } finally {
      proxy.resume();
    }

    // Serving again without a restart.
    let info = await post(t, '/api/session/info', {}, cookie);
    for (const until = Date.now() + 10_000; info.statusCode !== 200 && Date.now() < until; await sleep(200)) {
      info = await post(t, '/api/session/info', {}, cookie);
    }
    expect(info.json()).toMatchObject({ logined: true, userId: 'admin' });
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    const saved = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '다시 된 뒤의 글', content: '<p>본문</p>' }, cookie);
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
