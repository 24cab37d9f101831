// A push service for tests, speaking the real protocol over HTTP on 127.0.0.1: each browser
// subscription is a key pair and an auth secret made here; a push must carry a valid VAPID JWT
// (RFC 8292: ES256 signed by the site's public key, aud = the endpoint's origin, exp ahead, sub)
// and an aes128gcm body (RFC 8188/8291) that decrypts with the subscription's private key.
import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

export interface Received {
  /** Which subscription (its id in the endpoint's path). */
  id: string;
  /** The decrypted payload. */
  body: string;
  headers: IncomingMessage['headers'];
  claims: { aud: string; exp: number; sub: string };
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface Browser {
  ecdh: ECDH;
  auth: string;
}

export interface PushService {
  origin: string;
  /** A new browser subscription (what PushSubscription.toJSON() gives). */
  subscription(): TestSubscription;
  /** Pushes accepted (201), in order. */
  received: Received[];
  /** Pushes refused, with why (a bad JWT, a body that does not decrypt). */
  refused: { id: string; reason: string }[];
  /** Answer the next `times` pushes to this subscription with `status` (404, 410, 429, 500 …). */
  answer(id: string, status: number, times?: number): void;
  /** TCP connections the service has accepted. */
  connections(): number;
  /** Every request that reached the service, answered or not. */
  hits(id: string): number;
  /** Waits until `n` pushes were accepted. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');

/** Starts the service; `vapidPublicKey` is the site's key the JWTs must be signed with. */
export async function startPushService(vapidPublicKey: string): Promise<PushService> {
  const browsers = new Map<string, Browser>();
  const planned = new Map<string, { status: number; times: number }>();
  const hitCount = new Map<string, number>();
  const received: Received[] = [];
  const refused: { id: string; reason: string }[] = [];
  let origin = '';

  const raw = Buffer.from(vapidPublicKey, 'base64url');
  const siteKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });

  /** The claims of a valid `Authorization: vapid t=…, k=…` header; throws why not. */
  const checkVapid = (header: string | undefined) => {
    const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
    if (!m) throw new Error('no vapid authorization');
    if (m[2] !== vapidPublicKey) throw new Error('k is not the site key');
    const [h, p, s] = m[1]!.split('.');
    if (!h || !p || !s) throw new Error('malformed jwt');
    const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
    if (head.alg !== 'ES256') throw new Error('alg is not ES256');
    const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key: siteKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
    if (!ok) throw new Error('bad signature');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Received['claims'];
    const nowS = Date.now() / 1000;
    if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
    if (!(claims.exp > nowS && claims.exp <= nowS + 24 * 3600 + 60)) throw new Error('exp out of range');
    if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error('sub is not mailto: or https:');
    return claims;
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([a-f0-9]+)$/.exec(req.url ?? '')?.[1] ?? '';
      hitCount.set(id, (hitCount.get(id) ?? 0) + 1);
      const browser = browsers.get(id);
      if (req.method !== 'POST' || !browser) return void res.writeHead(404).end();
      const plan = planned.get(id);
      if (plan && plan.times > 0) {
        plan.times--;
        return void res.writeHead(plan.status).end();
      }
      try {
        const claims = checkVapid(req.headers.authorization);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!req.headers.ttl) throw new Error('no TTL');
        const body = decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }).toString('utf8');
        received.push({ id, body, headers: req.headers, claims });
        res.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
      } catch (err) {
        refused.push({ id, reason: (err as Error).message });
        res.writeHead(403).end();
      }
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscription() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = b64url(randomBytes(16));
      browsers.set(id, { ecdh, auth });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth } };
    },
    answer(id, status, times = 1) {
      planned.set(id, { status, times });
    },
    hits: (id) => hitCount.get(id) ?? 0,
    connections: () => connections,
    async waitFor(n, timeoutMs = 5000) {
      const started = Date.now();
      while (received.length < n) {
        if (Date.now() - started > timeoutMs) throw new Error(`${received.length} of ${n} pushes arrived; refused: ${JSON.stringify(refused)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
