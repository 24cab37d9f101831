// Starts the built server once for the whole browser run, on a fresh data folder and a free port.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminPassword: string;
  }
}

export const E2E_ADMIN_PASSWORD = 'e2e-admin-pass-1';

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
    s.on('error', fail);
  });
}

export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '..');
  if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/web/index.html'))) {
    throw new Error('Run `npm run build` before the browser tests.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'chalkak-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // Many logins from one address in a short run; the limits have their own server tests.
      RATE_LIMIT: 'false',
      // Small search slices, so a few dozen posts show "1,000건 이상" and "더 이전 글에서 찾기" (decision 20).
      SEARCH_SLICE_POSTS: '100',
      SEARCH_MATCH_CAP: '20',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  // A server that does not come up leaves neither a process nor its data folder behind.
  const giveUp = (message: string) => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    return new Error(message);
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw giveUp(`server exited with ${child.exitCode}`);
    try {
      // Readiness, not liveness: while migrations and the first start run, a bare server holds
      // the port and answers /api/health but 503 to everything else (server/lib/readiness.ts).
      if ((await fetch(`${baseURL}/api/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw giveUp('server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseURL', baseURL);
  project.provide('adminPassword', E2E_ADMIN_PASSWORD);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
