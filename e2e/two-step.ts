// Two-step sign-in for the browser tests' administrator. The first administrator sign-in of a run
// turns on a one-time code through the real calls (password again, setup, enable); later sign-ins
// pass /api/auth/totp/verify with the code of the moment, or, when that time step was already
// used (several sign-ins in 30 seconds), with one of the recovery codes, renewed before they run
// out. The secret and the codes are kept in a file of this run, so every test file shares them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

interface Kept {
  secret: string;
  lastStep: number;
  recovery: string[];
}
type State = Record<string, Kept>;

const stateFile = () => join(tmpdir(), `chalkak-e2e-two-step-${new URL(inject('baseURL')).port}.json`);
const read = (): State => (existsSync(stateFile()) ? (JSON.parse(readFileSync(stateFile(), 'utf8')) as State) : {});
const write = (s: State) => writeFileSync(stateFile(), JSON.stringify(s));

const totp = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
export const totpCode = (secret: string, at = Date.now()) => totp(secret).generate({ timestamp: at });
const stepNow = () => Math.floor(Date.now() / 30_000);

async function call<T>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, { data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Takes a code for this member's next sign-in, synchronously (nothing else in this process can
 * take the same one): the current step's code if unused, else a recovery code.
 */
function takeCode(userId: string): { code: string; recoveryLeft: number } | null {
  const state = read();
  const kept = state[userId];
  if (!kept) return null;
  const step = stepNow();
  let code: string;
  if (step > kept.lastStep) {
    kept.lastStep = step;
    code = totpCode(kept.secret);
  } else {
    code = kept.recovery.shift()!;
  }
  write(state);
  return { code, recoveryLeft: kept.recovery.length };
}

/** After the password: the second step this member's sign-in needs, if any. */
export async function passSecondStep(page: Page, userId: string, password: string, loginAnswer: { secondStep?: string }) {
  if (loginAnswer.secondStep === 'totp') {
    const taken = takeCode(userId);
    if (!taken) throw new Error(`${userId} has two-step sign-in on with a secret this run does not know`);
    await call(page, '/api/auth/totp/verify', { code: taken.code });
    if (taken.recoveryLeft < 3) {
      const { recoveryCodes } = await call<{ recoveryCodes: string[] }>(page, '/api/auth/totp/recovery', { password });
      const state = read();
      state[userId]!.recovery = recoveryCodes;
      write(state);
    }
    return;
  }
  const info = await call<{ secondStep?: string }>(page, '/api/session/info', {});
  if (info.secondStep !== 'needed') return;
  // An administrator without it: set it up once for the run.
  await call(page, '/api/user/myInfo', { password });
  const { secret } = await call<{ secret: string }>(page, '/api/auth/totp/setup', {});
  const state = read();
  state[userId] = { secret, lastStep: stepNow(), recovery: [] };
  write(state);
  const { recoveryCodes } = await call<{ recoveryCodes: string[] }>(page, '/api/auth/totp/enable', { code: totpCode(secret) });
  state[userId]!.recovery = recoveryCodes;
  write(state);
}
