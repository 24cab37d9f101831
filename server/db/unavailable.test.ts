// When the PostgreSQL server cannot be reached the site answers a clear Korean 503, and it
// recovers by itself when the server is back. A small TCP proxy stands in for the network.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import type { App } from '../lib/context.js';
import { DB_UNAVAILABLE } from '../lib/errors.js';
import { testConfig } from '../test/config.js';
import { copyPostgresDatabase, login, post, TEST_ADMIN, type TestApp } from '../test/harness.js';
import { type TcpProxy, tcpProxy } from '../test/tcp-proxy.js';
import { type Database, openDatabase } from './client.js';

describe.runIf(inject('engine') === 'postgres')('database unavailable (PostgreSQL)', () => {
  let proxy: TcpProxy;
  /** The app's log lines, parsed. */
  const lines: Array<{ level: number; msg: string; err?: { stack?: string }; refused?: number }> = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  /** The first line from `from` on whose message starts with `start`, waited for up to 10 s. */
  async function logged(from: number, start: string) {
    for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
      const line = lines.slice(from).find((l) => l.msg.startsWith(start));
      if (line) return line;
    }
    throw new Error(`not logged: ${start}\n${JSON.stringify(lines.slice(from).map((l) => l.msg))}`);
  }
  let copy: Awaited<ReturnType<typeof copyPostgresDatabase>>;
  let database: Database;
  let app: App;

  beforeAll(async () => {
    copy = await copyPostgresDatabase();
    const direct = new URL(copy.url);
    proxy = tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.open();
    database = await openDatabase({ url: proxy.url(copy.url), poolSize: 2 });
    app = await buildApp(testConfig({ RATE_LIMIT: 'false' }), { database, logger: { level: 'info', stream: logStream } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await copy?.drop();
  });

  it('answers 503 in Korean while the database is gone and recovers without a restart', async () => {
    const t = { app, database } as TestApp;
    const cookie = await login(t, TEST_ADMIN.userId, TEST_ADMIN.password);
    expect((await post(t, '/api/session/info', {}, cookie)).json()).toMatchObject({ logined: true, userId: 'admin' });

    await proxy.cut();
    const down = await post(t, '/api/session/info', {}, cookie);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: DB_UNAVAILABLE });
    expect(down.json().message).toBe('지금은 데이터베이스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.');
    expect(down.headers['retry-after']).toBe('5');
    // Other calls that need the database say the same; the readiness probe says unavailable.
    const check = await post(t, '/api/public/check', { field: 'userId', value: 'someone_new' });
    expect(check.statusCode).toBe(503);
    expect(check.json()).toEqual({ message: DB_UNAVAILABLE });
    // A login is not mistaken for a wrong password.
    const loginDown = await app.inject({
      method: 'POST',
      url: '/api/login/do',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ userId: TEST_ADMIN.userId, password: TEST_ADMIN.password }).toString(),
    });
    expect(loginDown.statusCode).toBe(503);
    expect(loginDown.json()).toEqual({ message: DB_UNAVAILABLE });
    expect(loginDown.cookies).toHaveLength(0);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await proxy.open();
    const up = await post(t, '/api/session/info', {}, cookie);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ logined: true, userId: 'admin' });
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('logs an outage once when it starts and once when it ends, with the calls refused between', { timeout: 30_000 }, async () => {
    const t = { app, database } as TestApp;
    // The outage of the test above has ended by now.
    await logged(0, 'database available again');
    expect((await post(t, '/api/public/check', { field: 'userId', value: 'someone_new' })).statusCode).toBe(200);
    const before = lines.length;
    await proxy.cut();
    for (let i = 0; i < 12; i++) {
      const res = await post(t, '/api/public/check', { field: 'userId', value: `someone_${i}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: DB_UNAVAILABLE });
    }
    // Long enough for the node's own retries (the probe, the signals' connection) to fail a few times.
    await new Promise((r) => setTimeout(r, 2000));
    const during = lines.slice(before);
    // One line with the cause (and its stack) when the outage starts, not one per refused call.
    const errors = during.filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).toEqual(['database unavailable: calls that need it answer 503 until it returns']);
    // Nothing is logged over and over (the signals' connection retries say it once too).
    const withStack = during.filter((l) => l.err?.stack).map((l) => l.msg);
    expect(new Set(withStack).size, JSON.stringify(withStack)).toBe(withStack.length);
    const own = during.filter((l) => l.msg !== 'incoming request' && l.msg !== 'request completed').map((l) => l.msg);
    expect(own.length, JSON.stringify(own)).toBeLessThan(4);

    await proxy.open();
    expect(await logged(before, 'database available again')).toMatchObject({ level: 40, refused: 12 });
    expect((await post(t, '/api/public/check', { field: 'userId', value: 'someone_new' })).statusCode).toBe(200);
    // Nothing more was logged at error level after the outage ended.
    expect(lines.slice(before).filter((l) => l.level >= 50)).toHaveLength(1);
  });
});
