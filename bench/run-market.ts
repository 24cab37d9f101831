// `npm run bench:market`: the market's read calls on a database of 20,000 items and 5,000 sold
// items of one product (bench/seed-market.ts), measured with autocannon on loopback against GET
// /api/health, in the style of bench/run-boards.ts. PGlite by default; PostgreSQL when
// BENCH_DATABASE_URL is set (a chalkak_bench_market database is created on that server and
// dropped afterwards; no other database is touched).
//
//   BENCH_ITEMS=5000         a smaller seed (the traced product keeps its 5,000 sales)
//   BENCH_MEMBERS=2000       fewer members (default 20,000)
//   BENCH_CONNECTIONS=8      autocannon connections (default 32)
//   BENCH_FORCE=1            measure even on a busy machine (bench/machine.ts); otherwise the run
//                            stops before seeding when the load average is above the core count
//                            or another process keeps a core busy. Each call is measured twice.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { BENCH_PASSWORD } from './seed.js';
import { measureCall } from './measure.js';
import { describeMachine, loadNow, requireQuietMachine } from './machine.js';
import { MARKET_SIZE, seedMarket, TRACED_PRODUCT } from './seed-market.js';
import { adminQuery, freePort, serverEnv, stop, waitForHealth, withDatabase } from './server.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_S = 10;
const WARMUP_S = 2;
const BENCH_DB = 'chalkak_bench_market';
/** The issue's targets for lists (as the boards'): a share of the trivial route, and p99. */
const TARGET = { ratio: 0.3, p99Ms: 50 };
const PASSES = 2;
/** Words of the seeded subjects (bench/seed-market.ts), common and rare. */
const SEARCH_WORDS = ['플래시', '렌즈', '니콘', '라이카 M6', '풀박스', '급처'];
/** Searches, as the boards': p95 under this. */
const SEARCH_P95_MS = 200;

async function login(base: string, userId: string): Promise<string> {
  // A connection the starting server closed counts as "not yet" too.
  const attempt = () =>
    fetch(base + '/api/login/do', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ userId, password: BENCH_PASSWORD }).toString(),
    }).catch(() => new Response(null, { status: 503 }));
  // Health answers before the site has finished starting (503 "사이트를 시작하는 중"): wait for it.
  let res = await attempt();
  for (let i = 0; res.status === 503 && i < 120; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    res = await attempt();
  }
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('chalkak_sid='));
  if (!res.ok || !sid) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return sid.split(';')[0]!;
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** A fixed body, or a new one for every request. */
  body?: object | (() => object);
  loggedIn?: boolean;
  /** Which target applies. */
  kind?: 'list' | 'view' | 'search' | 'other';
}

const measure = (base: string, s: Scenario, cookie: string, run: { seconds: number } | { amount: number }) => measureCall(base, s, cookie, CONNECTIONS, run);

