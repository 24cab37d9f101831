// Starts the built server once for the whole browser run, on a fresh data folder and a free port.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSmtp } from '../server/test/smtp-server.js';
import { startProviders } from '../server/test/oauth-providers.js';
import { turnNewMemberRulesOff } from './spam-rules.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminPassword: string;
    /** Where the test SMTP server keeps each mail the server sent, as a .eml file (e2e/mail.e2e.ts). */
    mailDir: string;
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
  // Mail on: a real SMTP server in this process keeps what arrives for the mail test to read.
  const mailDir = join(dataDir, 'mail-received');
  const smtp = await startSmtp({ dir: mailDir });
  // Kakao and Naver sign-in against stand-in providers in this process (e2e/oauth.e2e.ts).
  const providers = await startProviders(`http://127.0.0.1:${port}`, 'e2e');
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
      // The push test's local push service listens on 127.0.0.1 (e2e/push.e2e.ts).
      PUSH_ALLOW_HTTP_LOOPBACK: 'true',
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      MAIL_FROM: '찰칵 <no-reply@chalkak.test>',
      // PUBLIC_ORIGIN and the KAKAO_* and NAVER_* settings.
      ...providers.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  // A server that does not come up leaves neither a process nor its data folder behind.
  const giveUp = (message: string) => {
    child.kill('SIGKILL');
    void smtp.close();
    void providers.close();
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
  // The new-member rules off for the run; e2e/spam.e2e.ts turns them on for its own flows.
  await turnNewMemberRulesOff(baseURL, E2E_ADMIN_PASSWORD).catch((e: unknown) => {
    throw giveUp(`the spam settings could not be set: ${String(e)}`);
  });
  project.provide('baseURL', baseURL);
  project.provide('adminPassword', E2E_ADMIN_PASSWORD);
  project.provide('mailDir', mailDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await smtp.close();
    await providers.close();
    rmSync(dataDir, { recursive: true, force: true });
    // The administrator's one-time code secret of this run (e2e/two-step.ts).
    rmSync(join(tmpdir(), `chalkak-e2e-two-step-${port}.json`), { force: true });
  };
}
