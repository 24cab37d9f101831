// The terminal the server runs in goes away (ssh drops, the window closes): the kernel hangs the
// terminal up and sends SIGHUP, and every write to it fails from then on. The server stops as on
// SIGTERM and releases the embedded database's folder, in both log formats.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from './config.js';
import { freePort, killAll, run, type Running, stop, waitReady } from './test/process.js';

/** `script` giving the server a pseudo-terminal, as `npm start` in a terminal runs it. */
function runInTerminal(env: Record<string, string>): Running {
  const command = `${process.execPath} --import tsx server/main.ts`;
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TERM: 'xterm', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => out, exited };
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return []; // already gone
  }
}

/** The node process under `script` (its shell may stay in between). */
function serverUnder(pid: number): number | undefined {
  for (const child of childrenOf(pid)) {
    let command: string;
    try {
      command = readFileSync(`/proc/${child}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (command.split('\0')[0] === process.execPath) return child;
    const below = serverUnder(child);
    if (below) return below;
  }
  return undefined;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function kill(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function gone(pid: number, withinMs: number) {
  const until = Date.now() + withinMs;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
}

// Real processes on one PGlite folder; the signal handling is the same on both engines.
describe.runIf(inject('engine') === 'pglite')('a hangup of the terminal', () => {
  const dataDir = mkdtempSync(join(inject('tempRoot'), 'hangup-'));
  /** Every process started here, `script` and the servers under it, killed whatever happens. */
  const pids = new Set<number>();
  const running: Running[] = [];
  afterAll(() => {
    for (const pid of pids) kill(pid);
    killAll(running);
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function env() {
    const port = await freePort();
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT: 'false', LOG_LEVEL: 'info' };
    return { env, base: `http://127.0.0.1:${port}` };
  }

  // The first start creates the folder; each later one proves the one before released it.
  for (const format of ['pretty', 'json']) {
    it(`with LOG_FORMAT=${format} stops the server within 15 s and frees DATA_DIR`, { timeout: 120_000 }, async () => {
      const { env: e, base } = await env();
      const terminal = runInTerminal({ ...e, LOG_FORMAT: format });
      pids.add(terminal.child.pid!);
      await waitReady(base, terminal, 90_000);
      const server = serverUnder(terminal.child.pid!);
      expect(server, 'the server under script').toBeDefined();
      pids.add(server!);
      try {
        // The terminal's other end closes: the kernel hangs it up and signals the server.
        terminal.child.kill('SIGKILL');
        expect(await gone(server!, 15_000), `server ${server} still running:\n${terminal.output()}`).toBe(true);
      } finally {
        kill(server!); // a server that stayed would hold the folder for the next test
      }
    });
  }

  it('lets the next server open the same DATA_DIR', { timeout: 120_000 }, async () => {
    const { env: e, base } = await env();
    const next = run('server/main.ts', e);
    running.push(next);
    await waitReady(base, next, 90_000);
    expect(await stop(next)).toEqual({ code: 0, signal: null });
  });
});
