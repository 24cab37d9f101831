// A real server process: SIGTERM lets a request in flight finish, refuses new connections and
// exits cleanly; its log lines carry the request id given by a proxy.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort, killAll, run, type Running, waitReady } from '../test/process.js';

// The process and the signal handling are the same on both engines: once per run (PGlite).
describe.runIf(inject('engine') === 'pglite')('graceful shutdown', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chalkak-stop-'));
  const running: Running[] = [];
  afterAll(() => {
    killAll(running);
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes a slow request in flight during SIGTERM, then exits 0', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const proc = run('server/main.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      APP_SECRET: 'b'.repeat(64),
      ADMIN_PASSWORD: 'admin-password-1',
      LOG_LEVEL: 'info',
      RATE_LIMIT: 'false',
    });
    running.push(proc);
    await waitReady(base, proc, 180_000);

    // A login whose body arrives slowly: half now, the rest after the signal.
    const body = new URLSearchParams({ userId: 'admin', password: 'admin-password-1' }).toString();
    const answer = new Promise<{ status: number; body: string; id: string | undefined }>((resolve, reject) => {
      const req = request(
        `${base}/api/login/do`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
            'x-request-id': 'slow-login-1',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: text, id: res.headers['x-request-id'] as string | undefined }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        proc.child.kill('SIGTERM');
        setTimeout(async () => {
          // Stopping: no new connections are taken while the slow one goes on.
          const refused = await fetch(`${base}/api/health`).then(
            () => false,
            () => true,
          );
          expect(refused).toBe(true);
          req.end(body.slice(10));
        }, 1500);
      }, 300);
    });
    const res = await answer;
    expect(res.status, proc.output()).toBe(200);
    expect(res.id).toBe('slow-login-1');
    expect(JSON.parse(res.body)).toEqual({ ok: true });
    // The signal was sent once, above: the process ends by itself once the request is done.
    const code = await Promise.race([proc.exited, new Promise((r) => setTimeout(() => r('still running'), 30_000))]);
    expect(code, proc.output()).toBe(0);
    const out = proc.output();
    expect(out).toContain('SIGTERM: stopping (finishing requests in progress)');
    // Both log lines of that request (incoming, completed) carry the id the proxy gave.
    const own = out.split('\n').filter((l) => l.includes('"reqId":"slow-login-1"'));
    expect(own.length).toBeGreaterThanOrEqual(2);
  });
});
