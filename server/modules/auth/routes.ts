// SPEC §7 session calls: /api/session/info, /api/login/do, /api/logout.
import { Empty, Ok } from '../../../common/api/common.js';
import { LoginForm, LOGGED_OUT, SessionUser } from '../../../common/api/session.js';
import type { App } from '../../lib/context.js';
import { tooManyRequests } from '../../lib/errors.js';
import { clearSessionCookie, createSession, endSession } from '../../lib/session.js';
import { authenticate } from './service.js';

const LOGIN_LIMITED = '로그인 시도가 너무 많습니다. 1분 후에 다시 시도해 주세요.';

export default async function authRoutes(app: App) {
  const { db, config } = app.ctx;
  const secure = (req: { protocol: string }) => req.protocol === 'https';

  // Per account, whoever is trying: slows guessing one member's password from many addresses.
  const accountLimit = app.createRateLimit({
    max: 5,
    timeWindow: 60_000,
    keyGenerator: (req) => 'login-account:' + String((req.body as { userId?: unknown })?.userId ?? '').toLowerCase(),
  });

  app.post(
    '/api/session/info',
    { schema: { body: Empty, response: { 200: SessionUser } } },
    async (req) => {
      const m = await req.member();
      if (!m) return LOGGED_OUT;
      return { logined: true, userId: m.userId, nickName: m.nickName, levelKey: m.levelKey, admin: m.admin, real: m.real };
    },
  );

  app.post(
    '/api/login/do',
    {
      schema: { body: LoginForm, response: { 200: Ok } },
      config: { rateLimit: config.rateLimit ? { max: 10, timeWindow: 60_000, errorResponseBuilder: () => tooManyRequests(LOGIN_LIMITED) } : false },
    },
    async (req, reply) => {
      if (config.rateLimit) {
        const limit = await accountLimit(req);
        if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests(LOGIN_LIMITED);
      }
      const userNo = await authenticate(db, req.body.userId, req.body.password);
      // A fresh session id at every login; the previous one (if any) ends.
      const previous = await req.member();
      if (previous) await endSession(db, previous.sessionHash);
      await createSession(db, reply, {
        userNo,
        persistent: req.body.remember === 'Y',
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        secure: secure(req),
      });
      return { ok: true as const };
    },
  );

  app.post('/api/logout', { schema: { body: Empty, response: { 200: Ok } } }, async (req, reply) => {
    const m = await req.member();
    if (m) await endSession(db, m.sessionHash);
    clearSessionCookie(reply, secure(req));
    return { ok: true as const };
  });
}