async function main() {
  const { machine: machineBefore, forced } = await requireQuietMachine();
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const engine = pgUrl ? 'postgres' : 'pglite';
  const size = { ...MARKET_SIZE, items: Number(process.env.BENCH_ITEMS ?? MARKET_SIZE.items), members: Number(process.env.BENCH_MEMBERS ?? MARKET_SIZE.members) };
  const dataDir = mkdtempSync(join(tmpdir(), 'chalkak-bench-market-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...serverEnv(dataDir, port),
    // As a production site on PostgreSQL is run (docs/operations.md "Several app nodes").
    APP_SECRET: 'e'.repeat(64),
  };
  if (pgUrl) {
    await adminQuery(pgUrl, `drop database if exists ${BENCH_DB} with (force)`);
    await adminQuery(pgUrl, `create database ${BENCH_DB}`);
    env.DATABASE_URL = withDatabase(pgUrl, BENCH_DB);
  }
  let child: ChildProcess | undefined;
  const interrupted = () => {
    if (child) child.kill('SIGKILL');
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  try {
    console.log(`seeding ${size.items.toLocaleString('en')} items and ${size.traced.toLocaleString('en')} sales of ${TRACED_PRODUCT} (${engine}) …`);
    const started = performance.now();
    const { userId } = await seedMarket(env, size);
    const seedS = Math.round((performance.now() - started) / 1000);
    console.log(`seeded in ${seedS} s`);

    let view = 0;
    let search = 0;
    const scenarios: Scenario[] = [
      { name: 'GET /api/health (trivial)', method: 'GET', path: '/api/health' },
      { name: 'market list, page 1', method: 'POST', path: '/api/market/list', body: { category: 'all', page: 1 }, kind: 'list' },
      {
        name: 'market list, page 1, filtered (category, region, price)',
        method: 'POST',
        path: '/api/market/list',
        body: { category: 'c1', page: 1, region: 'seoul', minPrice: 500_000, maxPrice: 2_000_000 },
        kind: 'list',
      },
      { name: 'market list, page 1, logged in', method: 'POST', path: '/api/market/list', body: { category: 'all', page: 1 }, loggedIn: true, kind: 'list' },
      { name: `market list by product (${TRACED_PRODUCT}, every status)`, method: 'POST', path: '/api/market/list', body: { category: 'all', page: 1, productKey: TRACED_PRODUCT, status: 'all' }, kind: 'list' },
      { name: 'market search "플래시" (the same word: kept answer)', method: 'POST', path: '/api/market/list', body: { category: 'all', page: 1, search: '플래시' }, kind: 'search' },
      // A price floor no other request used makes every search a new one: what a search costs uncached.
      {
        name: 'market search, a new query each time',
        method: 'POST',
        path: '/api/market/list',
        body: () => ({ category: 'all', page: 1, search: SEARCH_WORDS[search % SEARCH_WORDS.length], minPrice: search++ }),
        kind: 'search',
      },
      { name: `trace of ${TRACED_PRODUCT} (${size.traced.toLocaleString('en')} sales)`, method: 'POST', path: '/api/market/trace', body: { productKey: TRACED_PRODUCT }, kind: 'list' },
      { name: 'item view, logged in', method: 'POST', path: '/api/market/view', body: () => ({ key: 1_000 + (view++ % 500) }), loggedIn: true, kind: 'view' },
    ];

    child = spawn(process.execPath, ['dist/server/main.js'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    await waitForHealth(base, child, 120);
    const cookie = await login(base, userId);
    console.log(`${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s per call`);

    const loadBefore = loadavg();
    const rows: Array<{ pass: number; name: string; kind: Scenario['kind']; requestsPerSec: number; p95Ms: number; p99Ms: number; total: number; load1: number }> = [];
    for (let pass = 1; pass <= PASSES; pass++) {
      console.log(`pass ${pass} of ${PASSES}`);
      for (const s of scenarios) {
        await measure(base, s, cookie, { seconds: WARMUP_S });
        const load1 = loadNow();
        const { r, p95, p99 } = await measure(base, s, cookie, { seconds: DURATION_S });
        if (r.non2xx || r.errors) throw new Error(`${s.name}: ${r.non2xx} non-2xx responses, ${r.errors} errors`);
        rows.push({ pass, name: s.name, kind: s.kind, requestsPerSec: Math.round(r.requests.average), p95Ms: p95, p99Ms: p99, total: r.requests.total, load1 });
        console.log(`  ${s.name}: ${Math.round(r.requests.average)} req/s, p95 ${p95} ms, p99 ${p99} ms (load ${load1})`);
      }
    }
    const trivialOf = (pass: number) => rows.find((r) => r.pass === pass)!.requestsPerSec;
    const results = rows.map((r) => {
      const trivial = trivialOf(r.pass);
      const ratio = Math.round((r.requestsPerSec / trivial) * 100) / 100;
      const target =
        r.kind === 'list' || r.kind === 'view'
          ? r.requestsPerSec >= trivial * TARGET.ratio && r.p99Ms < TARGET.p99Ms
            ? 'met'
            : 'MISSED'
          : r.kind === 'search'
            ? r.p95Ms < SEARCH_P95_MS
              ? 'met'
              : 'MISSED'
            : '';
      return { ...r, ratio, target };
    });
    const round = (n: number) => Math.round(n * 100) / 100;
    const load = { before: loadBefore.map(round), after: loadavg().map(round) };
    console.log(
      `\n${engine}, ${size.items.toLocaleString('en')} items, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${load.before[0]} → ${load.after[0]}` +
        (forced ? `; FORCED on a busy machine (${describeMachine(machineBefore)})` : ''),
    );
    console.table(results.map((r) => ({ pass: r.pass, call: r.name, 'req/s': r.requestsPerSec, 'p95 ms': r.p95Ms, 'p99 ms': r.p99Ms, ratio: r.ratio, target: r.target, load: r.load1 })));
    console.log(`targets: lists, trace and view ≥ ${TARGET.ratio} of the trivial route with p99 < ${TARGET.p99Ms} ms; searches p95 < ${SEARCH_P95_MS} ms`);

    const dir = join(ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `market-${engine}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const machine = { cores: cpus().length, cpu: cpus()[0]?.model, memoryGB: Math.round(totalmem() / 2 ** 30), node: process.version };
    const settings = { ...size, connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, passes: PASSES, tracedProduct: TRACED_PRODUCT, target: TARGET };
    writeFileSync(file, JSON.stringify({ engine, date: new Date().toISOString(), machine, machineBefore, forced, load, settings, seedS, results }, null, 2) + '\n');
    console.log(`results: ${file}`);
  } finally {
    if (child) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl) await adminQuery(pgUrl, `drop database if exists ${BENCH_DB} with (force)`);
    process.off('SIGINT', interrupted);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
