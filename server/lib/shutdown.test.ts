// A real server process: SIGTERM lets a request in flight finish, refuses new connections and
// exits cleanly; its log lines carry the request id given by a proxy.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort, killAll, run, type Running, waitReady } from '../test/process.js';

const HANGUL = /[\uAC00-\uD7A3]/;

/** An answer that is not a success must be `{message: "<Korean>"}` (the health calls may add their status). */
function expectKorean(answer: { status: number; body: string }, where: string) {
  if (answer.status < 400) return;
  let body: { message?: unknown };
  try {
    body = JSON.parse(answer.body);
  } catch {
    throw new Error(`${where}: ${answer.status} not JSON: ${answer.body}`);
  }
  expect(typeof body.message === 'string' && HANGUL.test(body.message), `${where}: ${answer.status} ${answer.body}`).toBe(true);
}

/** The HTTP/1.1 answers in what a socket received: status and body of each (content-length bodies). */
function parseAnswers(raw: Buffer): Array<{ status: number; body: string }> {
  const answers: Array<{ status: number; body: string }> = [];
  let at = 0;
  while (at < raw.length) {
    const end = raw.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const head = raw.subarray(at, end).toString();
    const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    answers.push({ status, body: raw.subarray(end + 4, end + 4 + length).toString() });
    at = end + 4 + length;
  }
  return answers;
}

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

  it('answers in Korean while it starts and while it stops', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const proc = run('server/main.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'start-stop'),
      APP_SECRET: 'b'.repeat(64),
      ADMIN_PASSWORD: 'admin-password-1',
      RATE_LIMIT: 'false',
    });
    running.push(proc);

    // Starting: whatever answers (the bare listener, then the app) answers in Korean.
    const seen: Array<{ status: number; body: string; where: string }> = [];
    const ask = async (path: string, init?: RequestInit) => {
      const res = await fetch(`${base}${path}`, init).catch(() => null);
      if (res) seen.push({ status: res.status, body: await res.text(), where: `${init?.method ?? 'GET'} ${path}` });
      return res;
    };
    for (const until = Date.now() + 240_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
      if (proc.child.exitCode !== null) throw new Error(`server exited early:\n${proc.output()}`);
      await ask('/api/session/info', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      await ask('/board/free');
      if ((await ask('/api/health/ready'))?.status === 200) break;
    }
    expect(seen.filter((a) => a.status === 503).length, 'answers while starting').toBeGreaterThan(0);
    for (const a of seen) expectKorean(a, `starting, ${a.where}`);

    // Stopping: a request in flight on a kept-alive connection when SIGTERM comes, with two more
    // sent behind it on the same connection (pipelined) after the node began to stop.
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (d) => received.push(d));
    const closed = new Promise((r) => socket.on('close', r));
    const body = new URLSearchParams({ userId: 'admin', password: 'admin-password-1' }).toString();
    socket.write(
      `POST /api/login/do HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    proc.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    socket.write(
      body.slice(10) +
        'POST /api/session/info HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}' +
        'GET /api/health/ready HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n',
    );
    await closed;
    const answers = parseAnswers(Buffer.concat(received));
    expect(answers[0]?.status, proc.output()).toBe(200);
    expect(answers.length, JSON.stringify(answers)).toBeGreaterThan(1);
    for (const a of answers.slice(1)) {
      expect(a.status).toBe(503);
      expectKorean(a, 'stopping');
    }
    // The signal was sent once, above: a second one would mean "exit now" (code 1), so the node
    // is left to finish its close on its own, however slow the machine.
    const code = await Promise.race([proc.exited, new Promise((r) => setTimeout(() => r('still running'), 60_000))]);
    expect(code, proc.output()).toBe(0);
  });
});
