// `tsx bench/profile-boards.ts <label>`: CPU profiles of the server, from sources, under the boards
// loads (list page 1, post view as visitor and member, search), one server process per load, and a
// table of where its time goes (self time by function and by package). For a database seeded
// beforehand with bench/seed-boards.ts:
//
//   PROFILE_DATABASE_URL=postgres://…/chalkak_scratch_x tsx bench/profile-boards.ts before
//
// The profiler runs during the measured load only (bench/cpu-profile-hook.mjs, toggled by SIGWINCH).
// Profiles go to /tmp/chalkak-profiles/<label>/<scenario>.cpuprofile (open them in Chrome's
// DevTools or speedscope); the summary is printed with the load average. PROFILE_ONLY=view,search
// picks loads, PROFILE_CONNECTIONS (default 8) and PROFILE_SECONDS (10) size them.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_PASSWORD } from './seed.js';
import { freePort, sleep, stop, waitForHealth } from './server.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function and per area (our code, a package, node itself, idle, GC). */
export function summarise(profile: CpuProfile, top = 12) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, number>();
  const area = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const f = byId.get(id)!.callFrame;
    total += dt;
    const url = f.url.replace(/^file:\/\//, '').replace(ROOT + '/', '');
    const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    const where = pkg ?? (url.startsWith('node:') ? 'node' : url === '' ? f.functionName : url.split('/').slice(0, 2).join('/'));
    area.set(where, (area.get(where) ?? 0) + dt);
    const name = `${f.functionName || '(anonymous)'} ${url ? url.replace(/.*node_modules\//, '') + ':' + (f.lineNumber + 1) : ''}`.trim();
    fn.set(name, (fn.get(name) ?? 0) + dt);
  });
  const table = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => ({ what: k, ms: Math.round(v / 1000), '%': Math.round((v / total) * 1000) / 10 }));
  return { totalMs: Math.round(total / 1000), areas: table(area), functions: table(fn) };
}

async function login(base: string, userId: string) {
  const res = await fetch(base + '/api/login/do', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userId, password: BENCH_PASSWORD }).toString(),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('chalkak_sid='));
  if (!sid) throw new Error(`login failed: ${res.status}`);
  return sid.split(';')[0]!;
}

async function main() {
  const url = process.env.PROFILE_DATABASE_URL;
  if (!url) throw new Error('PROFILE_DATABASE_URL (a database seeded by bench/seed-boards.ts) is needed');
  const label = process.argv[2] ?? 'profile';
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const keys = (await c.query<{ key: string }>(`select key from posts where deleted_at is null and key % 97 = 3 order by key desc limit 1000`)).rows.map((r) => Number(r.key));
  await c.end();
  let i = 0;
  const view = () => JSON.stringify({ boardId: 'free', key: keys[i++ % keys.length] });
  const scenarios = [
    { name: 'list', path: '/api/board/list', body: () => JSON.stringify({ boardId: 'free', page: 1 }) },
    { name: 'view', path: '/api/board/view', body: view },
    { name: 'view-member', path: '/api/board/view', body: view, member: true },
    { name: 'search', path: '/api/board/list', body: () => JSON.stringify({ boardId: 'free', page: 1, search: '수국' }) },
    // Another `before` each call: never an answer kept in memory.
    { name: 'search-uncached', path: '/api/board/list', body: () => JSON.stringify({ boardId: 'free', page: 1, search: '수국', before: 100_000 + Math.floor(Math.random() * 900_000) }) },
  ].filter((s) => !process.env.PROFILE_ONLY || process.env.PROFILE_ONLY.split(',').includes(s.name));
  for (const s of scenarios) {
    const dir = join('/tmp/chalkak-profiles', label);
    const out = join(dir, `${s.name}.cpuprofile`);
    mkdirSync(dir, { recursive: true });
    rmSync(out, { force: true });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--import', './bench/cpu-profile-hook.mjs', 'server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT: 'false', DATABASE_URL: url, DATA_DIR: join(dir, 'data'), CPU_PROFILE_OUT: out, HOST: '127.0.0.1', PORT: String(port), ADMIN_PASSWORD: 'bench-admin-pass' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    try {
      await waitForHealth(base, child, 120);
      const cookie = s.member ? await login(base, process.env.PROFILE_MEMBER ?? 'bench050000') : undefined;
      const headers = { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br', ...(cookie ? { cookie } : {}) };
      const run = (opts: { duration?: number; amount?: number }) =>
        autocannon({ url: base + s.path, method: 'POST', connections: CONNECTIONS, headers, timeout: 30, ...opts, requests: [{ setupRequest: (r) => ({ ...r, body: s.body() }) }] });
      // The views' first hits (counting, ranking) happen before the measured part, as in bench:boards.
      if (s.name.startsWith('view')) await run({ amount: keys.length });
      await run({ duration: 2 });
      const load = loadavg()[0]!.toFixed(1);
      child.kill('SIGWINCH');
      const r = await run({ duration: SECONDS });
      child.kill('SIGWINCH');
      await sleep(1500);
      console.log(`\n## ${s.name}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx (load ${load} on ${cpus().length} cores)`);
    } finally {
      await stop(child);
    }
    const sum = summarise(JSON.parse(readFileSync(out, 'utf8')) as CpuProfile);
    console.log(`profile ${out}: ${sum.totalMs} ms sampled`);
    console.table(sum.areas);
    console.table(sum.functions);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
