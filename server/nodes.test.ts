// Two BUILT app nodes (dist/server/main.js) on one PostgreSQL database, one Redis and one S3
// server, as docs/operations.md "Several app nodes" deploys them: a member logged in on A is
// logged in on B, a photo uploaded through A is served by B, a post, a menu change and a setting
// saved on A show on B within a second, a bid on A is seen by a client polling B, an auction ends
// exactly once with both nodes' ending jobs running, and the rate limits are counted once for both.
// Last, A is lost (killed): B keeps A's sessions and photos and stays ready.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from './config.js';
import { copyPostgresDatabase } from './test/harness.js';
import { freePort } from './test/process.js';
import { proofHeadersAt } from './test/spam-proof.js';
import { createSealer } from './lib/secret.js';
import { totpCode, TEST_TOTP_SECRET } from './test/two-step.js';
import { startRedis, type TestRedis } from './test/redis-server.js';
import { startS3, type TestS3 } from './test/s3-server.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ADMIN = { userId: 'admin', password: 'admin-password-1' };
const APP_SECRET = 'c'.repeat(64);

/** dist/server/main.js missing, or a server or common source (not a test) changed after it was built. */
function serverBuildStale(): boolean {
  const main = join(ROOT, 'dist/server/main.js');
  if (!existsSync(main)) return true;
  const builtAt = statSync(main).mtimeMs;
  const newer = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return e.name !== 'test' && newer(path);
      return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && statSync(path).mtimeMs > builtAt;
    });
  return newer(join(ROOT, 'server')) || newer(join(ROOT, 'common'));
}

interface Node {
  base: string;
  child: ChildProcess;
  output(): string;
}

/** Polls check every 20 ms; the time it took, or an error past withinMs. */
async function until(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await sleep(20);
  }
}

