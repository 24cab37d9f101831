// `npm run bench:nodes`: the visitors' board list and a photo download through one built node and
// through two (docs/operations.md "Two nodes behind a reverse proxy"), on one PostgreSQL database,
// one Redis and one S3 server (s3rver, as the tests use). Two nodes are driven by two autocannon
// runs at once, half the connections each (a proxy's round robin); the second node should add
// throughput, not errors.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres   required: a chalkak_bench_nodes
//                            database is created there and dropped afterwards
//   BENCH_CONNECTIONS=16     autocannon connections in all (default 32)
//   BENCH_SECONDS=10         per measurement (default 10)
//   BENCH_FORCE=1            measure even on a busy machine (bench/machine.ts)
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { buildReason, INPUTS } from '../scripts/build-if-changed.js';
import { startRedis } from '../server/test/redis-server.js';
import { startS3 } from '../server/test/s3-server.js';
import { describeMachine, requireQuietMachine } from './machine.js';
import { adminQuery, freePort, stop, waitForHealth, withDatabase } from './server.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BENCH_DB = 'chalkak_bench_nodes';
const ADMIN_PASSWORD = 'bench-admin-password';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('Set BENCH_DATABASE_URL=postgres://user@host:5432/postgres (two nodes need PostgreSQL).');
  process.exit(1);
}
const { machine, forced } = await requireQuietMachine();
if (buildReason({ root: ROOT, ...INPUTS })) {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-changed.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

await adminQuery(url, `drop database if exists ${BENCH_DB} with (force)`);
await adminQuery(url, `create database ${BENCH_DB}`);
const [redis, s3] = await Promise.all([startRedis(), startS3('chalkak-bench')]);
const dirs: string[] = [];
const children: ChildProcess[] = [];

async function startNode(): Promise<string> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'chalkak-bench-node-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: withDatabase(url!, BENCH_DB),
      REDIS_URL: redis.url,
      APP_SECRET: 'd'.repeat(64),
      ADMIN_PASSWORD,
      ...s3.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, child, 120);
  for (let i = 0; i < 600 && !(await fetch(base + '/api/health/ready').then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 200));
  return base;
}

interface Result {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function cannon(base: string, path: string, connections: number, method: 'GET' | 'POST', body?: object, cookie?: string): Promise<Result> {
  return new Promise((ok, fail) => {
    autocannon(
      {
        url: base + path,
        method,
        connections,
        duration: SECONDS,
        headers: { 'accept-encoding': 'gzip', ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      },
      (err, r) => (err ? fail(err) : ok({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx })),
    );
  });
}

/** The same load on one node, or split over two at once. */
async function measure(bases: string[], path: string, method: 'GET' | 'POST', body?: object, cookie?: string): Promise<Result> {
  const parts = await Promise.all(bases.map((b) => cannon(b, path, Math.max(1, Math.round(CONNECTIONS / bases.length)), method, body, cookie)));
  return {
    rps: parts.reduce((a, p) => a + p.rps, 0),
    p99: Math.max(...parts.map((p) => p.p99)),
    errors: parts.reduce((a, p) => a + p.errors, 0),
    non2xx: parts.reduce((a, p) => a + p.non2xx, 0),
  };
}

try {
  const a = await startNode();
  const b = await startNode();
  const login = await fetch(a + '/api/login/do', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userId: 'admin', password: ADMIN_PASSWORD }).toString(),
  });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('chalkak_sid='))!.split(';')[0]!;
  const photo = await sharp({ create: { width: 2000, height: 1333, channels: 3, background: '#5577aa' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bench.jpg');
  const { url: photoUrl } = (await (await fetch(a + '/api/file/upload', { method: 'POST', body: form, headers: { cookie } })).json()) as { url: string };

  console.log(`# bench:nodes, ${new Date().toISOString()}, ${describeMachine(machine)}${forced ? ' (BENCH_FORCE: busy machine, figures not comparable)' : ''}`);
  console.log(`${CONNECTIONS} connections in all, ${SECONDS} s each\n`);
  console.log('| call | nodes | requests/s | ratio to trivial | p99 ms | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  // The trivial route on the same nodes first: each ratio is against it with as many nodes.
  const trivial = new Map<number, number>();
  for (const [name, path, method, body, c] of [
    ['GET /api/health (trivial)', '/api/health', 'GET', undefined, undefined],
    ['board list (visitor)', '/api/board/list', 'POST', { boardId: 'free' }, undefined],
    ['photo download (2,000 px WebP, from S3)', photoUrl, 'GET', undefined, cookie],
  ] as const) {
    for (const bases of [[a], [a, b]]) {
      const r = await measure(bases, path, method, body, c);
      if (!trivial.has(bases.length)) trivial.set(bases.length, r.rps);
      const ratio = (r.rps / trivial.get(bases.length)!).toFixed(2);
      console.log(`| ${name} | ${bases.length} | ${Math.round(r.rps).toLocaleString('en')} | ${ratio} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
    }
  }
  console.log(`\nload average after: ${loadavg()[0]!.toFixed(2)}`);
} finally {
  for (const c of children) await stop(c);
  await s3.close();
  await redis.close();
  await adminQuery(url, `drop database if exists ${BENCH_DB} with (force)`);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
