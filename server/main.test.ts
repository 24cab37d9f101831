// The real process: start-up on an empty DATA_DIR, graceful stop on SIGTERM (exit code 0),
// and a restart that keeps what members created before (PGlite persisted under DATA_DIR).
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort, killAll, run, type Running, stop, waitReady } from './test/process.js';
import { proofHeadersAt } from './test/spam-proof.js';

const call = (base: string, path: string, body: Record<string, string>, cookie = '', form = false, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });

// The process always runs on PGlite; once per run is enough.
describe.runIf(inject('engine') === 'pglite')('server process', () => {
  const dataDir = mkdtempSync(join(inject('tempRoot'), 'main-'));
  const running: Running[] = [];
  afterAll(() => {
    killAll(running);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops cleanly on SIGTERM and keeps members and sessions across a restart', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'admin-password-1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
    };

    const first = run('server/main.ts', env);
    running.push(first);
    await waitReady(base, first);
    const member = {
      userId: 'kept_member',
      password: 'kept-password-1',
      rePassword: 'kept-password-1',
      nickName: '남는회원',
      email: 'kept@example.com',
      question: '첫 카메라는?',
      answer: 'FM2',
      agree: 'Y',
    };
    const joined = await call(base, '/api/public/join', member, '', false, await proofHeadersAt(base, 'join'));
    expect(joined.status, await joined.clone().text()).toBe(200);
    const loggedIn = await call(base, '/api/login/do', { userId: member.userId, password: member.password, remember: 'Y' }, '', true);
    expect(loggedIn.status).toBe(200);
    const cookie = loggedIn.headers.getSetCookie().find((c) => c.startsWith('chalkak_sid='))!.split(';')[0]!;

    const firstStop = await stop(first);
    expect(firstStop, first.output()).toEqual({ code: 0, signal: null });

    const second = run('server/main.ts', env);
    running.push(second);
    await waitReady(base, second);
    // The session from before the restart is still valid …
    const info = await (await call(base, '/api/session/info', {}, cookie)).json();
    expect(info).toMatchObject({ logined: true, userId: member.userId, nickName: member.nickName });
    // … the member can log in again, and the unique values are still taken.
    const again = await call(base, '/api/login/do', { userId: member.userId, password: member.password }, '', true);
    expect(again.status).toBe(200);
    const dup = await call(base, '/api/public/join', { ...member, email: 'other@example.com', nickName: '다른회원' }, '', false, await proofHeadersAt(base, 'join'));
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({ message: '이미 사용 중인 아이디입니다.' });
    // No second administrator, and no first-start warning about a generated password.
    expect(second.output()).not.toContain('임시 암호');

    const secondStop = await stop(second);
    expect(secondStop, second.output()).toEqual({ code: 0, signal: null });
  });
});
