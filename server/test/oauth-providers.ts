// Real sign-in servers in the test process, standing for the outside services: Kakao as an
// OpenID Connect provider (the `oidc-provider` package: discovery, PKCE required, ID tokens with
// the nonce, userinfo), and Naver as the plain OAuth 2.0 server its guide describes (authorize,
// token with the client secret in the body, the /v1/nid/me profile call). Each shows a small
// sign-in and consent page where a test (or the browser) types the account and agrees or cancels.
import { generateKeyPairSync, randomBytes, createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import Provider from 'oidc-provider';

export interface ProviderClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** What the account page submits: who signs in, and whether they agree. */
export interface AccountForm {
  sub: string;
  nickname?: string;
  email?: string;
  /** Kakao only: the address was verified. */
  verified?: boolean;
  decision?: 'allow' | 'deny';
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, action: string, hidden: Record<string, string>, kakao: boolean) => `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(title)}</title></head>
<body><h1>${esc(title)}</h1><form method="post" action="${esc(action)}">
${Object.entries(hidden)
  .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
  .join('\n')}
<p><label>계정 <input name="sub" required></label></p>
<p><label>닉네임 <input name="nickname"></label></p>
<p><label>이메일 <input name="email"></label></p>
${kakao ? '<p><label><input type="checkbox" name="verified" value="1"> 확인된 이메일</label></p>' : ''}
<p><button name="decision" value="allow">동의하고 계속하기</button> <button name="decision" value="deny">취소</button></p>
</form></body></html>`;

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

const listen = (server: ReturnType<typeof createServer>) =>
  new Promise<number>((ok) => server.listen(0, '127.0.0.1', () => ok((server.address() as AddressInfo).port)));

export interface TestKakao {
  issuer: string;
  close(): Promise<void>;
}

/** Kakao's stand-in: an OpenID Connect provider on 127.0.0.1. */
export async function startKakao(c: ProviderClient): Promise<TestKakao> {
  const accounts = new Map<string, { nickname?: string; email?: string; verified: boolean }>();
  const server = createServer();
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: [c.redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', kid: 'kakao-test' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    // Kakao's scope names: the address comes with account_email, the nickname with profile_nickname.
    scopes: ['openid', 'account_email', 'profile_nickname'],
    claims: { openid: ['sub'], account_email: ['email', 'email_verified'], profile_nickname: ['nickname'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const a = accounts.get(id);
      if (!a) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, ...(a.nickname ? { nickname: a.nickname } : {}), ...(a.email ? { email: a.email, email_verified: a.verified } : {}) }),
      };
    },
  });
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const m = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!m) return handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return res.end(page('카카오 로그인', `/interaction/${details.uid}`, {}, true));
      }
      const f = await formOf(req);
      if (f.get('decision') !== 'allow') {
        return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'User denied access' }, { mergeWithLastSubmission: false });
      }
      const sub = f.get('sub') ?? '';
      accounts.set(sub, { nickname: f.get('nickname') || undefined, email: f.get('email') || undefined, verified: f.get('verified') === '1' });
      const grant = new provider.Grant({ accountId: sub, clientId: c.clientId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })().catch((e: unknown) => {
      res.statusCode = 500;
      res.end(String(e));
    });
  });
  return { issuer, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export interface TestNaver {
  authorizeUrl: string;
  tokenUrl: string;
  profileUrl: string;
  close(): Promise<void>;
}

/** Naver's stand-in: its documented authorize, token and profile calls (PKCE checked when sent). */
export async function startNaver(c: ProviderClient): Promise<TestNaver> {
  const codes = new Map<string, { account: { id: string; nickname?: string; email?: string }; challenge: string | null; used: boolean }>();
  const tokens = new Map<string, { id: string; nickname?: string; email?: string }>();
  const app = Fastify({ logger: false });
  await app.register(formbody);
  const redirect = (reply: { redirect(url: string, code?: number): unknown }, to: string, params: Record<string, string>) =>
    reply.redirect(`${to}?${new URLSearchParams(params)}`, 302);

  app.get('/oauth2.0/authorize', async (req, reply) => {
    const q = req.query as Record<string, string>;
    if (q.client_id !== c.clientId || q.redirect_uri !== c.redirectUri || q.response_type !== 'code') return reply.code(400).send('invalid request');
    const hidden = { state: q.state ?? '', code_challenge: q.code_challenge ?? '', code_challenge_method: q.code_challenge_method ?? '' };
    return reply.type('text/html; charset=utf-8').send(page('네이버 로그인', '/oauth2.0/authorize', hidden, false));
  });
  app.post('/oauth2.0/authorize', async (req, reply) => {
    const f = req.body as Record<string, string>;
    if (f.decision !== 'allow') return redirect(reply, c.redirectUri, { state: f.state ?? '', error: 'access_denied', error_description: 'Canceled By User' });
    const code = randomBytes(16).toString('hex');
    const challenge = f.code_challenge_method === 'S256' && f.code_challenge ? f.code_challenge : null;
    codes.set(code, { account: { id: f.sub ?? '', nickname: f.nickname || undefined, email: f.email || undefined }, challenge, used: false });
    return redirect(reply, c.redirectUri, { code, state: f.state ?? '' });
  });
  // Naver answers token errors with 200 and an error body.
  app.post('/oauth2.0/token', async (req) => {
    const f = req.body as Record<string, string>;
    const entry = f.code ? codes.get(f.code) : undefined;
    if (f.grant_type !== 'authorization_code' || f.client_id !== c.clientId || f.client_secret !== c.clientSecret) {
      return { error: 'invalid_request', error_description: 'wrong client' };
    }
    if (!entry || entry.used) return { error: 'invalid_request', error_description: 'invalid code' };
    entry.used = true;
    if (entry.challenge) {
      const sent = createHash('sha256').update(f.code_verifier ?? '').digest('base64url');
      if (sent !== entry.challenge) return { error: 'invalid_grant', error_description: 'code_verifier' };
    }
    const access = randomBytes(16).toString('hex');
    tokens.set(access, entry.account);
    return { access_token: access, refresh_token: randomBytes(16).toString('hex'), token_type: 'bearer', expires_in: '3600' };
  });
  app.get('/v1/nid/me', async (req, reply) => {
    const account = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));
    if (!account) return reply.code(401).send({ resultcode: '024', message: 'Authentication failed' });
    return { resultcode: '00', message: 'success', response: account };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    authorizeUrl: `${base}/oauth2.0/authorize`,
    tokenUrl: `${base}/oauth2.0/token`,
    profileUrl: `${base}/v1/nid/me`,
    close: () => app.close(),
  };
}

