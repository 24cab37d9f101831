// What PostgreSQL faults do to a running site, measured: a restart of the database, a kill -9 of
// its postmaster (then a start), and the termination of every app connection, each under load.
// A private cluster in a temporary folder stands in for the database server (initdb and pg_ctl
// from the machine's PostgreSQL, run as the `postgres` user when this runs as root), so nothing
// else on the machine is disturbed. Usage: npx tsx bench/faults-pg.ts
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, sleep, startFromSources, stop, waitForHealth } from './server.js';

const WORKERS = 8;

function pgBin(name: string): string {
  const base = '/usr/lib/postgresql';
  const version = readdirSync(base).sort().at(-1);
  if (!version) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  return join(base, version, 'bin', name);
}

/** Runs a PostgreSQL tool as the postgres user (it refuses to run as root). */
function asPostgres(cmd: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

interface Window {
  ok: number;
  unavailable: number;
  other: Map<number, number>;
  firstFailure: number | null;
  firstSuccessAfterFailure: number | null;
}

async function main() {
  const [l1] = loadavg();
  console.log(`load average before the run: ${l1!.toFixed(2)} (cores: 2)`);
  const folder = mkdtempSync(join(tmpdir(), 'chalkak-faults-'));
  chmodSync(folder, 0o777);
  const pgData = join(folder, 'pgdata');
  const dataDir = join(folder, 'site');
  const pgPort = await freePort();
  asPostgres(pgBin('initdb'), ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const pgCtl = (...args: string[]) =>
    asPostgres(pgBin('pg_ctl'), ['-D', pgData, '-l', join(folder, 'pg.log'), '-o', `-p ${pgPort} -k ${folder} -c listen_addresses=127.0.0.1`, '-w', ...args]);
  pgCtl('start');
  const url = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child, output } = startFromSources({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    APP_SECRET: 'b'.repeat(64),
    ADMIN_PASSWORD: 'faults-admin-1',
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'warn',
  });

  try {
    await waitForHealth(base, child, 90);
    const login = await fetch(`${base}/api/login/do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ userId: 'admin', password: 'faults-admin-1' }).toString(),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const call = (path: string, body: object) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: base },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });

    const acknowledged: { key: number; subject: string }[] = [];
    let window: Window;
    const fresh = (): Window => ({ ok: 0, unavailable: 0, other: new Map(), firstFailure: null, firstSuccessAfterFailure: null });
    const note = (status: number) => {
      const now = performance.now();
      if (status === 200) {
        window.ok++;
        if (window.firstFailure !== null && window.firstSuccessAfterFailure === null) window.firstSuccessAfterFailure = now;
      } else {
        if (status === 503) window.unavailable++;
        else window.other.set(status, (window.other.get(status) ?? 0) + 1);
        window.firstFailure ??= now;
      }
    };
    let running = true;
    let n = 0;
    const worker = async (w: number) => {
      while (running) {
        try {
          const subject = `장애 측정 ${w}-${++n}`;
          const saved = await call('/api/board/save', { boardId: 'free', category: 'c1', subject, content: '<p>본문</p>' });
          note(saved.status);
          if (saved.status === 200) acknowledged.push({ key: ((await saved.json()) as { key: number }).key, subject });
          else await saved.text();
          const list = await call('/api/board/list', { boardId: 'free', category: 'c0', page: 1 });
          note(list.status);
          await list.text();
        } catch {
          note(0);
          await sleep(100);
        }
      }
    };

    const faults: [string, () => Promise<void>][] = [
      ['pg_ctl restart -m fast', async () => void pgCtl('restart', '-m', 'fast')],
      [
        'kill -9 of the postmaster, start after 3 s',
        async () => {
          const pid = Number(readFileSync(join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
          process.kill(pid, 'SIGKILL');
          await sleep(3000);
          // The orphaned backends notice the postmaster is gone and exit; then it can start again.
          for (let i = 0; i < 50 && existsSync(join(pgData, 'postmaster.pid')); i++) {
            try {
              pgCtl('start');
              return;
            } catch {
              await sleep(200);
            }
          }
          pgCtl('start');
        },
      ],
      [
        'pg_terminate_backend of every app connection',
        async () => {
          const admin = new pg.Client({ connectionString: url });
          await admin.connect();
          await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = 'client backend'`);
          await admin.end();
        },
      ],
    ];

    const rows: string[] = [];
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
    for (const [name, fault] of faults) {
      window = fresh();
      await sleep(3000);
      const started = performance.now();
      await fault();
      const faultDone = performance.now();
      await sleep(6000);
      const w = window;
      const down =
        w.firstFailure === null ? 0 : ((w.firstSuccessAfterFailure ?? performance.now()) - w.firstFailure) / 1000;
      const other = [...w.other].map(([s, c]) => `${s === 0 ? 'no answer' : s}: ${c}`).join(', ') || 'none';
      rows.push(
        `| ${name} | ${((faultDone - started) / 1000).toFixed(1)} s | ${down.toFixed(1)} s | ${w.ok} | ${w.unavailable} | ${other} | ${child.exitCode === null ? 'yes' : 'NO'} |`,
      );
    }
    running = false;
    await Promise.all(workers);

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const found = await check.query('select key, subject from posts where key = any($1::int[])', [acknowledged.map((a) => a.key)]);
    await check.end();
    const stored = new Map(found.rows.map((r) => [Number(r.key), r.subject as string]));
    const missing = acknowledged.filter((a) => stored.get(a.key) !== a.subject).length;

    console.log(`\n${WORKERS} members writing posts and reading page 1 without pause; each fault window is the fault plus 6 s.\n`);
    console.log('| fault | fault took | members saw errors for | 200 | 503 | other answers | server alive |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    console.log(`\nacknowledged posts: ${acknowledged.length}, missing afterwards: ${missing}`);
    const [after] = loadavg();
    console.log(`load average after the run: ${after!.toFixed(2)}`);
    if (missing > 0 || child.exitCode !== null) process.exitCode = 1;
  } catch (e) {
    console.error(output());
    throw e;
  } finally {
    await stop(child);
    try {
      pgCtl('stop', '-m', 'immediate');
    } catch {
      // already stopped
    }
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
