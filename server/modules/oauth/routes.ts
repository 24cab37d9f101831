// Sign-in with Kakao and Naver (docs/api.md#kakao-and-naver): start, the provider's return, the
// completion step, linking by password, and the member's links.
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import { Empty } from '../../../common/api/common.js';
import { MessageResult } from '../../../common/api/account.js';
import {
  AuthLinks,
  OAuthComplete,
  OAuthLinkLogin,
  OAuthPending,
  OAuthProvider,
  OAuthStart,
  OAuthStartResult,
  PROVIDER_NAME,
  RecheckWays,
  SignedIn,
  UnlinkForm,
} from '../../../common/api/oauth.js';
import { accountLimiter } from '../../lib/account-limit.js';
import type { App } from '../../lib/context.js';
import { badRequest, HttpError, notFound, tooManyRequests } from '../../lib/errors.js';
import { clientFor, rememberDevice } from '../../lib/known-device.js';
import { markReauthenticated, requireMember, startSession } from '../../lib/session.js';
import { authenticate } from '../auth/service.js';
import { twoStepOn } from '../two-step/service.js';
import { assertRecentReauth } from '../users/account-service.js';
import { clearFlow, clearPending, readFlow, readPending, spendFlow, writeFlow, writePending } from './flow.js';
import { Providers } from './providers.js';
import { addLink, admitLinked, createFromProvider, linkedMember, listLinks, OAUTH_MSG, offeredEmail, recheckWays, unlink } from './service.js';

const EXPIRED = '간편 로그인 요청이 만료되었거나 이 브라우저에서 시작되지 않았습니다. 처음부터 다시 시도해 주세요.';
const PENDING_EXPIRED = '간편 로그인 후 시간이 많이 지났습니다. 처음부터 다시 시도해 주세요.';
const FAILURE = {
  off: '이 간편 로그인은 지금 쓸 수 없습니다.',
  denied: (p: string) => `${p} 로그인을 취소했거나 정보 제공에 동의하지 않아 로그인하지 않았습니다.`,
  provider: (p: string) => `${p}에서 로그인을 마치지 못했습니다. 잠시 후 다시 시도해 주세요.`,
  replayed: '이미 처리된 간편 로그인 요청입니다. 처음부터 다시 시도해 주세요.',
  state: '간편 로그인 요청이 이 브라우저의 요청과 맞지 않아 로그인하지 않았습니다(state). 처음부터 다시 시도해 주세요.',
  nonce: (p: string) => `${p}의 로그인 확인 정보가 이 요청의 것이 아니어서 로그인하지 않았습니다(nonce). 처음부터 다시 시도해 주세요.`,
  token: (p: string) => `${p}에서 로그인을 확인하지 못했습니다. 처음부터 다시 시도해 주세요.`,
  session: '연결을 요청한 로그인이 끝났습니다. 다시 로그인한 뒤 내 정보에서 연결해 주세요.',
  recheckSession: '확인을 요청한 로그인이 끝났습니다. 다시 로그인한 뒤 내 정보를 열어 주세요.',
} as const;

/** A re-check's sign-in at the provider must be this recent (seconds; the flow's cookie lasts as long). */
const RECHECK_MAX_AGE_S = 600;

/** The page a re-check comes back to, marked so the web app opens my-info without asking again. */
function recheckDone(back: string | null | undefined) {
  const url = new URL(back ?? '/', 'http://site.invalid');
  url.searchParams.set('recheck', 'done');
  return url.pathname + url.search + url.hash;
}

/** Where the web app goes after the provider's return. */
const COMPLETE_PATH = '/user/oauth/complete';
const SECOND_STEP_PATH = '/user/two-step';
const page = (kind: 'error' | 'info', message: string) => `/${kind}/${encodeURIComponent(message)}`;

const CallbackQuery = z.object({ state: z.string().max(500).optional(), code: z.string().max(2000).optional(), error: z.string().max(200).optional() });

