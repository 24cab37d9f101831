// Web push against a real local push service (server/test/push-service.ts): subscriptions and who
// may change them, endpoints that point inside refused (literal and by name, also at send time),
// a sent push that decrypts to the message, 404/410 removing the subscription, 429/500 retried.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { lookup as systemLookup } from 'node:dns';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../../common/api/notify.js';
import { PushDeviceList } from '../../../common/api/push.js';
import { ConfigError, loadConfig } from '../../config.js';
import { jobs, pushSubscriptions } from '../../db/schema/index.js';
import { member } from '../../test/boards.js';
import { testConfig } from '../../test/config.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { startPushService, type PushService, type TestSubscription } from '../../test/push-service.js';
import { ENDPOINT_MSG, isPublicAddress, pushDns } from './endpoint.js';
import { PUSH_QUEUE, queuePushes } from './queue.js';
import { TEST_MESSAGE } from './routes.js';
import { deviceName, MAX_DEVICES, PUSH_MSG } from './service.js';
import { loadVapid } from './vapid.js';
import { sendPush } from './send.js';
import { pushWorker } from './worker.js';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let service: PushService;
beforeAll(async () => {
  pushWorker.everyMs = 50;
  t = await testApp({ RATE_LIMIT: 'false', PUSH_ALLOW_HTTP_LOOPBACK: 'true' });
  service = await startPushService(loadVapid(t.app.ctx.config).publicKey);
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});
afterEach(() => {
  pushDns.lookup = systemLookup;
});

type M = Awaited<ReturnType<typeof member>>;
const subscribe = (m: M, sub: Pick<TestSubscription, 'endpoint' | 'keys'>, ua = ANDROID) =>
  post(t, '/api/push/subscribe', { endpoint: sub.endpoint, keys: sub.keys }, m.cookie, { 'user-agent': ua });
const devices = async (m: M, endpoint?: string) => PushDeviceList.parse((await post(t, '/api/push/devices', endpoint ? { endpoint } : {}, m.cookie)).json());
const subscriptionRow = async (endpoint: string) => (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];
const jobsOf = async (subscriptionId: number) =>
  (await t.database.db.select().from(jobs).where(eq(jobs.queue, PUSH_QUEUE))).filter((j) => j.payload.subscriptionId === subscriptionId);
const waitUntil = async (what: string, check: () => Promise<boolean>, ms = 5000) => {
  for (const started = Date.now(); !(await check()); await sleep(20)) if (Date.now() - started > ms) throw new Error(`timed out: ${what}`);
};
/** Resolves names as a name server would answer: `answers(name)` gives the addresses. */
const dnsAnswers = (answers: (name: string) => string[]) => {
  pushDns.lookup = ((name: string, _opts: object, cb: (e: Error | null, a: { address: string; family: number }[]) => void) => {
    const list = answers(name);
    setImmediate(() => cb(null, list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))));
  }) as unknown as typeof pushDns.lookup;
};
const message = (n: number): PushMessage => ({ title: `새 쪽지 ${n}`, body: '출사 같이 가요', url: `/letter/view/${n}`, tag: 'letter' });

