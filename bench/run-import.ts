// The importer's benchmark (issue 29, docs/performance.md "Importing a Gnuboard5 site"): seeds a
// Gnuboard5 site in MariaDB (bench/seed-gnuboard5.ts), runs the real command
// (`node --import tsx scripts/import.ts gnuboard5 …`) into a fresh PostgreSQL database and/or a
// fresh embedded (PGlite) data folder, and prints each stage's rows a second, the total against
// the 15-minute target, the importer's RSS over time and its peak, and the load average.
//
//   npm run bench:import -- [--members 100000 --posts 1000000 --comments 1000000] [--target pg|pglite|both]
//     [--pglite-posts 100000] [--keep-source] [--reuse-source] [--cpu-prof]
//
// PostgreSQL at BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres; the database
// chalkak_bench_import is created and dropped), MariaDB at BENCH_MYSQL_URL (root). Results go to
// bench/results/import-<target>-<date>.json. The machine is not required to be quiet (the load
// average is printed beside every figure and kept with the results).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { describeMachine, machineState } from './machine.js';
import { adminQuery, withDatabase } from './server.js';
import { dropGnuboard5, type Gnuboard5Size, MYSQL_ROOT, seedGnuboard5 } from './seed-gnuboard5.js';

const ROOT = resolve(import.meta.dirname, '..');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'chalkak_bench_import';
const TARGET_SECONDS = 15 * 60;

interface Stage {
  label: string;
  rows: number;
  seconds: number;
  rate: number;
}

interface RunResult {
  target: 'pg' | 'pglite';
  size: Gnuboard5Size;
  seconds: number;
  stages: Stage[];
  rssMb: Array<{ t: number; mb: number; load: number }>;
  peakRssMb: number;
  loadStart: number;
  loadEnd: number;
  loadMax: number;
}

const load1 = () => Math.round(loadavg()[0]! * 10) / 10;

/** VmRSS and VmHWM of a process, in MB (Linux /proc). */
function rssOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** The seconds of a stage's last line ("… 1분 5초 걸림" / "… 12초 걸림"). */
function seconds(text: string): number {
  const m = /(?:(\d+)시간 )?(?:(\d+)분 ?)?(?:(\d+)초)? 걸림/.exec(text);
  return m ? Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0) : 0;
}