export default async function oauthRoutes(app: App) {
  const { db, config, sealer } = app.ctx;
  const providers = new Providers(config.oauth);
  const limit = (max: number, timeWindow: number) => (config.rateLimit ? { max, timeWindow, errorResponseBuilder: () => tooManyRequests() } : false);
  // The password step of "link to my account" counts with the login form's limits (decision 16).
  const accountLimit = accountLimiter(app, 'login-account', {
    perClient: { max: 5, timeWindow: 60_000 },
    unknownClients: { max: 20, timeWindow: 600_000 },
  });
  const enabled = (p: OAuthProvider) => {
    if (!providers.enabled().includes(p)) throw badRequest(FAILURE.off, 'provider_off');
  };

  app.post(
    '/api/auth/oauth/start',
    { schema: { body: OAuthStart, response: { 200: OAuthStartResult } }, config: { rateLimit: limit(30, 60_000) } },
    async (req, reply) => {
      const { provider, purpose = 'login', remember = false, back } = req.body;
      enabled(provider);
      let member = null;
      if (purpose === 'link') {
        // Linking is an account change: it follows the my-info password prompt.
        member = await requireMember(req);
        assertRecentReauth(member);
      } else if (purpose === 'recheck') {
        // The my-info prompt through the provider: only through one this member has linked.
        member = await requireMember(req);
        if (!(await recheckWays(db, member.no, [provider])).providers.includes(provider)) throw badRequest(OAUTH_MSG.notLinked(provider), 'not_linked');
      }
      const cfg = await providers.configuration(provider);
      const state = client.randomState();
      const verifier = client.randomPKCECodeVerifier();
      const nonce = provider === 'kakao' ? client.randomNonce() : null;
      const scope = providers.scope(provider);
      const url = client.buildAuthorizationUrl(cfg, {
        redirect_uri: providers.redirectUri(provider),
        response_type: 'code',
        state,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...(scope ? { scope } : {}),
        ...(nonce ? { nonce } : {}),
        // A re-check is a fresh sign-in at the provider, not its remembered one: Kakao's
        // prompt=login (OpenID Connect), Naver's auth_type=reauthenticate.
        ...(purpose === 'recheck' ? (provider === 'kakao' ? { prompt: 'login' } : { auth_type: 'reauthenticate' }) : {}),
      });
      writeFlow(reply, req, sealer, {
        provider,
        state,
        verifier,
        nonce,
        purpose,
        userNo: member?.no ?? null,
        sessionHash: member?.sessionHash ?? null,
        remember,
        back: purpose === 'recheck' ? (back ?? '/') : null,
      });
      return { url: url.href };
    },
  );

  app.get('/auth/callback/:provider', { config: { rateLimit: limit(30, 60_000) } }, async (req, reply) => {
    const provider = OAuthProvider.safeParse((req.params as { provider: string }).provider);
    if (!provider.success) throw notFound();
    const p = provider.data;
    const name = PROVIDER_NAME[p];
    const flow = readFlow(req, sealer);
    // One use: whatever happens next, this browser's flow is over.
    clearFlow(reply, req);
    const fail = (message: string, detail?: unknown) => {
      if (detail !== undefined) req.log.info({ provider: p, err: detail }, 'provider sign-in refused');
      return reply.redirect(page('error', message), 303);
    };
    if (!providers.enabled().includes(p)) return fail(FAILURE.off);
    const query = CallbackQuery.safeParse(req.query);
    if (!query.success) return fail(FAILURE.token(name));
    const q = query.data;
    if (!flow || flow.provider !== p) return fail(EXPIRED);
    if (q.error) return fail(q.error === 'access_denied' ? FAILURE.denied(name) : FAILURE.provider(name), q.error);
    if (!q.state || q.state !== flow.state) return fail(FAILURE.state);
    if (!(await spendFlow(db, flow))) return fail(FAILURE.replayed);

    let account;
    try {
      const cfg = await providers.configuration(p);
      // The address the provider sent the browser to, rebuilt from PUBLIC_ORIGIN (never the Host header).
      const current = new URL(providers.redirectUri(p));
      current.search = new URL(req.url, 'http://callback').search;
      const tokens = await client.authorizationCodeGrant(cfg, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        ...(flow.nonce ? { expectedNonce: flow.nonce } : {}),
        // Kakao's ID token must show that sign-in happened within the flow's time (auth_time).
        ...(flow.purpose === 'recheck' && flow.nonce ? { maxAge: RECHECK_MAX_AGE_S } : {}),
      });
      account = await providers.account(p, tokens);
    } catch (e) {
      // openid-client names the claim that did not match in the cause of its error.
      const cause = e instanceof Error ? (e.cause as { cause?: { claim?: string } } | undefined) : undefined;
      const nonce = cause?.cause?.claim === 'nonce';
      return fail(nonce ? FAILURE.nonce(name) : FAILURE.token(name), e);
    }

    try {
      if (flow.purpose === 'link') {
        const member = await req.member();
        if (!member || member.no !== flow.userNo || member.sessionHash !== flow.sessionHash) return fail(FAILURE.session);
        await addLink(db, member.no, p, account.subject);
        req.log.info({ userNo: member.no, provider: p }, 'provider account linked');
        return reply.redirect(page('info', OAUTH_MSG.linked(p)), 303);
      }
      if (flow.purpose === 'recheck') {
        // A fresh round trip to the provider counts as the password prompt, for this session
        // only and for the prompt's 15 minutes, when the provider account is this member's.
        const member = await req.member();
        if (!member || member.no !== flow.userNo || member.sessionHash !== flow.sessionHash) return fail(FAILURE.recheckSession);
        const owner = await linkedMember(db, p, account.subject);
        if (owner?.no !== member.no) return fail(OAUTH_MSG.notYours(p), 'provider account of another member');
        await markReauthenticated(db, member.sessionHash);
        req.log.info({ userNo: member.no, provider: p }, 'my-info re-check through a provider');
        return reply.redirect(recheckDone(flow.back), 303);
      }
      const linked = await linkedMember(db, p, account.subject);
      if (linked) {
        await admitLinked(db, p, account.subject, linked);
        await signIn(req, reply, linked.no, flow.remember);
        // With two-step sign-in on, the session waits for the code as after a password (decision 42).
        return reply.redirect((await twoStepOn(db, linked.no)) ? SECOND_STEP_PATH : '/', 303);
      }
      // Linked to nobody: the completion step (a new member, or the password of an existing one).
      writePending(reply, req, sealer, { provider: p, subject: account.subject, email: account.email, nickName: account.nickName, remember: flow.remember });
      return reply.redirect(COMPLETE_PATH, 303);
    } catch (e) {
      if (e instanceof HttpError && e.status < 500) return fail(e.message);
      throw e;
    }
  });

  async function signIn(req: FastifyRequest, reply: FastifyReply, userNo: number, remember: boolean) {
    await startSession(db, req, reply, userNo, remember);
  }

  const pendingOf = (req: FastifyRequest) => {
    const pending = readPending(req, sealer);
    if (!pending || !providers.enabled().includes(pending.provider)) throw badRequest(PENDING_EXPIRED, 'pending_expired');
    return pending;
  };

  app.post('/api/auth/oauth/pending', { schema: { body: Empty, response: { 200: OAuthPending } } }, async (req) => {
    const pending = pendingOf(req);
    return { provider: pending.provider, email: await offeredEmail(db, pending.email), nickName: pending.nickName ?? '' };
  });

  app.post(
    '/api/auth/oauth/complete',
    { schema: { body: OAuthComplete, response: { 200: SignedIn } }, config: { rateLimit: limit(10, 3_600_000) } },
    async (req, reply) => {
      const pending = pendingOf(req);
      const { no, userId } = await createFromProvider(db, sealer, pending, req.body.nickName);
      req.log.info({ userNo: no, provider: pending.provider }, 'member joined through a provider');
      clearPending(reply, req);
      await signIn(req, reply, no, pending.remember);
      return { userId, message: `${req.body.nickName}님, 찰칵 회원이 되신 것을 환영합니다.` };
    },
  );

  app.post(
    '/api/auth/oauth/link-login',
    { schema: { body: OAuthLinkLogin, response: { 200: SignedIn } }, config: { rateLimit: limit(10, 60_000) } },
    async (req, reply) => {
      const pending = pendingOf(req);
      const userId = req.body.userId.trim().toLowerCase();
      const device = clientFor(req, sealer, userId);
      const verdict = await accountLimit(req, userId, device);
      if (verdict !== 'ok') throw tooManyRequests();
      // The password check is the login's own (suspension, points, old hashes).
      const userNo = await authenticate(db, userId, req.body.password, { elsewhere: !device.known });
      rememberDevice(req, reply, sealer, userId);
      await addLink(db, userNo, pending.provider, pending.subject);
      req.log.info({ userNo, provider: pending.provider }, 'provider account linked at sign-in');
      clearPending(reply, req);
      await signIn(req, reply, userNo, pending.remember);
      return { userId, message: OAUTH_MSG.linked(pending.provider), ...((await twoStepOn(db, userNo)) ? { secondStep: 'totp' as const } : {}) };
    },
  );

  app.post('/api/user/recheck/ways', { schema: { body: Empty, response: { 200: RecheckWays } } }, async (req) => {
    const member = await requireMember(req);
    return recheckWays(db, member.no, providers.enabled());
  });

  app.post('/api/auth/links', { schema: { body: Empty, response: { 200: AuthLinks } } }, async (req) => {
    const member = await requireMember(req);
    return listLinks(db, member.no, providers.enabled());
  });

  app.post(
    '/api/auth/unlink',
    { schema: { body: UnlinkForm, response: { 200: MessageResult } }, config: { rateLimit: limit(20, 60_000) } },
    async (req) => {
      const member = await requireMember(req);
      assertRecentReauth(member);
      await unlink(db, member.no, req.body.provider);
      req.log.info({ userNo: member.no, provider: req.body.provider }, 'provider account unlinked');
      return { message: OAUTH_MSG.unlinked(req.body.provider) };
    },
  );
}

/** Which providers the web app shows buttons for (the site answer). */
export const enabledProviders = (config: App['ctx']['config']) => new Providers(config.oauth).enabled();
