// When the PostgreSQL server cannot be reached the site answers a clear Korean 503, and it
// recovers by itself when the server is back. A small TCP proxy stands in for the network.
import { once } from 'node:events';
import { type AddressInfo, createServer, type Server, type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import type { App } from '../lib/context.js';
import { DB_UNAVAILABLE } from '../lib/errors.js';
import { testConfig } from '../test/config.js';
import { copyPostgresDatabase, login, post, TEST_ADMIN, type TestApp } from '../test/harness.js';
import { type Database, openDatabase } from './client.js';

/** A TCP proxy to the PostgreSQL server that can be cut and restored on the same port. */
function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  return {
    get port() {
      return port;
    },
    async open() {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
      port = (server.address() as AddressInfo).port;
    },
    async cut() {
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

describe.runIf(inject('engine') === 'postgres')('database unavailable (PostgreSQL)', () => {
  let proxy: ReturnType<typeof tcpProxy>;
  let copy: Awaited<ReturnType<typeof copyPostgresDatabase>>;
  let database: Database;
  let app: App;

  beforeAll(async () => {
    copy = await copyPostgresDatabase();
    const direct = new URL(copy.url);
    proxy = tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.open();
    const viaProxy = new URL(copy.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    database = await openDatabase({ url: viaProxy.toString(), poolSize: 2 });
    app = await buildApp(testConfig({ RATE_LIMIT: 'false' }), { database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await copy?.drop();
  });

  it('answers 503 in Korean while the database is gone and recovers without a restart', async () => {
    const t = { app } as TestApp;
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
});