/** One run of the import command against the given environment; stages read from its progress lines. */
async function importOnce(target: 'pg' | 'pglite', size: Gnuboard5Size, source: string, env: Record<string, string>, cpuProf: string | null): Promise<RunResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chalkak-bench-import-'));
  const started = performance.now();
  const loadStart = load1();
  let loadMax = loadStart;
  const node = [...(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : []), '--import', 'tsx', 'scripts/import.ts'];
  const child = spawn(process.execPath, [...node, 'gnuboard5', '--source', source, '--report', join(dataDir, 'report.txt')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-admin-pass', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stages: Stage[] = [];
  const rssMb: RunResult['rssMb'] = [];
  let peak = 0;
  let out = '';
  let pending = '';
  child.stdout!.on('data', (d: Buffer) => {
    pending += d.toString();
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const text = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      out += text + '\n';
      const t = ((performance.now() - started) / 1000).toFixed(0);
      if (/걸림/.test(text)) {
        const m = /^(.+?)\s+\[[#.]+\]\s+([\d,]+)\/[\d,]+/.exec(text);
        const rows = Number((m?.[2] ?? '0').replace(/,/g, ''));
        const s = seconds(text);
        stages.push({ label: (m?.[1] ?? text).trim(), rows, seconds: s, rate: s > 0 ? Math.round(rows / s) : rows });
      }
      // Per-board lines are many: print the stage ends and anything that is not a progress line.
      if (/걸림/.test(text) || !/\[[#.]+\]/.test(text)) console.log(`  [${t} s, load ${load1()}] ${text}`);
    }
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const timer = setInterval(() => {
    const r = rssOf(child.pid!);
    if (!r) return;
    peak = Math.max(peak, r.hwm, r.rss);
    const t = Math.round((performance.now() - started) / 1000);
    const l = load1();
    loadMax = Math.max(loadMax, l);
    rssMb.push({ t, mb: Math.round(r.rss), load: l });
    if (rssMb.length % 15 === 0) console.log(`  [${t} s] importer RSS ${Math.round(r.rss)} MB (peak ${Math.round(peak)} MB), load ${l}`);
  }, 2000);
  const code = await new Promise<number | null>((ok) => child.once('exit', (c) => ok(c)));
  clearInterval(timer);
  const total = (performance.now() - started) / 1000;
  try {
    if (code !== 0) throw new Error(`import exited with ${code}\n${out.slice(-3000)}\n${err.slice(-3000)}`);
    if (err.trim()) console.warn(err.trim().slice(-2000));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { target, size, seconds: total, stages, rssMb, peakRssMb: Math.round(peak), loadStart, loadEnd: load1(), loadMax };
}

/** Stages summed by kind (글 b01 … 글 b20 as one line), for the table. */
function byKind(stages: Stage[]) {
  const out = new Map<string, { rows: number; seconds: number }>();
  for (const s of stages) {
    const kind = s.label.split(' ')[0]!;
    const k = out.get(kind) ?? { rows: 0, seconds: 0 };
    k.rows += s.rows;
    k.seconds += s.seconds;
    out.set(kind, k);
  }
  return [...out].map(([kind, k]) => ({ kind, ...k, rate: k.seconds > 0 ? Math.round(k.rows / k.seconds) : k.rows }));
}

function summary(r: RunResult) {
  console.log(`\n${r.target === 'pg' ? 'PostgreSQL' : 'PGlite'}: ${r.size.members.toLocaleString('en')} members, ${r.size.posts.toLocaleString('en')} posts, ${r.size.comments.toLocaleString('en')} comments`);
  for (const k of byKind(r.stages)) console.log(`  ${k.kind.padEnd(8)} ${String(k.rows).padStart(9)} rows  ${String(k.seconds).padStart(5)} s  ${String(k.rate).padStart(7)} rows/s`);
  const staged = r.stages.reduce((n, s) => n + s.seconds, 0);
  console.log(`  (start-up, finish and rounding: ${Math.round(r.seconds - staged)} s)`);
  const verdict = r.target === 'pg' ? ` — target 15 min: ${r.seconds <= TARGET_SECONDS ? 'met' : 'MISSED'} (${Math.round((r.seconds / TARGET_SECONDS) * 100)} %)` : '';
  console.log(`  total ${Math.round(r.seconds)} s (${(r.seconds / 60).toFixed(1)} min)${verdict}`);
  console.log(`  importer RSS peak ${r.peakRssMb} MB; samples (s:MB) ${r.rssMb.filter((_, i) => i % 10 === 0).map((s) => `${s.t}:${s.mb}`).join(' ')}`);
  console.log(`  load average: ${r.loadStart} at start, ${r.loadEnd} at end, ${r.loadMax} at most (${cpus().length} cores)${r.loadMax > cpus().length ? ' — the machine was busy: these figures are slower than a quiet machine would give' : ''}`);
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      members: { type: 'string' },
      posts: { type: 'string' },
      comments: { type: 'string' },
      target: { type: 'string', default: 'both' },
      'pglite-posts': { type: 'string', default: '100000' },
      'reuse-source': { type: 'boolean', default: false },
      'keep-source': { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
    },
  });
  const n = (v: string | undefined, d: number) => (v === undefined ? d : Number(v.replace(/[_,]/g, '')));
  const full: Gnuboard5Size = { members: n(values.members, 100_000), posts: n(values.posts, 1_000_000), comments: n(values.comments, 1_000_000) };
  const pglitePosts = n(values['pglite-posts'], 100_000);
  const small: Gnuboard5Size = { members: Math.max(1000, Math.round(pglitePosts / 10)), posts: pglitePosts, comments: pglitePosts };
  const target = values.target as 'pg' | 'pglite' | 'both';
  const machine = await machineState();
  console.log(`machine: ${describeMachine(machine)}${machine.quiet ? '' : ' (busy: figures below are slower than on a quiet machine)'}`);
  const cpuProf = values['cpu-prof'] ? mkdtempSync(join(tmpdir(), 'chalkak-import-prof-')) : null;
  const results: RunResult[] = [];
  const seeded: string[] = [];
  const source = async (db: string, size: Gnuboard5Size) => {
    if (!values['reuse-source']) {
      console.log(`seeding ${db}: ${size.members} members, ${size.posts} posts, ${size.comments} comments`);
      await seedGnuboard5(db, size, (l) => console.log(`  ${l}`));
    }
    seeded.push(db);
    return withDatabase(MYSQL_ROOT, db);
  };
  try {
    if (target === 'pg' || target === 'both') {
      const src = await source('bench_g5', full);
      await adminQuery(PG_URL, `drop database if exists ${PG_DB}`);
      await adminQuery(PG_URL, `create database ${PG_DB}`);
      try {
        console.log('importing into PostgreSQL');
        const r = await importOnce('pg', full, src, { DATABASE_URL: withDatabase(PG_URL, PG_DB) }, cpuProf);
        results.push(r);
        summary(r);
      } finally {
        await adminQuery(PG_URL, `drop database if exists ${PG_DB} with (force)`);
      }
    }
    if (target === 'pglite' || target === 'both') {
      const src = await source('bench_g5_small', small);
      console.log('importing into the embedded database (PGlite)');
      const r = await importOnce('pglite', small, src, {}, cpuProf);
      results.push(r);
      summary(r);
    }
  } finally {
    if (!values['keep-source']) for (const db of seeded) await dropGnuboard5(db);
  }
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `import-${target}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2) + '\n');
  console.log(`results: ${file}`);
  if (cpuProf) console.log(`CPU profiles: ${cpuProf}`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
