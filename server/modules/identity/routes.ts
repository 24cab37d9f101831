// Real-name verification calls: start, the sandbox's simulated provider, and the return
// address every provider sends the member's browser back to (GET or a cross-site POST).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Empty } from '../../../common/api/common.js';
import {
  IDENTITY_PAGES,
  IdentityStartResult,
  SandboxCompleteForm,
  SandboxCompleteResult,
} from '../../../common/api/identity.js';
import type { App } from '../../lib/context.js';
import { HttpError, notFound, tooManyRequests } from '../../lib/errors.js';
import { requireMember } from '../../lib/session.js';
import { IDENTITY_MSG } from './provider.js';
import { completeSandbox, finishVerification, isSandbox, PROVIDER_ERROR, startVerification, unavailable } from './service.js';

/** Sealed provider state between start and return (NICE's per-request key); 10 minutes. */
export const STATE_COOKIE = 'chalkak_idv';
const STATE_PATH = '/api/identity/return';

const ReturnFields = z.record(z.string(), z.unknown()).nullish();
const strings = (...sources: unknown[]) => {
  const out: Record<string, string> = {};
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const [k, v] of Object.entries(source)) if (typeof v === 'string' && v.length <= 20_000) out[k] = v;
  }
  return out;
};

export default async function identityRoutes(app: App) {
  const { db, config, sealer, identity } = app.ctx;
  const limit = (max: number, timeWindow: number) =>
    config.rateLimit ? { max, timeWindow, errorResponseBuilder: () => tooManyRequests() } : false;
  const secure = (req: { protocol: string }) => req.protocol === 'https';
  // The provider may come back by a cross-site POST, which carries only SameSite=None cookies.
  const stateCookieOptions = (req: { protocol: string }) =>
    ({ path: STATE_PATH, httpOnly: true, secure: secure(req), sameSite: secure(req) ? 'none' : 'lax' }) as const;

  app.post(
    '/api/identity/start',
    { schema: { body: Empty, response: { 200: IdentityStartResult } }, config: { rateLimit: limit(10, 60_000) } },
    async (req, reply) => {
      const member = await requireMember(req);
      if (!identity) throw unavailable();
      let started;
      try {
        started = await startVerification(db, identity, member);
      } catch (e) {
        if (e instanceof HttpError && e.code === PROVIDER_ERROR) req.log.error({ err: e.cause }, 'identity provider start failed');
        throw e;
      }
      const { requestId, start } = started;
      if (start.state) {
        reply.setCookie(STATE_COOKIE, sealer.seal(JSON.stringify({ p: identity.name, s: start.state })), {
          ...stateCookieOptions(req),
          maxAge: 600,
        });
      }
      return {
        provider: identity.name,
        requestId,
        ...(start.action.kind === 'form' ? { form: start.action.form } : {}),
      };
    },
  );

  app.post(
    '/api/identity/sandbox/complete',
    {
      schema: { body: SandboxCompleteForm, response: { 200: SandboxCompleteResult } },
      config: { rateLimit: limit(20, 60_000) },
    },
    async (req) => {
      if (!isSandbox(identity)) throw notFound();
      const member = await requireMember(req);
      return { returnUrl: await completeSandbox(db, identity, member, req.body) };
    },
  );

  const Provider = z.object({ provider: z.string().max(20) });

  async function handleReturn(
    req: FastifyRequest<{ Params: { provider: string } }>,
    reply: FastifyReply,
  ) {
    const fail = (message: string) =>
      reply.redirect(`${IDENTITY_PAGES.fail}?${new URLSearchParams({ message }).toString()}`, 302);
    if (!identity || identity.name !== req.params.provider) return fail(IDENTITY_MSG.unavailable);

    const cookie = req.cookies[STATE_COOKIE];
    const state = readState(cookie, identity.name);
    if (cookie) reply.clearCookie(STATE_COOKIE, stateCookieOptions(req));

    const result = await identity.verifyReturn(strings(req.query, req.body), state);
    if (!result.ok && !result.requestId) req.log.warn({ provider: identity.name }, 'identity result refused');
    const outcome = await finishVerification(db, identity.name, result);
    return outcome.ok ? reply.redirect(IDENTITY_PAGES.success, 302) : fail(outcome.message);
  }

  // The provider sends the browser back by GET (a redirect) or by a cross-site form POST.
  app.get(
    '/api/identity/return/:provider',
    { config: { rateLimit: limit(30, 60_000) }, schema: { params: Provider, querystring: ReturnFields } },
    handleReturn,
  );
  app.post(
    '/api/identity/return/:provider',
    { config: { rateLimit: limit(30, 60_000) }, schema: { params: Provider, querystring: ReturnFields, body: ReturnFields } },
    handleReturn,
  );

  function readState(cookie: string | undefined, provider: string): string | undefined {
    if (!cookie || cookie.length > 4000) return undefined;
    try {
      const { p, s } = JSON.parse(sealer.open(cookie)) as { p?: unknown; s?: unknown };
      return p === provider && typeof s === 'string' ? s : undefined;
    } catch {
      return undefined;
    }
  }
}
