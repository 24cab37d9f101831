// GET /metrics (Prometheus) and the readiness probe, on the real app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { copyDatabase, post, testApp, type TestApp } from '../test/harness.js';
import { testConfig } from '../test/config.js';
import { freePort } from '../test/process.js';
import { DB_UNAVAILABLE } from './errors.js';
import { registerJobQueue } from './metrics.js';
import { listenWhileStarting, STARTING } from './readiness.js';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false', METRICS_TOKEN: TOKEN });
  // On PostgreSQL the answer cache turns on once the node listens for other nodes' signals, a
  // moment after ready(): the cache counters below need it on.
  for (const started = Date.now(); !t.app.ctx.answers.enabled; await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() - started > 5000) throw new Error('the node does not listen for signals');
  }
});
afterAll(() => t.close());

/** A scrape of t (METRICS_TOKEN set): from loopback with the token unless told otherwise. */
const scrape = (opts: { remoteAddress?: string; headers?: Record<string, string>; app?: TestApp } = {}) =>
  (opts.app ?? t).app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: opts.remoteAddress ?? '127.0.0.1',
    headers: opts.headers ?? { authorization: `Bearer ${TOKEN}` },
  });

/** The value of one series in the text format, e.g. value(text, 'x_total{a="b"}'). */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('counts requests by route pattern and status class, never by raw address', async () => {
    await post(t, '/api/board/list', { boardId: 'free' });
    await post(t, '/api/board/list', { boardId: 'free' });
    await post(t, '/api/board/view', { boardId: 'free', key: 999999 });
    await t.app.inject({ method: 'GET', url: '/api/file/down/AAAAAAAAAAAAAAAAAAAAAA/thumb' });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(value(text, 'chalkak_http_requests_total{method="POST",route="/api/board/list",status="2xx"}')).toBe(2);
    expect(value(text, 'chalkak_http_requests_total{method="POST",route="/api/board/view",status="4xx"}')).toBe(1);
    expect(value(text, 'chalkak_http_requests_total{method="GET",route="/api/file/down/:a/:b",status="4xx"}')).toBe(1);
    expect(value(text, 'chalkak_http_request_duration_seconds_count{method="POST",route="/api/board/list",status="2xx"}')).toBe(2);
    expect(text).toContain('chalkak_http_request_duration_seconds_bucket{le="0.1",method="POST",route="/api/board/list",status="2xx"}');
    expect(text).not.toContain('AAAAAAAAAAAAAAAAAAAAAA');
    // The second visitor list came from the answer cache.
    expect(value(text, 'chalkak_answer_cache_hits_total')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'chalkak_answer_cache_misses_total')).toBeGreaterThanOrEqual(1);
    // Pool use: PGlite reports statements in flight, PostgreSQL its pool.
    if (t.database.kind === 'pglite') expect(text).toContain('chalkak_db_queries_in_flight 0');
    else expect(text).toMatch(/chalkak_db_pool_connections\{state="total"\} [1-9]/);
    // Process figures.
    expect(text).toContain('chalkak_process_resident_memory_bytes');
  });

  it('follows the cache counters without counting twice', async () => {
    const before = value((await scrape()).body, 'chalkak_answer_cache_hits_total');
    await post(t, '/api/board/list', { boardId: 'free' });
    const after = value((await scrape()).body, 'chalkak_answer_cache_hits_total');
    expect(after - before).toBe(t.app.ctx.answers.stats.hits - before);
    expect(after).toBe(t.app.ctx.answers.stats.hits);
  });

  it('shows the queues modules report, and drops one taken away', async () => {
    const off = registerJobQueue('test_auction_ending', async () => 3);
    expect(value((await scrape()).body, 'chalkak_jobs_queued{queue="test_auction_ending"}')).toBe(3);
    off();
    expect((await scrape()).body).not.toContain('test_auction_ending');
  });

  it('with METRICS_TOKEN set answers only its holders, from this machine too', async () => {
    for (const res of [
      await scrape({ headers: {} }),
      await scrape({ remoteAddress: '::1', headers: {} }),
      await scrape({ remoteAddress: '203.0.113.9', headers: {} }),
      await scrape({ headers: { 'x-forwarded-for': '203.0.113.9' } }),
      await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer wrong-token-0123456789' } }),
      await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}x` } }),
      await scrape({ headers: { authorization: TOKEN } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('chalkak_');
    }
    const withToken = await scrape({ remoteAddress: '203.0.113.9' });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('chalkak_http_requests_total');
  });

  it('without METRICS_TOKEN answers only this machine, not the public through a proxy on it', async () => {
    const open = await testApp({ RATE_LIMIT: 'false' });
    try {
      for (const res of [
        await scrape({ app: open, remoteAddress: '203.0.113.9', headers: {} }),
        await scrape({ app: open, headers: { 'x-forwarded-for': '203.0.113.9' } }),
        await scrape({ app: open, headers: { forwarded: 'for=203.0.113.9' } }),
        await scrape({ app: open, headers: { 'x-real-ip': '203.0.113.9' } }),
        // A token it does not have opens nothing.
        await scrape({ app: open, remoteAddress: '203.0.113.9' }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('chalkak_');
      }
      for (const remoteAddress of ['127.0.0.1', '::1']) {
        const res = await scrape({ app: open, remoteAddress, headers: {} });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('chalkak_http_requests_total');
      }
    } finally {
      await open.close();
    }
  });

  it('is not counted itself', async () => {
    await scrape();
    expect((await scrape()).body).not.toContain('route="/metrics"');
  });
});

describe('request ids', () => {
  it('returns the x-request-id it was given, or a new one', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const odd = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\u0000'.repeat(50) } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('readiness', () => {
  it('answers 200 when the database answers', async () => {
    for (const url of ['/api/health', '/api/health/ready', '/api/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('answers 503 to everything but liveness while the node starts (migrations), then frees the port', async () => {
    const port = await freePort();
    const starting = await listenWhileStarting(port, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    try {
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      const ready = await fetch(`${base}/api/health/ready`);
      expect([ready.status, await ready.json()]).toEqual([503, { status: 'starting', message: STARTING }]);
      const list = await fetch(`${base}/api/board/list`, { method: 'POST', body: '{}' });
      expect(list.status).toBe(503);
      expect(list.headers.get('retry-after')).toBe('2');
      expect(((await list.json()) as { message: string }).message).toBe(STARTING);
    } finally {
      await starting.close();
    }
    // The real app can take the port at once.
    const again = await listenWhileStarting(port, '127.0.0.1');
    await again.close();
  });

  it('answers 503 within about a second when the database is unreachable', async () => {
    const database = await copyDatabase();
    const app = await buildApp(testConfig({ RATE_LIMIT: 'false' }), { database, logger: false });
    try {
      await database.close();
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', message: DB_UNAVAILABLE });
      // The probe gives up after 1 s; the bound leaves room for a busy shared machine.
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
