// `npm run bench:gallery`: the gallery list of a member with 2,000 photos (500 items of 4 photos,
// among 5,000 items of other members) and the home page request, measured with autocannon on
// loopback against GET /api/health. PGlite by default; PostgreSQL when BENCH_DATABASE_URL is set
// (a chalkak_bench_gallery database is created on that server and dropped afterwards).
//
//   BENCH_CONNECTIONS=8      autocannon connections (default 32)
//   BENCH_FORCE=1            measure even on a busy machine (bench/machine.ts)
//   BENCH_FROM_SOURCES=1     run the server from the sources with tsx instead of dist/ (a quick
//                            check that the runner works; not for figures)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { describeMachine, loadNow, requireQuietMachine } from './machine.js';
import { seedBench } from './seed.js';
import { adminQuery, freePort, serverEnv, startFromSources, stop, waitForHealth, withDatabase } from './server.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_S = 10;
const WARMUP_S = 2;
const BENCH_DB = 'chalkak_bench_gallery';
const MEMBERS = 2_000;
/** The measured member's items and photos per item (2,000 photos). */
const OWN_ITEMS = 500;
const PHOTOS_PER_ITEM = 4;
/** Everyone else's items (one photo each), so the member's list is a slice of a real gallery. */
const OTHER_ITEMS = 5_000;
/** Same targets as the boards (issue 4): ≥ 0.3 of the trivial route, p99 < 50 ms. */
const TARGET = { ratio: 0.3, p99Ms: 50 };

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  measured?: boolean;
}

/** Gallery items and photo rows written in SQL (no image files: lists read rows only). */
async function seedGallery(env: Record<string, string>): Promise<string> {
  const { userId } = await seedBench(env, MEMBERS);
  const config = loadConfig(env);
  const database = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl, poolSize: 1 })
    : await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
  const db = database.db;
  const exif = JSON.stringify({ camera: 'Canon EOS 5D Mark IV', lens: 'EF24-70mm f/2.8L II USM', focalLength: '35mm', aperture: 'f/2.8', shutter: '1/200', iso: 100, takenAt: '2024-05-01 10:20:30' });
  try {
    await db.execute(sql`
      insert into posts (board_id, category, user_no, nick_name, subject, content, created_at, has_image)
      select 'gallery', 'c1', u.no, u.nick_name, '사진 ' || i, '설명 ' || i, now() - (${OWN_ITEMS + OTHER_ITEMS} - i) * interval '1 minute', true
      from generate_series(1, ${OWN_ITEMS + OTHER_ITEMS}::int) i
      join users u on u.user_id = case when i % ${Math.round((OWN_ITEMS + OTHER_ITEMS) / OWN_ITEMS)} = 0 then ${userId} else 'bench' || lpad((1 + i % ${MEMBERS})::text, 6, '0') end
      -- Everyone else's items go to other members.
      where i % ${Math.round((OWN_ITEMS + OTHER_ITEMS) / OWN_ITEMS)} = 0 or 'bench' || lpad((1 + i % ${MEMBERS})::text, 6, '0') <> ${userId}`);
    await db.execute(sql`
      insert into files (key, user_no, post_key, sort, name, mime, size, image, width, height, storage_path, thumb_path, medium_path, exif)
      select 'g' || p.key || '_' || s, p.user_no, p.key, s, 'photo.webp', 'image/webp', 500000, true, 2560, 1707,
             'bench/' || p.key || '_' || s || '.webp', 'bench/' || p.key || '_' || s || '.thumb.webp', 'bench/' || p.key || '_' || s || '.medium.webp', ${exif}::jsonb
      from posts p join users u on u.no = p.user_no
      cross join generate_series(0, ${PHOTOS_PER_ITEM - 1}::int) s
      where p.board_id = 'gallery' and (u.user_id = ${userId} or s = 0)`);
    await db.execute(sql`
      insert into today_photos (day, post_key, note)
      select (now() at time zone 'Asia/Seoul')::date - d, (select max(key) from posts where board_id = 'gallery') - d * 3, '오늘의 사진'
      from generate_series(0, 29) d`);
    const count = await db.execute(sql`select count(*)::int as n from files f join posts p on p.key = f.post_key join users u on u.no = p.user_no where u.user_id = ${userId}`);
    console.log(`${userId} has ${(count as unknown as { rows: Array<{ n: number }> }).rows[0]!.n.toLocaleString('en')} photos`);
  } finally {
    await database.close();
  }
  return userId;
}