describe('calls', () => {
  it('visitors get 401 on every call', async () => {
    const sub = service.subscription();
    for (const [url, body] of [
      ['/api/push/key', {}],
      ['/api/push/subscribe', { endpoint: sub.endpoint, keys: sub.keys }],
      ['/api/push/unsubscribe', { endpoint: sub.endpoint }],
      ['/api/push/devices', {}],
      ['/api/push/devices/remove', { id: 1 }],
      ['/api/push/test', {}],
    ] as const) {
      expect((await post(t, url, body)).statusCode, url).toBe(401);
    }
    expect(await subscriptionRow(sub.endpoint)).toBeUndefined();
  });

  it('the key is the site VAPID public key, the same on every call', async () => {
    const m = await member(t);
    const a = (await post(t, '/api/push/key', {}, m.cookie)).json();
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await post(t, '/api/push/key', {}, m.cookie)).json()).toEqual(a);
    expect(a.publicKey).toBe(loadVapid(t.app.ctx.config).publicKey);
  });

  it('subscribe lists the device by its user agent; unsubscribe removes it', async () => {
    const m = await member(t);
    const sub = service.subscription();
    const other = service.subscription();
    expect((await subscribe(m, sub)).json()).toEqual({ ok: true });
    expect((await subscribe(m, other, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1')).statusCode).toBe(200);
    const list = await devices(m, sub.endpoint);
    expect(list.map((d) => [d.device, d.current, d.lastSentAt])).toEqual([
      ['Android · 삼성 인터넷', true, null],
      ['iPhone · Safari', false, null],
    ]);
    expect(await subscriptionRow(sub.endpoint)).toMatchObject({ userNo: m.no, p256dh: sub.keys.p256dh, auth: sub.keys.auth });

    expect((await post(t, '/api/push/unsubscribe', { endpoint: sub.endpoint }, m.cookie)).json()).toEqual({ ok: true });
    expect(await subscriptionRow(sub.endpoint)).toBeUndefined();
    const again = await post(t, '/api/push/unsubscribe', { endpoint: sub.endpoint }, m.cookie);
    expect([again.statusCode, again.json().message]).toEqual([404, PUSH_MSG.noSubscription]);
    expect((await devices(m)).map((d) => d.device)).toEqual(['iPhone · Safari']);
  });

  it("another member can neither unsubscribe nor remove a member's device; the same browser subscribing moves it", async () => {
    const a = await member(t);
    const b = await member(t);
    const sub = service.subscription();
    await subscribe(a, sub);
    const [mine] = await devices(a);
    const r1 = await post(t, '/api/push/unsubscribe', { endpoint: sub.endpoint }, b.cookie);
    expect([r1.statusCode, r1.json().message]).toEqual([404, PUSH_MSG.noSubscription]);
    const r2 = await post(t, '/api/push/devices/remove', { id: mine!.id }, b.cookie);
    expect([r2.statusCode, r2.json().message]).toEqual([404, PUSH_MSG.noDevice]);
    expect((await subscriptionRow(sub.endpoint))?.userNo).toBe(a.no);
    expect(await devices(b)).toEqual([]);

    // B signs in on the same browser and turns notifications on: the browser is B's now.
    await subscribe(b, sub);
    expect((await subscriptionRow(sub.endpoint))?.userNo).toBe(b.no);
    expect(await devices(a)).toEqual([]);
    expect((await post(t, '/api/push/devices/remove', { id: mine!.id }, b.cookie)).json()).toEqual({ ok: true });
    expect(await devices(b)).toEqual([]);
  });

  it(`keeps at most ${MAX_DEVICES} browsers per member: the oldest goes`, async () => {
    const m = await member(t);
    const subs = Array.from({ length: MAX_DEVICES + 1 }, () => service.subscription());
    for (const s of subs) expect((await subscribe(m, s)).statusCode).toBe(200);
    expect(await devices(m)).toHaveLength(MAX_DEVICES);
    expect(await subscriptionRow(subs[0]!.endpoint)).toBeUndefined();
    expect(await subscriptionRow(subs[MAX_DEVICES]!.endpoint)).toBeDefined();
  });

  it('bad input is refused with a Korean message and stores nothing', async () => {
    const m = await member(t);
    const sub = service.subscription();
    const says = async (body: unknown, status: number, text: string) => {
      const res = await post(t, '/api/push/subscribe', body, m.cookie);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([status, text]);
    };
    await says({ endpoint: sub.endpoint }, 400, '브라우저 키는 필수 입력 항목입니다.');
    await says({ endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh } }, 400, '브라우저의 인증 키는 필수 입력 항목입니다.');
    await says({ endpoint: sub.endpoint, keys: { ...sub.keys, p256dh: 'short' } }, 400, '브라우저의 암호화 키가 올바르지 않습니다.');
    // The right length, but not a point of the curve: no push could be encrypted to it.
    await says({ endpoint: sub.endpoint, keys: { ...sub.keys, p256dh: 'B' + 'A'.repeat(86) } }, 400, PUSH_MSG.badKey);
    await says({ endpoint: sub.endpoint, keys: sub.keys, extra: 1 }, 400, '요청 형식이 올바르지 않습니다.');
    await says({ endpoint: 'not a url', keys: sub.keys }, 400, '푸시 주소가 올바르지 않습니다.');
    await says({ endpoint: 12, keys: sub.keys }, 400, '푸시 주소는 글자로 보내 주세요.');
    const remove = await post(t, '/api/push/devices/remove', { id: '1' }, m.cookie);
    expect(remove.statusCode).toBe(400);
    expect(await devices(m)).toEqual([]);
  });
});

