// Prometheus metrics at GET /metrics (docs/operations.md "Metrics"): requests by route pattern and
// status class, their latency, the database pool, the answer cache and queued jobs. With
// METRICS_TOKEN set only its holders may read them; without it only this machine (a request from
// loopback without a proxy's forwarding headers).
import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import type { Database } from '../db/client.js';
import type { AnswerCache } from './answer-cache.js';
import type { App } from './context.js';
import { notFound } from './errors.js';

/**
 * Queues other modules report (e.g. auctions waiting for their ending job): name -> current
 * length. One process-wide registry so a module need not know the app; see registerJobQueue.
 */
const queues = new Map<string, () => number | Promise<number>>();

/**
 * Reports a queue's length as chalkak_jobs_queued{queue=name}, read at each scrape. Returns
 * the function that takes it away again (call it when the job runner stops).
 */
export function registerJobQueue(name: string, size: () => number | Promise<number>): () => void {
  queues.set(name, size);
  return () => {
    if (queues.get(name) === size) queues.delete(name);
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface MetricsOptions {
  database: Database;
  answers: AnswerCache;
  token: string | undefined;
}

export function registerMetrics(app: App, opts: MetricsOptions) {
  const registry = new client.Registry();
  let defaultsOn = false;

  const requests = new client.Counter({
    name: 'chalkak_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: 'chalkak_http_request_duration_seconds',
    help: 'Time to answer, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new client.Gauge({
    name: 'chalkak_db_pool_connections',
    help: 'PostgreSQL pool connections of this node: total, idle, and callers waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = opts.database.stats?.();
      if (!s || s.kind !== 'postgres') return;
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new client.Gauge({
    name: 'chalkak_db_queries_in_flight',
    help: 'Embedded database (PGlite): statements running or queued (it runs one at a time)',
    registers: [registry],
    collect() {
      const s = opts.database.stats?.();
      if (s?.kind === 'pglite') this.set(s.inFlight);
    },
  });
  // The cache counts by itself (AnswerCache.stats); the counters follow it at each scrape.
  const seen = { hits: 0, misses: 0 };
  for (const kind of ['hits', 'misses'] as const) {
    new client.Counter({
      name: `chalkak_answer_cache_${kind}_total`,
      help: `Visitor answers ${kind === 'hits' ? 'served from' : 'not found in'} this node's answer cache`,
      registers: [registry],
      collect() {
        const now = opts.answers.stats[kind];
        if (now > seen[kind]) this.inc(now - seen[kind]);
        seen[kind] = now;
      },
    });
  }
  new client.Gauge({
    name: 'chalkak_jobs_queued',
    help: 'Jobs waiting, by queue (modules report through registerJobQueue)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [name, size] of queues) {
        try {
          this.set({ queue: name }, await size());
        } catch {
          // A queue that cannot say (its database is away) is left out of this scrape.
        }
      }
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, never the raw URL (ids and names would make a series per address).
    const route = req.routeOptions.url ?? '(unmatched)';
    if (route === '/metrics') return;
    const labels = { method: req.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!allowed(req.headers, req.socket.remoteAddress, opts.token)) throw notFound();
    if (!defaultsOn) {
      // Process figures (CPU, memory, event-loop lag), started at the first scrape.
      client.collectDefaultMetrics({ register: registry, prefix: 'chalkak_' });
      defaultsOn = true;
    }
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
  });
}

function allowed(headers: Record<string, string | string[] | undefined>, address: string | undefined, token: string | undefined) {
  // With a token nothing else counts: a proxy on this machine that sets no forwarding header would
  // otherwise pass the public's requests on from loopback.
  if (token) {
    const auth = headers.authorization;
    if (typeof auth !== 'string' || !auth.startsWith('Bearer ')) return false;
    const given = Buffer.from(auth.slice(7));
    const want = Buffer.from(token);
    return given.length === want.length && timingSafeEqual(given, want);
  }
  // A proxy on this machine forwards the public's requests from loopback: those carry its headers.
  const forwarded = headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined || headers['x-real-ip'] !== undefined;
  return !forwarded && address !== undefined && LOOPBACK.has(address);
}