async function measure(base: string, s: Scenario, seconds: number) {
  const latencies: number[] = [];
  const r = await new Promise<autocannon.Result>((ok, fail) => {
    const instance = autocannon(
      {
        url: base + s.path,
        method: s.method,
        connections: CONNECTIONS,
        timeout: 30,
        duration: seconds,
        headers: { 'accept-encoding': 'gzip, deflate, br', ...(s.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(s.body ? { body: JSON.stringify(s.body) } : {}),
      },
      (err, result) => (err ? fail(err) : ok(result)),
    );
    instance.on('response', (_c, _s, _b, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  const at = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]! : 0);
  return { r, p95: Math.round(at(95) * 10) / 10, p99: Math.round(at(99) * 10) / 10 };
}

async function main() {
  const { machine: machineBefore, forced } = await requireQuietMachine();
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const engine = pgUrl ? 'postgres' : 'pglite';
  const dataDir = mkdtempSync(join(tmpdir(), 'chalkak-bench-gallery-'));
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
  try {
    console.log(`seeding ${MEMBERS.toLocaleString('en')} members and ${(OWN_ITEMS + OTHER_ITEMS).toLocaleString('en')} gallery items (${engine}) …`);
    const userId = await seedGallery(env);
    const scenarios: Scenario[] = [
      { name: 'GET /api/health (trivial)', method: 'GET', path: '/api/health' },
      { name: `gallery list of ${userId}, page 1`, method: 'POST', path: '/api/gallery/list', body: { userId, page: 1 }, measured: true },
      { name: `gallery list of ${userId}, page 20`, method: 'POST', path: '/api/gallery/list', body: { userId, page: 20 }, measured: true },
      { name: 'POST /api/home', method: 'POST', path: '/api/home', body: {}, measured: true },
    ];
    if (process.env.BENCH_FROM_SOURCES === '1') {
      child = startFromSources(env).child;
    } else {
      child = spawn(process.execPath, ['dist/server/main.js'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    }
    await waitForHealth(base, child, 120);
    const loadBefore = loadavg();
    const rows: Array<{ name: string; requestsPerSec: number; p95Ms: number; p99Ms: number; load1: number; measured: boolean; errors: number }> = [];
    for (const s of scenarios) {
      await measure(base, s, WARMUP_S);
      const load1 = loadNow();
      const { r, p95, p99 } = await measure(base, s, DURATION_S);
      if (r.non2xx) throw new Error(`${s.name}: ${r.non2xx} non-2xx responses`);
      // Errors are timeouts and resets: a quiet machine has none; a forced run on a busy one may.
      if (r.errors && !forced) throw new Error(`${s.name}: ${r.errors} errors`);
      rows.push({ name: s.name, requestsPerSec: Math.round(r.requests.average), p95Ms: p95, p99Ms: p99, load1, measured: !!s.measured, errors: r.errors });
      console.log(`  ${s.name}: ${Math.round(r.requests.average)} req/s, p95 ${p95} ms, p99 ${p99} ms (load ${load1})`);
    }
    const trivial = rows[0]!.requestsPerSec;
    const results = rows.map((r) => ({
      ...r,
      ratio: Math.round((r.requestsPerSec / trivial) * 100) / 100,
      target: r.measured ? (r.requestsPerSec >= trivial * TARGET.ratio && r.p99Ms < TARGET.p99Ms ? 'met' : 'MISSED') : '',
    }));
    const round = (n: number) => Math.round(n * 100) / 100;
    const load = { before: loadBefore.map(round), after: loadavg().map(round) };
    console.log(`\n${engine}, ${cpus().length} cores, load average ${load.before[0]} → ${load.after[0]}` + (forced ? `; FORCED on a busy machine (${describeMachine(machineBefore)})` : ''));
    console.table(results.map((r) => ({ call: r.name, 'req/s': r.requestsPerSec, 'p95 ms': r.p95Ms, 'p99 ms': r.p99Ms, ratio: r.ratio, target: r.target, load: r.load1 })));
    console.log(`targets: ≥ ${TARGET.ratio} of the trivial route with p99 < ${TARGET.p99Ms} ms`);
    const dir = join(ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `gallery-${engine}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const machine = { cores: cpus().length, cpu: cpus()[0]?.model, memoryGB: Math.round(totalmem() / 2 ** 30), node: process.version };
    const settings = { members: MEMBERS, ownItems: OWN_ITEMS, photosPerItem: PHOTOS_PER_ITEM, otherItems: OTHER_ITEMS, connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, target: TARGET, fromSources: process.env.BENCH_FROM_SOURCES === '1' };
    writeFileSync(file, JSON.stringify({ engine, date: new Date().toISOString(), machine, machineBefore, forced, load, settings, results }, null, 2) + '\n');
    console.log(`results: ${file}`);
  } finally {
    if (child) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl) await adminQuery(pgUrl, `drop database if exists ${BENCH_DB} with (force)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
