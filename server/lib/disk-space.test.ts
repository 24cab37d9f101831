// A real server process on a small disk of its own (tmpfs) that fills up: writes and uploads are
// refused with the Korean 507 while reads go on, readiness says why, SIGTERM still stops it, a
// start on the full disk refuses with a readable message, and once space is freed the site writes
// again by itself and keeps every acknowledged write.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_ADMIN } from '../test/config.js';
import { freePort, killAll, run, type Running, stop, waitReady } from '../test/process.js';
import { mountSmallDisk, type SmallDisk } from '../test/small-disk.js';

const MB = 1024 * 1024;
const RESERVE_MB = 24;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The embedded database is what a full disk breaks; the process is the same on both engines.
describe.runIf(inject('engine') === 'pglite')('a full disk under the embedded database', () => {
  let disk: SmallDisk;
  const running: Running[] = [];
  beforeAll(async () => {
    disk = await mountSmallDisk(inject('tempRoot'), 100);
  });
  afterAll(() => {
    killAll(running);
    disk?.unmount();
  });

  const start = async () => {
    const port = await freePort();
    const proc = run(
      'server/main.ts',
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: disk.dir,
        APP_SECRET: 'c'.repeat(64),
        ADMIN_USER_ID: TEST_ADMIN.userId,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        RATE_LIMIT: 'false',
        SESSION_CACHE_MS: '0',
        DISK_RESERVE_MB: String(RESERVE_MB),
        DISK_CHECK_MS: '200',
        PGLITE_CHECKPOINT_MS: '300',
        UPLOAD_MAX_MB: '1',
      },
      disk.wrap,
    );
    running.push(proc);
    return { proc, base: `http://127.0.0.1:${port}` };
  };

  it('refuses writes but serves reads while full, stops on SIGTERM, refuses to start full, resumes once freed', { timeout: 300_000 }, async () => {
    let { proc, base } = await start();
    await waitReady(base, proc, 180_000);

    const login = await fetch(`${base}/api/login/do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ userId: TEST_ADMIN.userId, password: TEST_ADMIN.password }).toString(),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const call = (path: string, body: object) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    const save = (subject: string) => call('/api/board/save', { boardId: 'free', category: 'c1', subject, content: '<p>본문</p>' });
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(1000).fill(65)], { type: 'text/plain' }), 'note.txt');
      return fetch(`${base}/api/file/upload`, { method: 'POST', headers: { cookie }, body: form, signal: AbortSignal.timeout(15_000) });
    };
    const ready = () => fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(5000) }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, string> }));

    const before = await save('디스크가 차기 전의 글');
    expect(before.status, proc.output()).toBe(200);
    const keyBefore = ((await before.json()) as { key: number }).key;

    // Full: less than the reserve left. The timer notices within a few of its 200 ms checks.
    disk.fill(RESERVE_MB * MB - 10 * MB);
    await expect.poll(async () => (await ready()).status, { timeout: 5000, interval: 100 }).toBe(503);
    const why = await ready();
    expect(why.body.status).toBe('disk_full');
    expect(why.body.message).toContain('저장 공간');
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    const refused = await save('디스크가 찼을 때의 글');
    expect(refused.status, proc.output()).toBe(507);
    expect(((await refused.json()) as { message: string }).message).toContain('저장 공간');
    const refusedUpload = await upload();
    expect(refusedUpload.status).toBe(507);
    expect(((await refusedUpload.json()) as { message: string }).message).toContain('저장 공간');
    // Reads go on: a list, the post itself (a member's view), the home page's data.
    expect((await call('/api/board/list', { boardId: 'free', category: 'c0', page: 1 })).status).toBe(200);
    const view = await call('/api/board/view', { boardId: 'free', key: keyBefore });
    expect(view.status, proc.output()).toBe(200);
    expect(((await view.json()) as { subject: string }).subject).toBe('디스크가 차기 전의 글');
    expect((await call('/api/home', {})).status).toBe(200);

    // Freed: writes and uploads work again by themselves, no restart.
    disk.free();
    await expect.poll(async () => (await ready()).status, { timeout: 5000, interval: 100 }).toBe(200);
    const after = await save('공간을 비운 뒤의 글');
    expect(after.status, proc.output()).toBe(200);
    const keyAfter = ((await after.json()) as { key: number }).key;
    expect((await upload()).status).toBe(200);

    // Full to the last byte after those writes: the next checkpoint would PANIC and leave the
    // process spinning, deaf to signals. It must wait, the site answer, SIGTERM stop it in 10 s.
    disk.fill(0);
    await expect.poll(async () => (await ready()).status, { timeout: 5000, interval: 100 }).toBe(503);
    await sleep(1000);
    expect((await ready()).body.status).toBe('disk_full');
    const sent = Date.now();
    const stopped = await stop(proc, 20_000);
    expect(Date.now() - sent, proc.output()).toBeLessThan(10_000);
    expect(stopped, proc.output()).toEqual({ code: 0, signal: null });

    // A start on the full disk refuses, naming the folder and the space it needs.
    ({ proc } = await start());
    const code = await Promise.race([proc.exited, sleep(60_000).then(() => 'still running')]);
    const out = proc.output();
    expect(code, out).toBe(1);
    expect(out).toContain(`데이터 폴더(DATA_DIR, ${disk.dir})가 있는 디스크의 여유 공간이 0 MB뿐이라 시작하지 않았습니다.`);
    expect(out).toContain(`Not started: the disk holding DATA_DIR (${disk.dir}) has 0 MB free; at least ${RESERVE_MB} MB (DISK_RESERVE_MB) must be free.`);
    expect(out).not.toContain('Aborted');
    expect(out).not.toMatch(/\n\s+at /); // no stack

    // Freed: the next start serves every write it acknowledged.
    disk.free();
    ({ proc, base } = await start());
    await waitReady(base, proc, 180_000);
    for (const [key, subject] of [
      [keyBefore, '디스크가 차기 전의 글'],
      [keyAfter, '공간을 비운 뒤의 글'],
    ] as const) {
      const res = await fetch(`${base}/api/board/view`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ boardId: 'free', key }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { subject: string }).subject).toBe(subject);
    }
    expect(await stop(proc)).toEqual({ code: 0, signal: null });
  });
});
