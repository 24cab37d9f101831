// A throw-away redis-server for tests: its own port and folder, no persistence.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BINARY = '/usr/bin/redis-server';

export interface TestRedis {
  port: number;
  url: string;
  /** Ends the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the process: connections stay open, nothing answers. */
  pause(): void;
  resume(): void;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

export async function startRedis(): Promise<TestRedis> {
  if (!existsSync(BINARY)) {
    throw new Error(`redis-server not found at ${BINARY}: install it (apt-get install redis-server)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'chalkak-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    const proc = spawn(BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: 'ignore',
    });
    child = proc;
    // A run that ends early (a timed-out hook) must not leave the server behind.
    const kill = () => proc.kill('SIGKILL');
    process.once('exit', kill);
    proc.once('exit', () => process.off('exit', kill));
    await waitForPort(port, proc);
  };
  const stop = async () => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGCONT');
    proc.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, proc: ChildProcess) {
  for (let i = 0; i < 100; i++) {
    if (proc.exitCode !== null) throw new Error(`redis-server exited with ${proc.exitCode} on port ${port}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = createConnection({ port, host: '127.0.0.1' }, () => {
        s.end();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not open port ${port}`);
}
