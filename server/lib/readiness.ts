// Liveness and readiness for load balancers (docs/operations.md "Health and logs"):
// GET /api/health answers while the process runs; GET /api/health/ready (also /api/ready)
// answers 200 only when the database answers `select 1` within a second and DATA_DIR's disk is
// above its reserve (503 `disk_full` and why otherwise, lib/disk-space.ts). While the migrations
// and the first-start work run, a bare server holds the port (listenWhileStarting) and answers
// 503 to everything but liveness. From the moment the app begins to stop, the same holds
// (refuseWhileStopping). Every 503 carries a Korean `message`, the probes' with their `status`.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { App } from './context.js';
import { DB_UNAVAILABLE } from './errors.js';
import { diskReadiness, type DiskWatch } from './disk-space.js';

export const STARTING = '사이트를 시작하는 중입니다. 잠시 후 다시 시도해 주세요.';
export const STOPPING = '사이트를 잠시 멈추는 중입니다. 잠시 후 다시 시도해 주세요.';
const PROBE_TIMEOUT_MS = 1000;

export function registerReadiness(app: App, db: Db, disk?: DiskWatch) {
  app.get('/api/health', async () => ({ status: 'ok' }));
  const probe = async (_req: unknown, reply: { status(code: number): { send(body: unknown): unknown } }) => {
    // A full disk: reads go on but writes are refused, and the operator must free space.
    const full = diskReadiness(disk);
    if (full) return reply.status(503).send(full);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS))),
      ]);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: DB_UNAVAILABLE });
    } finally {
      clearTimeout(timer);
    }
  };
  app.get('/api/health/ready', probe);
  app.get('/api/ready', { schema: { hide: true } }, probe);
}

/**
 * Once the app begins to close, requests still arriving on kept-alive connections (or sent behind
 * one in flight) get the Korean 503 with Retry-After; liveness still answers. Fastify's own
 * return503OnClosing, which answered them in English, is off (app.ts).
 */
export function refuseWhileStopping(app: App) {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onRequest', async (req, reply) => {
    if (!stopping || req.url === '/api/health') return;
    return reply.status(503).header('retry-after', '2').header('connection', 'close').send({ message: STOPPING });
  });
}

/**
 * Holds the port while the node starts: /api/health 200, everything else 503 with Retry-After.
 * close() ends it (and its connections) so the real app can listen on the same port.
 */
export async function listenWhileStarting(port: number, host: string): Promise<{ close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const live = req.url === '/api/health';
    const body = JSON.stringify(live ? { status: 'ok' } : req.url?.startsWith('/api/health/ready') || req.url === '/api/ready' ? { status: 'starting', message: STARTING } : { message: STARTING });
    res.writeHead(live ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
      ...(live ? {} : { 'retry-after': '2' }),
    });
    res.end(body);
  });
  server.listen(port, host);
  await once(server, 'listening');
  let closed: Promise<void> | undefined;
  return {
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