describe('endpoints that point inside', () => {
  const literal = [
    'https://127.0.0.1/push/1',
    'https://127.1/push/1',
    'https://2130706433/push/1',
    'https://0x7f000001/push/1',
    'https://10.0.0.8/push/1',
    'https://172.16.5.4/push/1',
    'https://192.168.0.1/push/1',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/push/1',
    'https://224.0.0.1/push/1',
    'https://0.0.0.0/push/1',
    'https://[::1]/push/1',
    'https://[::]/push/1',
    'https://[fe80::1]/push/1',
    'https://[fd12:3456::1]/push/1',
    'https://[ff02::1]/push/1',
    'https://[::ffff:192.168.0.1]/push/1',
    'https://localhost/push/1',
    'https://intranet/push/1',
  ];
  it('refuses private, loopback, link-local, unique-local, CGNAT, multicast and unspecified addresses by literal', async () => {
    const m = await member(t);
    const sub = service.subscription();
    for (const endpoint of literal) {
      const res = await subscribe(m, { endpoint, keys: sub.keys });
      expect([res.statusCode, res.json().message], endpoint).toEqual([400, ENDPOINT_MSG.private]);
    }
    expect(await devices(m)).toEqual([]);
  });

  it('refuses http, credentials in the URL, and loopback over http other than 127.0.0.1 even in tests', async () => {
    const m = await member(t);
    const sub = service.subscription();
    const says = async (endpoint: string, text: string) => {
      const res = await subscribe(m, { endpoint, keys: sub.keys });
      expect([res.statusCode, res.json().message], endpoint).toEqual([400, text]);
    };
    await says('http://fcm.googleapis.com/fcm/send/abc', ENDPOINT_MSG.https);
    await says('http://10.0.0.1:8080/push/1', ENDPOINT_MSG.https);
    await says('http://localhost:8080/push/1', ENDPOINT_MSG.https);
    await says('https://user:pw@fcm.googleapis.com/fcm/send/abc', ENDPOINT_MSG.malformed);
  });

  it('refuses a name that resolves to a private address, any of its addresses', async () => {
    const m = await member(t);
    const sub = service.subscription();
    dnsAnswers((name) => (name === 'push.inside.example' ? ['10.1.2.3'] : name === 'mixed.example' ? ['93.184.215.14', 'fd00::5'] : ['93.184.215.14']));
    for (const endpoint of ['https://push.inside.example/x', 'https://mixed.example/x']) {
      const res = await subscribe(m, { endpoint, keys: sub.keys });
      expect([res.statusCode, res.json().message], endpoint).toEqual([400, ENDPOINT_MSG.private]);
    }
    expect((await subscribe(m, { endpoint: 'https://push.public.example/x', keys: sub.keys })).statusCode).toBe(200);
  });

  it('a name that pointed outside when stored and inside at send time is not connected to (DNS rebinding)', async () => {
    const m = await member(t);
    const sub = service.subscription();
    const port = new URL(service.origin).port;
    const endpoint = `https://rebind.example:${port}/push/${sub.id}`;
    let answer = '93.184.215.14';
    dnsAnswers(() => [answer]);
    expect((await subscribe(m, { endpoint, keys: sub.keys })).statusCode).toBe(200);
    const row = (await subscriptionRow(endpoint))!;
    answer = '127.0.0.1';
    const connections = service.connections();
    await t.database.db.transaction((tx) => queuePushes(tx, m.no, message(1)));
    await waitUntil('the job is done', async () => (await jobsOf(row.id)).every((j) => j.doneAt));
    const [job] = await jobsOf(row.id);
    // Given up at once (not a network failure to retry), nothing reached the local service.
    expect(job).toMatchObject({ attempts: 1, lastError: null });
    expect(service.connections()).toBe(connections);
    expect(service.hits(sub.id)).toBe(0);
  });

  it('tells public addresses from the rest', () => {
    for (const a of ['8.8.8.8', '93.184.215.14', '2001:4860:4860::8888', '::ffff:8.8.8.8']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of ['127.0.0.1', '10.0.0.1', '100.100.1.1', '192.0.2.1', '255.255.255.255', '::ffff:127.0.0.1', '64:ff9b::a00:1', '2002:a00:1::', 'nonsense'])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses IPv6 addresses outside global unicast (2000::/3): IPv4-compatible ::a.b.c.d and the unassigned rest', () => {
    for (const a of ['::7f00:1', '::a00:1', '::ffff:0:0:7f00:1', '400::1', 'e000::1']) expect(isPublicAddress(a), a).toBe(false);
  });
});

