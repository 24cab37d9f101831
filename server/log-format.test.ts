// The log as the first `npm start` shows it. In a terminal (a real pseudo-terminal from util-linux
// `script`): readable lines, the generated administrator password in a frame, no line per
// request. With stdout piped (systemd, docker): JSON lines as before, requests included.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig, ROOT } from './config.js';
import { requestLogs } from './lib/logging.js';
import { freePort, killAll, run, type Running, stop, waitReady } from './test/process.js';

describe('LOG_FORMAT', () => {
  it('is pretty in a terminal and json otherwise, unless set', () => {
    expect(loadConfig({}, { tty: true }).logFormat).toBe('pretty');
    expect(loadConfig({}, { tty: false }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { tty: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, { tty: false }).logFormat).toBe('pretty');
  });

  it('refuses anything else with a clear message', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT: json or pretty');
  });

  it("keeps Fastify's request lines for JSON and moves them to debug in a terminal", () => {
    expect(requestLogs({ logFormat: 'json', logLevel: 'info' })).toBeUndefined();
    expect(requestLogs({ logFormat: 'pretty', logLevel: 'info' })).toBeDefined();
  });
});

/** The server started inside a pseudo-terminal, as `npm start` in a terminal runs it. */
function runInTerminal(env: Record<string, string>): Running {
  const command = `${process.execPath} --import tsx server/main.ts`;
  // stdin stays open: `script` passes it on to the terminal and stops at its end.
  const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => out, exited };
}

/**
 * Ends `script` and the server under it, whatever state a failed test left them in: SIGKILL to
 * `script` alone would leave the server orphaned in the terminal's own session.
 */
function killTree(pid: number) {
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  } catch {
    // already gone
  }
  for (const child of children) killTree(Number(child));
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '').replace(/\r/g, '');
const PER_REQUEST = /incoming request|request completed/;

async function visit(base: string) {
  for (let i = 0; i < 6; i++) {
    expect((await fetch(`${base}/api/session/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
  }
}

async function adminLogin(base: string, password: string) {
  const body = new URLSearchParams({ userId: 'admin', password }).toString();
  return fetch(`${base}/api/login/do`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
}

// Real processes on fresh PGlite folders; once per run is enough.
describe.runIf(inject('engine') === 'pglite')('the first start', () => {
  const dirs: string[] = [];
  const running: Running[] = [];
  const terminals: Running[] = [];
  afterAll(() => {
    for (const r of terminals) if (r.child.exitCode === null && r.child.signalCode === null) killTree(r.child.pid!);
    killAll(running);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function fresh() {
    const dataDir = mkdtempSync(join(inject('tempRoot'), 'log-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT: 'false', LOG_LEVEL: 'info' };
    return { env, base: `http://127.0.0.1:${port}` };
  }

  it('in a terminal shows the administrator password in a frame and no line per request', { timeout: 180_000 }, async () => {
    const { env, base } = await fresh();
    const server = runInTerminal({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TERM: 'xterm', ...env });
    terminals.push(server);
    await waitReady(base, server, 120_000);
    await visit(base);
    await new Promise((r) => setTimeout(r, 500)); // the pretty printer writes from its own thread

    const out = plain(server.output());
    expect(out).toContain('┏━━━━');
    expect(out).toContain('┃ 관리자 계정을 만들었습니다.');
    const password = /┃ {3}임시 암호 {2}(\S+)/.exec(out)?.[1];
    expect(password, out).toBeDefined();
    expect((await adminLogin(base, password!)).status).toBe(200);
    expect(out).toContain('찰칵 is running');
    expect(out).not.toMatch(PER_REQUEST);
    expect(out.split('\n').filter((l) => l.startsWith('{'))).toEqual([]);
    // Only the frame carries the password: the log line names the id alone.
    expect(out.split('\n').filter((l) => l.includes(password!) && !l.startsWith('┃'))).toEqual([]);

    expect(await stop(server)).toEqual({ code: 0, signal: null });
  });

  it('with stdout piped writes JSON lines as before, a line per request included', { timeout: 180_000 }, async () => {
    const { env, base } = await fresh();
    const server = run('server/main.ts', env);
    running.push(server);
    await waitReady(base, server, 120_000);
    await visit(base);
    await new Promise((r) => setTimeout(r, 500));

    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.trim() !== '');
    const entries = lines.map((l) => JSON.parse(l) as { msg?: string });
    const created = entries.find((e) => e.msg?.includes('관리자 계정을 만들었습니다'));
    const password = /임시 암호: (\S+)/.exec(created?.msg ?? '')?.[1];
    expect(password, server.output()).toBeDefined();
    expect((await adminLogin(base, password!)).status).toBe(200);
    expect(entries.filter((e) => e.msg === 'request completed').length).toBeGreaterThanOrEqual(6);
    expect(server.output()).not.toContain('┏');

    expect(await stop(server)).toEqual({ code: 0, signal: null });
  });
});
