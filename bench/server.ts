// What both bench runners need: a free loopback port, the admin connection for creating and
// dropping the bench database, waiting for the built server and stopping it.
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createServer } from 'node:net';
import pg from 'pg';

/** The built server's environment for a bench run: production, quiet logs, no rate limit. */
export function serverEnv(dataDir: string, port: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT: 'false',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    ADMIN_PASSWORD: 'bench-admin-pass',
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/** The same server address with another database name. */
export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}

export async function adminQuery(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** Waits until the site is ready (its first start done: a new catalogue, say), not only listening. */
export async function waitForHealth(base: string, child: ChildProcess, seconds = 30) {
  for (let i = 0; i < seconds * 5; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(base + '/api/health/ready')).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server did not become healthy within ${seconds} s`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  // The server finishes requests in progress for up to 10 s; after 15 s it is killed.
  if ((await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)])) === false) child.kill('SIGKILL');
}

/**
 * The server run from the sources with tsx (no build needed), with only PATH, HOME and the given
 * environment; its output is collected for when something goes wrong.
 */
export function startFromSources(env: Record<string, string>): { child: ChildProcess; output(): string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: resolve(import.meta.dirname, '..'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
}
