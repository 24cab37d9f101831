// Rate limits shared through Redis, and what happens when that Redis stops or hangs mid-run:
// calls answer at once, login and reset limits keep counting in each node's memory, no unhandled
// error reaches the process, and the shared counts are used again once Redis is back.
// Two app nodes (each on its own database copy) share one redis-server started for this file.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import type { App } from './context.js';
import { copyDatabase, createUser, login, post, testApp, type TestApp } from '../test/harness.js';
import { testConfig } from '../test/config.js';
import { startRedis, type TestRedis } from '../test/redis-server.js';

const LOGIN_LIMITED = '로그인 시도가 너무 많습니다. 1분 후에 다시 시도해 주세요.';
const LIMITED = '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.';
/** Generous: this guards against a hang (the issue saw 1.3–17.8 s), it is not a benchmark. */
const QUICK_MS = 2000;

let redis: TestRedis;
let peek: Redis;
let a: TestApp; // node A, its log captured
let b: TestApp; // node B
const logs: Array<{ level: number; msg: string }> = [];
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);
const consoleError = vi.spyOn(console, 'error');

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  redis = await startRedis();
  // The test's own view of Redis: it waits for a connection, unlike the app's client.
  peek = new Redis(redis.url, { lazyConnect: true, retryStrategy: () => 200 });
  peek.on('error', () => {});
  await peek.connect();

  const database = await copyDatabase();
  const app: App = await buildApp(testConfig({ REDIS_URL: redis.url }), {
    database,
    logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
  });
  await app.ready();
  a = { app, database, close: async () => (await app.close(), await database.close()) };
  b = await testApp({ REDIS_URL: redis.url });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  peek?.disconnect();
  await redis?.close();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  consoleError.mockRestore();
});

let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let idCounter = 0;
const freshId = (prefix: string) => `${prefix}_${process.pid % 1000}_${++idCounter}`;

/** One login attempt and how long it took. */
async function loginAt(node: TestApp, ip: string, userId: string, password = 'wrong-password') {
  const started = performance.now();
  const res = await node.app.inject({
    method: 'POST',
    url: '/api/login/do',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ userId, password }).toString(),
  });
  return { status: res.statusCode, body: res.body, ms: performance.now() - started };
}

async function timed<T>(call: () => Promise<T>) {
  const started = performance.now();
  const res = await call();
  return { res, ms: performance.now() - started };
}

/** Five wrong passwords for one account from one address, spread over both nodes; the sixth is refused. */
async function expectSharedAccountLimit(userId: string) {
  const ip = freshIp();
  for (const node of [a, b, a, b, a]) expect((await loginAt(node, ip, userId)).status).toBe(401);
  const sixth = await loginAt(b, ip, userId);
  expect(sixth.status).toBe(429);
  expect(JSON.parse(sixth.body)).toEqual({ message: LOGIN_LIMITED });
}

function expectNoStrayErrors() {
  expect(unhandled).toEqual([]);
  const printed = consoleError.mock.calls.map((c) => c.map(String).join(' '));
  expect(printed.filter((line) => line.includes('Unhandled error event'))).toEqual([]);
}

const messages = () => logs.map((l) => l.msg);

describe('rate limits with Redis', () => {
  it('shares the per-account login count between nodes through Redis', async () => {
    const userId = freshId('shared');
    await expectSharedAccountLimit(userId);
    expect(await peek.keys(`*login-account:${userId}*`)).not.toHaveLength(0);
  });

  it('Redis stops: logins and writes answer at once, login and reset limits hold per node, writes go through', async () => {
    const sender = await createUser(a);
    const receiver = await createUser(a);
    const cookie = await login(a, sender.userId, sender.password);

    await redis.stop();

    // Per account: five wrong passwords, then refused, on this node alone.
    const userId = freshId('down');
    const guesser = freshIp();
    for (let i = 0; i < 5; i++) {
      const r = await loginAt(a, guesser, userId);
      expect(r.status).toBe(401);
      expect(r.ms).toBeLessThan(QUICK_MS);
    }
    const sixth = await loginAt(a, guesser, userId);
    expect(sixth.status).toBe(429);
    expect(sixth.ms).toBeLessThan(QUICK_MS);
    // The right password is refused too while the account is limited.
    const member = await createUser(a);
    const from = freshIp();
    for (let i = 0; i < 5; i++) expect((await loginAt(a, from, member.userId)).status).toBe(401);
    expect((await loginAt(a, from, member.userId, member.password)).status).toBe(429);

    // Per address: ten attempts a minute, then refused.
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await loginAt(a, ip, freshId('addr'))).status).toBe(401);
    expect((await loginAt(a, ip, freshId('addr'))).status).toBe(429);

    // Password reset: one address on one account is refused within its allowance (at most 20).
    const resetId = freshId('reset');
    const resetIp = freshIp();
    const step1 = () =>
      a.app.inject({ method: 'POST', url: '/api/public/find/step1', remoteAddress: resetIp, payload: { userId: resetId, email: 'x@example.com' } });
    let refused = null;
    for (let i = 0; i < 21 && !refused; i++) {
      const r = await timed(step1);
      expect(r.ms).toBeLessThan(QUICK_MS);
      if (r.res.statusCode === 429) refused = r.res;
    }
    expect(refused?.json()).toEqual({ message: LIMITED });

    // Ordinary writes: a letter and a post go through, quickly.
    const letter = await timed(() =>
      post(a, '/api/letter/send/save', { receiver: receiver.userId, subject: '정전 중', content: '보내집니다' }, cookie),
    );
    expect(letter.res.statusCode).toBe(200);
    expect(letter.ms).toBeLessThan(QUICK_MS);
    const saved = await timed(() =>
      post(a, '/api/board/save', { boardId: 'free', category: 'c1', subject: '제목', content: '<p>내용</p>' }, cookie),
    );
    expect(saved.res.statusCode).toBe(200);
    expect(saved.ms).toBeLessThan(QUICK_MS);

    // Let the client try to reconnect a few times: each failure is an 'error' event.
    await new Promise((r) => setTimeout(r, 1500));
    expectNoStrayErrors();
    expect(messages().filter((m) => m.includes('Redis unavailable'))).toHaveLength(1);
  });

  it('Redis returns on the same port: the counts are shared between nodes again', async () => {
    await redis.start();
    // Wait until both nodes count in Redis again (each reconnects on its own schedule).
    for (const node of [a, b]) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const probe = freshId('probe');
        await loginAt(node, freshIp(), probe);
        if ((await peek.keys(`*login-account:${probe}*`)).length > 0) break;
        if (Date.now() > deadline) throw new Error('the app did not go back to Redis within 10 s');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await expectSharedAccountLimit(freshId('back'));
    expectNoStrayErrors();
    expect(messages().filter((m) => m.includes('Redis unavailable'))).toHaveLength(1);
    expect(messages().filter((m) => m.includes('Redis available again'))).toHaveLength(1);
  });

  it('Redis hangs (connection open, no answers): calls still answer quickly and login stays limited', async () => {
    redis.pause();
    try {
      const userId = freshId('hung');
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        const r = await loginAt(a, ip, userId);
        expect(r.status).toBe(401);
        expect(r.ms).toBeLessThan(QUICK_MS);
      }
      const sixth = await loginAt(a, ip, userId);
      expect(sixth.status).toBe(429);
      expect(sixth.ms).toBeLessThan(QUICK_MS);
    } finally {
      redis.resume();
    }
    expectNoStrayErrors();
  });
});