describe('sending', () => {
  async function subscribed(m?: M) {
    const who = m ?? (await member(t));
    const sub = service.subscription();
    expect((await subscribe(who, sub)).statusCode).toBe(200);
    return { m: who, sub, row: (await subscriptionRow(sub.endpoint))! };
  }

  it('the test call pushes to each device; the push service verifies the VAPID JWT and decrypts the message', async () => {
    const { m, sub, row } = await subscribed();
    const second = service.subscription();
    await subscribe(m, second);
    const before = service.received.length;
    expect((await post(t, '/api/push/test', {}, m.cookie)).json()).toEqual({ queued: 2 });
    await service.waitFor(before + 2);
    const got = service.received.slice(before).sort((a, b) => a.id.localeCompare(b.id));
    expect(got.map((r) => r.id).sort()).toEqual([sub.id, second.id].sort());
    for (const r of got) {
      expect(JSON.parse(r.body)).toEqual(TEST_MESSAGE);
      expect(r.claims.aud).toBe(service.origin);
      expect(r.claims.sub).toMatch(/^(mailto:|https:)/);
      expect(r.headers).toMatchObject({ ttl: '86400', urgency: 'normal', 'content-encoding': 'aes128gcm' });
      expect(r.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      // Keyed: the push service cannot tell the tag (a board and post) by hashing guesses.
      expect(r.headers.topic).not.toBe(createHash('sha256').update(TEST_MESSAGE.tag).digest('base64url').slice(0, 32));
    }
    expect(got[0]!.headers.topic).toBe(got[1]!.headers.topic);
    expect(service.refused).toEqual([]);
    await waitUntil('last sent is noted', async () => Boolean((await subscriptionRow(sub.endpoint))?.lastSentAt));
    expect((await jobsOf(row.id)).every((j) => j.doneAt && j.attempts === 1)).toBe(true);
  });

  it('queuePushes adds one job per device; the same key again adds nothing; each message arrives once', async () => {
    const { m, sub } = await subscribed();
    const before = service.received.length;
    const first = await t.database.db.transaction((tx) => queuePushes(tx, m.no, message(7), undefined, 'notify:7'));
    const again = await t.database.db.transaction((tx) => queuePushes(tx, m.no, message(7), undefined, 'notify:7'));
    expect([first, again]).toEqual([1, 0]);
    await service.waitFor(before + 1);
    await sleep(200);
    const mine = service.received.slice(before).filter((r) => r.id === sub.id);
    expect(mine.map((r) => JSON.parse(r.body))).toEqual([message(7)]);
    // A member without devices: nothing to add.
    const lonely = await member(t);
    expect(await t.database.db.transaction((tx) => queuePushes(tx, lonely.no, message(8)))).toBe(0);
  });

  it('a push waits until runAt', async () => {
    const { m, sub, row } = await subscribed();
    await t.database.db.transaction((tx) => queuePushes(tx, m.no, message(9), new Date(Date.now() + 3600_000)));
    await sleep(300);
    expect(service.hits(sub.id)).toBe(0);
    expect((await jobsOf(row.id))[0]).toMatchObject({ doneAt: null, attempts: 0 });
  });

  for (const status of [404, 410]) {
    it(`${status} from the push service removes the subscription; the job is done`, async () => {
      const { m, sub, row } = await subscribed();
      service.answer(sub.id, status);
      await t.database.db.transaction((tx) => queuePushes(tx, m.no, message(status)));
      await waitUntil('the subscription is removed', async () => !(await subscriptionRow(sub.endpoint)));
      await waitUntil('the job is done', async () => Boolean((await jobsOf(row.id))[0]?.doneAt));
      expect(await devices(m)).toEqual([]);
    });
  }

  for (const status of [500, 429]) {
    it(`${status} is tried again later with back-off, then delivered once`, async () => {
      const { m, sub, row } = await subscribed();
      service.answer(sub.id, status);
      const before = service.received.length;
      await t.database.db.transaction((tx) => queuePushes(tx, m.no, message(status)));
      await waitUntil('the first attempt failed', async () => Boolean((await jobsOf(row.id))[0]?.lastError));
      const [failed] = await jobsOf(row.id);
      expect(failed).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
      expect(failed!.lastError).toContain(String(status));
      // The back-off's first wait is 30 s: the next attempt is due then, not now.
      expect(failed!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      expect(await subscriptionRow(sub.endpoint)).toBeDefined();
      await t.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, failed!.id));
      await service.waitFor(before + 1);
      await waitUntil('the job is done', async () => Boolean((await jobsOf(row.id))[0]?.doneAt));
      expect((await jobsOf(row.id))[0]!.attempts).toBe(2);
      expect(service.received.slice(before).filter((r) => r.id === sub.id)).toHaveLength(1);
    });
  }

  it('a push service that cannot be reached is tried again (not taken for the database being down)', async () => {
    const m = await member(t);
    const sub = service.subscription();
    // A port nothing listens on.
    const closed = await startPushService(loadVapid(t.app.ctx.config).publicKey);
    const dead = closed.subscription();
    await closed.close();
    await subscribe(m, { endpoint: dead.endpoint, keys: sub.keys });
    const row = (await subscriptionRow(dead.endpoint))!;
    await t.database.db.transaction((tx) => queuePushes(tx, m.no, message(1)));
    await waitUntil('the attempt failed', async () => Boolean((await jobsOf(row.id))[0]?.lastError));
    expect((await jobsOf(row.id))[0]).toMatchObject({ attempts: 1, doneAt: null });
    expect((await jobsOf(row.id))[0]!.lastError).toContain('ECONNREFUSED');
  });

  it("a push queued for a browser that has since moved to another member's sign-in is not sent", async () => {
    const { m, sub, row } = await subscribed();
    const other = await member(t);
    await t.database.db.transaction((tx) => queuePushes(tx, m.no, message(3), new Date(Date.now() + 500)));
    await subscribe(other, sub);
    await sleep(900);
    await waitUntil('the job is done', async () => Boolean((await jobsOf(row.id))[0]?.doneAt));
    expect(service.hits(sub.id)).toBe(0);
  });
});

