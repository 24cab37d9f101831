// Crash restarts on the embedded database: members write posts as fast as the site takes them,
// the server is killed with SIGKILL in the middle, and the next start is timed until
// /api/health/ready answers. Prints per round: writes, slowest write, pg_wal size at the kill,
// time to ready, and whether every acknowledged post survived. A clean stop and start comes last
// for comparison. Findings: docs/operations.md ("Faults of the embedded database").
//
//   tsx bench/crash-restart.ts
//   CRASH_ROUNDS=5 CRASH_WRITE_S=20 CRASH_WRITERS=8   rounds, seconds of writing per round, writers
//   CRASH_DATA_DIR=/path                              keep the data there (default: a temp folder, removed)
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, serverEnv, sleep } from './server.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 5);
const WRITE_S = Number(process.env.CRASH_WRITE_S ?? 20);
const WRITERS = Number(process.env.CRASH_WRITERS ?? 8);
const dataDir = process.env.CRASH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'chalkak-crash-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  ...serverEnv(dataDir, port),
  ADMIN_PASSWORD: 'crash-admin-pass',
};

function start(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  return child;
}

/** Seconds from spawn until the database answers through the site. */
async function startTimed(): Promise<{ child: ChildProcess; seconds: number }> {
  const started = performance.now();
  const child = start();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if (await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false)) break;
    await sleep(100);
  }
  return { child, seconds: (performance.now() - started) / 1000 };
}

async function login(): Promise<string> {
  const res = await fetch(`${base}/api/login/do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userId: 'admin', password: env.ADMIN_PASSWORD }).toString(),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

const body = '<p>' + '크래시 재시작 측정용 본문입니다. '.repeat(60) + '</p>';

/** Writers post until `until`; every acknowledged key is remembered, with the slowest write. */
async function write(cookie: string, until: number, acked: number[]): Promise<{ writes: number; slowestS: number }> {
  let writes = 0;
  let slowest = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      while (Date.now() < until) {
        const t = performance.now();
        try {
          const res = await fetch(`${base}/api/board/save`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ boardId: 'free', category: 'c1', subject: `측정 ${w}-${writes}`, content: body }),
          });
          if (!res.ok) {
            console.error(`writer ${w}: ${res.status} ${await res.text()}`);
            return;
          }
          acked.push(((await res.json()) as { key: number }).key);
          writes++;
          slowest = Math.max(slowest, (performance.now() - t) / 1000);
        } catch {
          return; // the server is gone
        }
      }
    }),
  );
  return { writes, slowestS: slowest };
}

function walMb(): number {
  const dir = join(dataDir, 'pglite', 'pg_wal');
  const bytes = readdirSync(dir).reduce((n, f) => n + (statSync(join(dir, f)).isFile() ? statSync(join(dir, f)).size : 0), 0);
  return Math.round(bytes / 1e6);
}

/** Every acknowledged post can still be opened after the restart. */
async function lost(acked: number[]): Promise<number> {
  let missing = 0;
  for (const key of acked.slice(-200)) {
    const res = await fetch(`${base}/api/board/view`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ boardId: 'free', key }) });
    if (!res.ok) missing++;
  }
  return missing;
}

let { child, seconds } = await startTimed();
console.log(`first start (empty folder): ${seconds.toFixed(1)} s, data in ${dataDir}`);
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const acked: number[] = [];
    const cookie = await login();
    const writing = write(cookie, Date.now() + WRITE_S * 1000 + 60_000, acked);
    await sleep(WRITE_S * 1000);
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    const { writes, slowestS } = await writing;
    const wal = walMb();
    ({ child, seconds } = await startTimed());
    const missing = await lost(acked);
    console.log(
      `round ${round}: ${writes} posts in ${WRITE_S} s, slowest ${slowestS.toFixed(2)} s, pg_wal ${wal} MB at the kill, ready after ${seconds.toFixed(1)} s, last 200 acknowledged posts missing: ${missing}`,
    );
  }
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
  ({ child, seconds } = await startTimed());
  console.log(`clean stop and start: ready after ${seconds.toFixed(1)} s, pg_wal ${walMb()} MB`);
} finally {
  if (child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
  if (!process.env.CRASH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
}
