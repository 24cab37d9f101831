// `npm run bench:phone`: the first load of five pages on an emulated phone (bench/phone-page.ts:
// Chromium at 360 × 800, 4× CPU slowdown, Lighthouse's slow 4G) against the built site with the
// demo club seeded (scripts/seed-demo.ts: members, free-board posts with comments, the market and
// photo galleries). Prints Largest Contentful Paint, Cumulative Layout Shift and first-load
// JavaScript beside their budgets, each run with the load average, and each page's LCP as a ratio
// of a trivial page's (the error page: the shell and nothing else) measured in the same run.
//
//   BENCH_RUNS=3      loads of each page (default 3; the median LCP and the largest CLS are kept)
//   BENCH_FORCE=1     measure even on a busy machine (bench/machine.ts)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { budgetsOf, firstLoadByRoute } from '../scripts/route-chunks.js';
import { describeMachine, loadNow, requireQuietMachine } from './machine.js';
import { CPU_SLOWDOWN, DEVICE_SCALE, measurePage, type PageFigures, PHONE_VIEWPORT, SLOW_4G } from './phone-page.js';
import { freePort, serverEnv, stop, waitForHealth } from './server.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Google's "good" thresholds (issue 26). */
const TARGET = { lcpMs: 2500, cls: 0.1 };

interface Page {
  name: string;
  /** The route pattern of web/routes.tsx, for the JavaScript budget. */
  route: string;
  path: string;
}

async function post<T>(base: string, path: string, body: object): Promise<T> {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** The pages measured, with a real post and gallery item of the seeded club. */
async function pagesOf(base: string): Promise<Page[]> {
  const list = await post<{ items: Array<{ key: number }> }>(base, '/api/board/list', { boardId: 'free', category: 'c0', page: 1 });
  const home = await post<{ gallery: Array<{ galleryKey: number }> }>(base, '/api/home', {});
  const postKey = list.items[0]?.key;
  const galleryKey = home.gallery[0]?.galleryKey;
  if (!postKey || !galleryKey) throw new Error('the seeded club has no free-board post or gallery item');
  return [
    { name: 'trivial page (error page)', route: '/error/:message', path: '/error/bench' },
    { name: 'home', route: '/', path: '/' },
    { name: 'board list', route: '/board/:id/:category/list/:page?', path: '/board/free/c0/list' },
    { name: 'post view', route: '/board/:id/view/:key', path: `/board/free/view/${postKey}` },
    { name: 'market list', route: '/market/:category/list/:page?', path: '/market/c0/list' },
    { name: 'gallery view', route: '/gallery/view/:galleryKey', path: `/gallery/view/${galleryKey}` },
  ];
}

function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<void>((ok, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? ok() : fail(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

async function main() {
  const { machine: machineBefore, forced } = await requireQuietMachine();
  const webDir = join(ROOT, 'dist/web');
  const budgets = budgetsOf(readFileSync(join(ROOT, 'docs/performance.md'), 'utf8'));
  const firstLoad = firstLoadByRoute(webDir, readFileSync(join(ROOT, 'web/routes.tsx'), 'utf8'));
  const dataDir = mkdtempSync(join(tmpdir(), 'chalkak-bench-phone-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = serverEnv(dataDir, port);
  let child: ChildProcess | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    console.log('seeding the demo club (scripts/seed-demo.ts) …');
    await run(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], env);
    child = spawn(process.execPath, ['dist/server/main.js'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    await waitForHealth(base, child, 120);
    const pages = await pagesOf(base);
    // One load of every page first: the server's caches warm, as on a site in use.
    for (const p of pages) await fetch(base + p.path);
    const loadBefore = loadavg();
    const rows = [];
    for (const p of pages) {
      const runs: Array<PageFigures & { load1: number }> = [];
      for (let i = 0; i < RUNS; i++) {
        const load1 = loadNow();
        const figures = await measurePage(browser, base + p.path);
        runs.push({ ...figures, load1 });
        console.log(`  ${p.name} #${i + 1}: LCP ${figures.lcpMs} ms (${figures.lcpElement}), CLS ${figures.cls}, JS ${kb(figures.jsBytes)} KB, ${figures.requests} requests (load ${load1})`);
      }
      const js = firstLoad.find((r) => r.path === p.route);
      if (!js) throw new Error(`${p.route} is not a route of web/routes.tsx`);
      rows.push({
        name: p.name,
        path: p.path,
        lcpMs: median(runs.map((r) => r.lcpMs)),
        cls: Math.max(...runs.map((r) => r.cls)),
        jsKB: js.totalKB,
        jsBudgetKB: budgets.get(p.route) ?? budgets.get('*')!,
        jsTransferredKB: kb(median(runs.map((r) => r.jsBytes))),
        lcpElement: runs.at(-1)!.lcpElement,
        runs,
      });
    }
    const trivial = rows[0]!.lcpMs;
    const results = rows.map((r, i) => ({
      ...r,
      ratio: Math.round((r.lcpMs / trivial) * 100) / 100,
      target: i === 0 ? '' : r.lcpMs < TARGET.lcpMs && r.cls < TARGET.cls && r.jsKB <= r.jsBudgetKB ? 'met' : 'MISSED',
    }));
    const round = (n: number) => Math.round(n * 100) / 100;
    const load = { before: loadBefore.map(round), after: loadavg().map(round) };
    console.log(
      `\n${RUNS} load(s) a page, ${cpus().length} cores, load average ${load.before[0]} → ${load.after[0]}` +
        (forced ? `; FORCED on a busy machine (${describeMachine(machineBefore)})` : ''),
    );
    console.table(
      results.map((r) => ({
        page: r.name,
        'LCP ms': r.lcpMs,
        'LCP ratio': r.ratio,
        CLS: r.cls,
        'JS KB gzip': r.jsKB,
        'JS budget KB': r.jsBudgetKB,
        'JS sent KB': r.jsTransferredKB,
        target: r.target,
      })),
    );
    console.log(`targets: LCP < ${TARGET.lcpMs} ms, CLS < ${TARGET.cls}, first-load JS within the budget of docs/performance.md`);
    const dir = join(ROOT, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `phone-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const machine = { cores: cpus().length, cpu: cpus()[0]?.model, memoryGB: Math.round(totalmem() / 2 ** 30), node: process.version, chromium: browser.version() };
    const settings = { runs: RUNS, viewport: PHONE_VIEWPORT, deviceScale: DEVICE_SCALE, cpuSlowdown: CPU_SLOWDOWN, network: SLOW_4G, target: TARGET };
    writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), machine, machineBefore, forced, load, settings, results }, null, 2) + '\n');
    console.log(`results: ${file}`);
  } finally {
    await browser.close();
    if (child) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