describe.runIf(inject('engine') === 'postgres')('two built nodes on one database, Redis and S3', () => {
  let db: Awaited<ReturnType<typeof copyPostgresDatabase>>;
  let redis: TestRedis;
  let s3: TestS3;
  const nodes: Node[] = [];
  const dirs: string[] = [];
  let a: Node;
  let b: Node;

  async function startNode(env: Record<string, string>): Promise<Node> {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'chalkak-node-'));
    dirs.push(dataDir);
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const node = { base: `http://127.0.0.1:${port}`, child, output: () => out };
    nodes.push(node);
    return node;
  }

  async function waitReady(node: Node) {
    await until(async () => {
      if (node.child.exitCode !== null) throw new Error(`node exited:\n${node.output()}`);
      return fetch(`${node.base}/api/health/ready`).then((r) => r.ok, () => false);
    }, 90_000);
  }

  /** A statement on the nodes' database, for what no call does (an auction's end time passing). */
  const sqlOn = async (text: string) => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      return (await c.query(text)).rows as Array<Record<string, unknown>>;
    } finally {
      await c.end();
    }
  };

  const call = async (node: Node, url: string, body: unknown = {}, cookie?: string, headers: Record<string, string> = {}) => {
    const res = await fetch(node.base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> & { message?: string } };
  };

  // Administrators need a second step (decision 42): the test administrator gets two-step sign-in
  // with a known secret, sealed with the nodes' key, and each sign-in passes the real verify call
  // (the last accepted step rewound first: a test signs in several times within one 30 s step).
  async function login(node: Node, userId: string, password: string) {
    const res = await fetch(`${node.base}/api/login/do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ userId, password }).toString(),
    });
    expect(res.status).toBe(200);
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('chalkak_sid='))!;
    const cookie = sid.split(';')[0]!;
    if (userId === ADMIN.userId) {
      const sealed = createSealer(Buffer.from(APP_SECRET, 'hex')).seal(TEST_TOTP_SECRET);
      await sqlOn(
        `insert into totp_secrets (user_no, secret_enc, enabled_at) select no, '${sealed}', now() from users where user_id = 'admin' on conflict (user_no) do update set secret_enc = excluded.secret_enc, enabled_at = excluded.enabled_at, last_step = 0`,
      );
      const r = await call(node, '/api/auth/totp/verify', { code: totpCode(TEST_TOTP_SECRET) }, cookie);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    }
    return cookie;
  }

  beforeAll(async () => {
    // The nodes run the built server: compiled here (server and common only, the web app is not
    // needed) when dist/ is missing or older than the sources (scripts/build-if-changed.ts).
    if (serverBuildStale()) {
      const built = await new Promise<number | null>((done) =>
        spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' }).on('exit', done),
      );
      if (built !== 0) throw new Error('the server build failed');
    }
    [db, redis, s3] = await Promise.all([copyPostgresDatabase(), startRedis(), startS3('chalkak-nodes')]);
    const env = {
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: redis.url,
      APP_SECRET,
      ADMIN_PASSWORD: ADMIN.password,
      // Sessions are read from the database on every call: a logout on one node counts at once.
      SESSION_CACHE_MS: '0',
      // As behind the proxy: the rate-limit test speaks from an address of its own.
      TRUST_PROXY: 'true',
      ...s3.env,
    };
    a = await startNode(env);
    b = await startNode(env);
    await Promise.all([waitReady(a), waitReady(b)]);
  }, 300_000);

  afterAll(async () => {
    for (const n of nodes) {
      if (n.child.exitCode === null && n.child.signalCode === null) {
        n.child.kill('SIGTERM');
        await Promise.race([once(n.child, 'exit'), sleep(15_000)]);
        if (n.child.exitCode === null) n.child.kill('SIGKILL');
      }
    }
    await s3?.close();
    await redis?.close();
    await db?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  it('a member logged in on A is logged in on B, and logged out on both', async () => {
    const cookie = await login(a, ADMIN.userId, ADMIN.password);
    expect((await call(b, '/api/session/info', {}, cookie)).json).toMatchObject({ logined: true, userId: 'admin' });
    expect((await call(b, '/api/logout', {}, cookie)).status).toBe(200);
    expect((await call(a, '/api/session/info', {}, cookie)).json).toMatchObject({ logined: false });
  });

  it('a photo uploaded through A is served by B, byte for byte, each size', async () => {
    const cookie = await login(a, ADMIN.userId, ADMIN.password);
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), '두 노드.jpg');
    const up = await fetch(`${a.base}/api/file/upload`, { method: 'POST', body: form, headers: { cookie } });
    expect(up.status).toBe(200);
    const { url, thumbUrl } = (await up.json()) as { url: string; thumbUrl: string };
    for (const path of [url, thumbUrl]) {
      const [fromA, fromB] = await Promise.all([a, b].map((n) => fetch(n.base + path, { headers: { cookie } })));
      expect(fromB!.status).toBe(200);
      expect(fromB!.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await fromB!.arrayBuffer()).equals(Buffer.from(await fromA!.arrayBuffer()))).toBe(true);
    }
  });

  it('a post, a menu change and a setting saved on A show on B within a second', async () => {
    const cookie = await login(a, ADMIN.userId, ADMIN.password);
    const keys = async () => ((await call(b, '/api/board/list', { boardId: 'free' })).json.items as Array<{ key: number }>).map((i) => i.key);
    await keys();
    await keys(); // B now answers the visitors' list from its memory
    const saved = await call(a, '/api/board/save', { boardId: 'free', category: 'c1', subject: '노드 A에서 쓴 글', content: '<p>안녕</p>' }, cookie);
    expect(saved.status).toBe(200);
    const key = Number(saved.json.key);
    expect(await until(async () => (await keys()).includes(key), 1000)).toBeLessThan(1000);

    const menu = async () => JSON.stringify((await call(b, '/api/menu/topMenu')).json);
    await menu();
    const tree = (await call(a, '/api/admin/menu/list', {}, cookie)).json as { groups: Array<{ id: number; items: Array<{ id: number }> }> };
    const groups = tree.groups.map(({ id: _g, items, ...g }) => ({ ...g, items: items.map(({ id: _i, ...i }) => i) }));
    groups.push({ label: '두 노드 메뉴', icon: '', visible: true, items: [{ label: '', programId: 'help', shortKey: '', icon: '', target: '', visible: true }] } as never);
    expect((await call(a, '/api/admin/menu/save', { groups }, cookie)).status).toBe(200);
    expect(await until(async () => (await menu()).includes('두 노드 메뉴'), 1000)).toBeLessThan(1000);

    const site = async () => (await call(b, '/api/session/site')).json.tagline;
    await site();
    const info = (await call(a, '/api/admin/setup/info', {}, cookie)).json as { settings: Record<string, unknown>; levels: Array<Record<string, unknown>> };
    const form = { settings: { ...info.settings, tagline: '두 노드에서 함께' }, levels: info.levels.map(({ members: _m, ...l }) => l) };
    expect((await call(a, '/api/admin/setup/save', form, cookie)).status).toBe(200);
    expect(await until(async () => (await site()) === '두 노드에서 함께', 1000)).toBeLessThan(1000);
  });

  it('a bid on A is seen by a client polling B, and the auction ends exactly once with both nodes running', async () => {
    const sellerCookie = await login(a, ADMIN.userId, ADMIN.password);
    await sqlOn(`update users set can_market = true where user_id = 'admin'`);
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#884422' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'auction.jpg');
    const { fileKey } = (await (await fetch(`${a.base}/api/file/upload`, { method: 'POST', body: form, headers: { cookie: sellerCookie } })).json()) as { fileKey: string };
    const endsAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    const saved = await call(
      a,
      '/api/market/save',
      {
        category: 'c1',
        subject: '두 노드 경매',
        content: '<p>경매합니다</p>',
        price: 100_000,
        condition: 'A',
        tradeMethod: 'both',
        region: 'seoul',
        files: [fileKey],
        auction: { startPrice: 100_000, bidStep: 1_000, buyNowPrice: null, endsAt },
      },
      sellerCookie,
    );
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const key = Number(saved.json.key);

    const joined = await call(b, '/api/public/join', {
      userId: 'nodes_bidder',
      password: 'bidder-password-1',
      rePassword: 'bidder-password-1',
      nickName: '두노드입찰',
      email: 'nodes_bidder@example.com',
      question: '첫 카메라는?',
      answer: 'FM2',
      agree: 'Y',
      // The challenge made by one node passes the other (one site key).
    }, undefined, await proofHeadersAt(a.base, 'join'));
    expect(joined.status, JSON.stringify(joined.json)).toBe(200);
    const bidder = await login(b, 'nodes_bidder', 'bidder-password-1');

    const polled = async () => ((await call(b, '/api/market/bids', { key })).json.items as Array<{ amount: number }> | undefined) ?? [];
    expect(await polled()).toEqual([]);
    const bid = await call(a, '/api/market/bid', { key, amount: 100_000 }, bidder);
    expect(bid.status, JSON.stringify(bid.json)).toBe(200);
    expect(await until(async () => (await polled()).some((x) => x.amount === 100_000), 1000)).toBeLessThan(1000);

    // The end time passes (set in the database: an auction lasts at least an hour); both nodes'
    // ending jobs (every 5 s) race for it.
    await sqlOn(`update market_items set ends_at = now() - interval '1 second' where post_key = ${key}`);
    await until(async () => (await sqlOn(`select ended_at from market_items where post_key = ${key}`))[0]?.ended_at != null, 20_000);
    await sleep(6_000); // one more pass of each job: nothing may end it again
    const [item] = await sqlOn(`select status, sold_price::int as sold_price from market_items where post_key = ${key}`);
    expect(item).toMatchObject({ status: 'sold', sold_price: 100_000 });
    const kinds = (await sqlOn(`select kind from alarms where article_key = ${key} and kind in ('won', 'sold', 'ended', 'unsold')`)).map((r) => r.kind).sort();
    expect(kinds).toEqual(['sold', 'won']);
  }, 60_000);

  it('counts a rate limit once for both nodes (Redis)', async () => {
    // Five wrong passwords for one account from one address, spread over both nodes; the sixth is
    // refused (each node counting alone would let ten through).
    const login = (node: Node) =>
      fetch(`${node.base}/api/login/do`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.77' },
        body: new URLSearchParams({ userId: 'nodes_limit', password: 'wrong-password' }).toString(),
      });
    for (const node of [a, b, a, b, a]) expect((await login(node)).status).toBe(401);
    const sixth = await login(b);
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { message: string }).message).toBe('로그인 시도가 너무 많습니다. 1분 후에 다시 시도해 주세요.');
  });

  it('both nodes stayed up without errors', () => {
    for (const n of nodes) {
      expect(n.child.exitCode, n.output()).toBeNull();
      expect(n.output()).not.toMatch(/"level":50|Unhandled/);
    }
  });

  it('node A lost: its session and its upload still work on B, and B stays ready', async () => {
    const cookie = await login(a, ADMIN.userId, ADMIN.password);
    const jpeg = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#225533' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), '잃은 노드.jpg');
    const up = await fetch(`${a.base}/api/file/upload`, { method: 'POST', body: form, headers: { cookie } });
    expect(up.status).toBe(200);
    const { url } = (await up.json()) as { url: string };
    const fromA = Buffer.from(await (await fetch(a.base + url, { headers: { cookie } })).arrayBuffer());

    // A machine lost, not a clean stop: nothing of A's gets to finish.
    a.child.kill('SIGKILL');
    await once(a.child, 'exit');
    expect(await fetch(`${a.base}/api/health`).then(() => 'answered', () => 'gone')).toBe('gone');

    // The member-only call answers on B with the cookie A made, and not without it.
    const alarms = await call(b, '/api/letter/alarm', {}, cookie);
    expect(alarms.status, JSON.stringify(alarms.json)).toBe(200);
    expect(typeof alarms.json).toBe('number'); // the unread count
    expect((await call(b, '/api/letter/alarm')).status).toBe(401);
    const fromB = await fetch(b.base + url, { headers: { cookie } });
    expect(fromB.status).toBe(200);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(fromA)).toBe(true);
    const ready = await fetch(`${b.base}/api/health/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ok' }]);
    expect(b.child.exitCode, b.output()).toBeNull();
    expect(b.output()).not.toMatch(/"level":50|Unhandled/);
  });
});
