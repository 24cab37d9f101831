// Real processes for tests: an entry point (the server or a script) started from the sources as
// `npm run` starts it, a free port for it, waiting until it serves, and stopping it.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { ROOT } from '../config.js';

export async function freePort(): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

export interface Running {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * Runs an entry point with only the environment given (no DATABASE_URL or other setting leaks
 * in from the test run), plus PATH, HOME, NODE_ENV=test and LOG_LEVEL=warn unless overridden.
 * `wrap` prefixes the command (e.g. nsenter into the namespace of a test's own mount); `args` follow the entry.
 */
export function run(entry: string, env: Record<string, string>, wrap: string[] = [], args: string[] = []): Running {
  const [command, ...rest] = [...wrap, process.execPath, '--import', 'tsx', entry, ...args];
  const child = spawn(command!, rest, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => out, exited };
}

/** Waits for the readiness probe (the database answers too); fails if the process exits first. */
export async function waitReady(base: string, proc: Running, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`server exited early:\n${proc.output()}`);
    const ok = await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready in time:\n${proc.output()}`);
}

/** SIGTERM, and how it ended; a process still running after graceMs is killed. */
export async function stop(proc: Running, graceMs = 20_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    proc.child.kill('SIGTERM');
    const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
    await proc.exited;
    clearTimeout(timer);
  }
  return { code: proc.child.exitCode, signal: proc.child.signalCode };
}

/** For afterAll: whatever is still running is killed. */
export function killAll(procs: Running[]) {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
}
