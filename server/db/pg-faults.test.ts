// PostgreSQL faults under load: the app's connections are terminated several times while members
// read and write. The real server process must stay up, answer 503 (never crash, never hang),
// serve again by itself, and keep every write it acknowledged.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_ADMIN } from '../test/config.js';
import { copyPostgresDatabase } from '../test/harness.js';
import { freePort, run, type Running, stop, waitReady } from '../test/process.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(inject('engine') === 'postgres')('PostgreSQL connections lost under load', () => {
  let copy: Awaited<ReturnType<typeof copyPostgresDatabase>>;
  let site: Running;
  let base = '';
  const dataDir = mkdtempSync(join(inject('tempRoot'), 'pgfault-'));

  beforeAll(async () => {
    copy = await copyPostgresDatabase();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    site = run('server/main.ts', {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: copy.url,
      DATABASE_POOL_SIZE: '6',
      APP_SECRET: 'a'.repeat(64),
      ADMIN_USER_ID: TEST_ADMIN.userId,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      RATE_LIMIT: 'false',
      SESSION_CACHE_MS: '0',
    });
    await waitReady(base, site);
  }, 90_000);

  afterAll(async () => {
    if (site) await stop(site, 15_000);
    await copy?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives terminated backends mid-request, recovers, and keeps every acknowledged write', { timeout: 120_000 }, async () => {
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
        signal: AbortSignal.timeout(20_000),
      });

    const statuses = new Map<number, number>();
    const acknowledged: { key: number; subject: string }[] = [];
    let running = true;
    let n = 0;
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const worker = async (w: number) => {
      while (running) {
        const subject = `장애 시험 글 ${w}-${++n}`;
        try {
          // A write (a transaction with several statements) and a read, over and over.
          const saved = await call('/api/board/save', { boardId: 'free', category: 'c1', subject, content: '<p>본문</p>' });
          count(saved.status);
          if (saved.status === 200) acknowledged.push({ key: ((await saved.json()) as { key: number }).key, subject });
          else await saved.text();
          const list = await call('/api/board/list', { boardId: 'free', category: 'c0', page: 1 });
          count(list.status);
          await list.text();
        } catch {
          // No answer at all: the process died or the call hung past its timeout.
          count(0);
          await sleep(100);
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));

    // Terminate every connection the app holds, five times, while the workers run.
    const dbName = new URL(copy.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      await sleep(700);
      const res = await admin.query(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      terminated += res.rows.filter((r) => r.ok).length;
    }
    await admin.end();
    await sleep(700);
    running = false;
    await Promise.all(workers);

    console.log(`terminated ${terminated} connections; answers ${JSON.stringify([...statuses])}; acknowledged ${acknowledged.length}`);
    expect(terminated).toBeGreaterThan(5);
    expect(site.child.exitCode, site.output()).toBeNull();
    // Every answer was a success or the Korean 503: no crash, no 500, no hang (the fetch timeout).
    expect([...statuses.keys()].sort(), site.output()).toEqual(expect.arrayContaining([200]));
    for (const status of statuses.keys()) expect([200, 503], `status ${status} seen:\n${site.output()}`).toContain(status);

    // Serving again by itself.
    const next = await call('/api/board/list', { boardId: 'free', category: 'c0', page: 1 });
    expect(next.status).toBe(200);
    const write = await call('/api/board/save', { boardId: 'free', category: 'c1', subject: '복구 후 글', content: '<p>본문</p>' });
    expect(write.status).toBe(200);

    // Every acknowledged write is there, with what was sent.
    const check = new pg.Client({ connectionString: copy.url });
    await check.connect();
    const keys = acknowledged.map((a) => a.key);
    const rows = await check.query('select key, subject from posts where key = any($1::int[])', [keys]);
    // No half-written save: every stored post has its points line, and no line lacks its post.
    const whole = await check.query(
      `select (select count(*) from posts where subject like '장애 시험 글 %' or subject = '복구 후 글')::int as posts,
              (select count(*) from point_ledger where reason like '글 작성 (%')::int as awards`,
    );
    await check.end();
    expect(whole.rows[0].awards).toBe(whole.rows[0].posts);
    const stored = new Map(rows.rows.map((r) => [Number(r.key), r.subject as string]));
    for (const a of acknowledged) expect(stored.get(a.key)).toBe(a.subject);
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(site.child.exitCode).toBeNull();
  });
});