export type ProviderName = 'kakao' | 'naver';

export interface TestProviders {
  /** What each provider knows of the site: its client id, secret and callback address. */
  clients: Record<ProviderName, ProviderClient>;
  /** The site's settings that point it at these providers (PUBLIC_ORIGIN, KAKAO_*, NAVER_*). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Both stand-ins for a site at `origin`, each with a client named `${provider}-${tag}`, and the
 * settings that send the site's sign-in to them.
 */
export async function startProviders(origin: string, tag = 'test'): Promise<TestProviders> {
  const client = (p: ProviderName): ProviderClient => ({ clientId: `${p}-${tag}`, clientSecret: `${p}-${tag}-secret`, redirectUri: `${origin}/auth/callback/${p}` });
  const clients = { kakao: client('kakao'), naver: client('naver') };
  const kakao = await startKakao(clients.kakao);
  const naver = await startNaver(clients.naver).catch(async (e: unknown) => {
    await kakao.close();
    throw e;
  });
  return {
    clients,
    env: {
      PUBLIC_ORIGIN: origin,
      KAKAO_CLIENT_ID: clients.kakao.clientId,
      KAKAO_CLIENT_SECRET: clients.kakao.clientSecret,
      KAKAO_ISSUER: kakao.issuer,
      NAVER_CLIENT_ID: clients.naver.clientId,
      NAVER_CLIENT_SECRET: clients.naver.clientSecret,
      NAVER_AUTHORIZE_URL: naver.authorizeUrl,
      NAVER_TOKEN_URL: naver.tokenUrl,
      NAVER_PROFILE_URL: naver.profileUrl,
    },
    close: async () => {
      await Promise.all([kakao.close(), naver.close()]);
    },
  };
}

/**
 * Goes through a provider's pages as a browser would (following redirects, keeping cookies) and
 * submits the account form; returns the address the provider sends the browser back to.
 */
export async function authorizeAt(url: string, form: AccountForm, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  };
  let next: { url: string; method: 'GET' | 'POST'; body?: string } = { url, method: 'GET' };
  for (let hops = 0; hops < 12; hops++) {
    if (next.url.startsWith(redirectUri)) return new URL(next.url);
    const res = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: { cookie: cookie(), ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: next.body,
    });
    keep(res);
    const location = res.headers.get('location');
    if (location) {
      next = { url: new URL(location, next.url).href, method: 'GET' };
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!res.ok || !action) throw new Error(`provider page ${res.status}: ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.set(m[1]!, m[2]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))));
    fields.set('sub', form.sub);
    if (form.nickname) fields.set('nickname', form.nickname);
    if (form.email) fields.set('email', form.email);
    if (form.verified) fields.set('verified', '1');
    fields.set('decision', form.decision ?? 'allow');
    next = { url: new URL(action.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))), next.url).href, method: 'POST', body: fields.toString() };
  }
  throw new Error('too many redirects at the provider');
}
