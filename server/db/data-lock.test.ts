// One process per embedded data folder: a second opener (seed:demo, a second server, the same
// process twice) is refused with a message naming the holder and changes nothing; a holder killed
// with SIGKILL leaves nothing stuck.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort, killAll, run, type Running, waitReady } from '../test/process.js';
import { proofHeadersAt } from '../test/spam-proof.js';
import { openDatabase } from './client.js';
import { DataDirLockedError } from './data-lock.js';

const join_ = async (base: string, userId: string) =>
  fetch(`${base}/api/public/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await proofHeadersAt(base, 'join')) },
    body: JSON.stringify({
      userId,
      password: 'lock-password-1',
      rePassword: 'lock-password-1',
      nickName: `잠금${userId.slice(-2)}`,
      email: `${userId}@example.com`,
      question: '첫 카메라는?',
      answer: 'FM2',
      agree: 'Y',
    }),
  });

/** The refusal: exit code 1, the message in both languages with the holder's PID, no stack trace. */
function expectRefused(proc: Running, code: number | null, holderPid: number) {
  const out = proc.output();
  expect(code, out).toBe(1);
  expect(out).toContain('다른 프로세스가 사용 중입니다');
  expect(out).toContain('is in use by another process');
  expect(out).toContain(`PID ${holderPid} (node --import tsx server/main.ts`);
  expect(out).toContain('npm run seed:demo');
  expect(out).not.toMatch(/^\s+at /m);
}

// The lock guards the embedded database only; once per run is enough.
describe.runIf(inject('engine') === 'pglite')('one process per embedded data folder', () => {
  const dirs: string[] = [];
  const running: Running[] = [];
  const tempDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'chalkak-lock-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    killAll(running);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('refuses a second open of the folder in the same process until the first is closed', { timeout: 120_000 }, async () => {
    const dataDir = join(tempDir(), 'pglite');
    const first = await openDatabase({ dataDir });
    const second = await openDatabase({ dataDir }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(second).toBeInstanceOf(DataDirLockedError);
    expect((second as DataDirLockedError).holder?.pid).toBe(process.pid);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it(
    'refuses seed:demo and a second server beside a running site, which keeps serving; after kill -9 the site starts again with its data',
    { timeout: 240_000 },
    async () => {
      const dataDir = tempDir();
      const [port, otherPort] = [await freePort(), await freePort()];
      const base = `http://127.0.0.1:${port}`;
      const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', ADMIN_PASSWORD: 'admin-password-1', RATE_LIMIT: 'false' };

      const site = run('server/main.ts', { ...env, PORT: String(port) });
      running.push(site);
      await waitReady(base, site);
      expect((await join_(base, 'before_seed')).status).toBe(200);

      const seed = run('scripts/seed-demo.ts', env);
      running.push(seed);
      expectRefused(seed, await seed.exited, site.child.pid!);

      const second = run('server/main.ts', { ...env, PORT: String(otherPort) });
      running.push(second);
      expectRefused(second, await second.exited, site.child.pid!);

      // The first server never noticed: it still answers and writes.
      expect((await join_(base, 'after_second')).status).toBe(200);

      // A crash leaves no lock behind: the next start opens the folder at once.
      site.child.kill('SIGKILL');
      await site.exited;
      const startedAt = Date.now();
      const restarted = run('server/main.ts', { ...env, PORT: String(port) });
      running.push(restarted);
      await waitReady(base, restarted);
      expect(Date.now() - startedAt).toBeLessThan(60_000);
      restarted.child.kill('SIGTERM');
      expect(await restarted.exited, restarted.output()).toBe(0);

      // Both members are kept and the refused seed added nobody (only the administrator besides).
      const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
      try {
        const result = (await database.db.execute(sql`select user_id from users order by user_id`)) as unknown as { rows: Array<{ user_id: string }> };
        expect(result.rows.map((r) => r.user_id)).toEqual(['admin', 'after_second', 'before_seed']);
      } finally {
        await database.close();
      }
    },
  );
});