describe('the push service checks what it is sent', () => {
  it('refuses a JWT signed by another key, and a body encrypted to other keys', async () => {
    const vapid = loadVapid(t.app.ctx.config);
    const policy = { allowHttpLoopback: true };
    const sub = service.subscription();
    const stranger = webpush.generateVAPIDKeys();
    const refusedBefore = service.refused.length;
    const sent = (over: Partial<typeof vapid>, keys = sub.keys) => sendPush({ endpoint: sub.endpoint, ...keys }, message(1), { ...vapid, ...over }, policy);
    // Signed by a key that is not the one announced: the signature does not verify.
    await expect(sent({ privateKey: stranger.privateKey })).rejects.toMatchObject({ status: 403 });
    // Another site's pair altogether.
    await expect(sent(stranger)).rejects.toMatchObject({ status: 403 });
    // Encrypted to another browser's keys: it does not decrypt.
    await expect(sent({}, service.subscription().keys)).rejects.toMatchObject({ status: 403 });
    expect(service.refused.slice(refusedBefore).map((r) => r.reason)).toEqual(['bad signature', 'k is not the site key', expect.stringMatching(/./)]);
    // And the right ones pass.
    expect(await sent({})).toBe(201);
  });
});

describe('limits and origins', () => {
  it('the test notification: 3 a minute per member; a POST from another site is refused', async () => {
    const limited = await testApp({ PUSH_ALLOW_HTTP_LOOPBACK: 'true' });
    try {
      const m = await member(limited);
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await post(limited, '/api/push/test', {}, m.cookie)).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const sub = service.subscription();
      const cross = await post(limited, '/api/push/subscribe', { endpoint: sub.endpoint, keys: sub.keys }, m.cookie, { origin: 'https://evil.example' });
      expect(cross.statusCode).toBe(403);
      expect(await limited.database.db.select().from(pushSubscriptions)).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

describe('VAPID keys and names', () => {
  it('are generated once into DATA_DIR (owner-only) and kept; the environment wins', () => {
    const config = testConfig();
    const a = loadVapid(config);
    expect(loadVapid(config)).toEqual(a);
    expect(statSync(`${config.dataDir}/vapid.json`).mode & 0o777).toBe(0o600);
    const keys = webpush.generateVAPIDKeys();
    const given = loadVapid(testConfig({ DATA_DIR: config.dataDir, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:admin@example.org' }));
    expect(given).toEqual({ ...keys, subject: 'mailto:admin@example.org' });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_SUBJECT: 'admin@example.org' })).toThrow(ConfigError);
  });

  it('names a device by its user agent', () => {
    expect(deviceName(ANDROID)).toBe('Android · 삼성 인터넷');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Windows · Edge');
    expect(deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Mac · Firefox');
    expect(deviceName(undefined)).toBe('알 수 없는 기기');
  });
});
