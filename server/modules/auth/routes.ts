// Session calls (docs/api.md#session-and-menu): /api/session/info, /api/login/do, /api/logout.
import { Empty, Ok } from '../../../common/api/common.js';
import { LoginForm, LoginResult, LOGGED_OUT, SessionUser } from '../../../common/api/session.js';
import type { App } from '../../lib/context.js';
import { accountLimiter } from '../../lib/account-limit.js';
import { tooManyRequests } from '../../lib/errors.js';
import { clientFor, rememberDevice } from '../../lib/known-device.js';
import { clearSessionCookie, endSession, loadMember, startSession } from '../../lib/session.js';
import { ignoredIds } from '../ignores/service.js';
import { twoStepOn } from '../two-step/service.js';
import { authenticate } from './service.js';

const LOGIN_LIMITED = '로그인 시도가 너무 많습니다. 1분 후에 다시 시도해 주세요.';
const ACCOUNT_LIMITED =
  '이 계정에 여러 곳에서 로그인 시도가 많아 잠시 막았습니다. 전에 로그인한 적이 있는 브라우저에서는 로그인할 수 있습니다. 잠시 후 다시 시도해 주세요.';

export default async function authRoutes(app: App) {
  const { db, config, sealer } = app.ctx;
  const secure = (req: { protocol: string }) => req.protocol === 'https';

  // Per account and client (5 a minute), and per account for browsers it does not know (20 in 10
  // minutes): guessing stays slow, and nobody elsewhere can lock the owner out (decision 16).
  const accountLimit = accountLimiter(app, 'login-account', {
    perClient: { max: 5, timeWindow: 60_000 },
    unknownClients: { max: 20, timeWindow: 600_000 },
  });

  app.post(
    '/api/session/info',
    { schema: { body: Empty, response: { 200: SessionUser } } },
    async (req) => {
      const m = await req.member();
      if (!m) return (await loadMember(db, req, undefined, { pending: true })) ? { ...LOGGED_OUT, secondStep: 'pending' as const } : LOGGED_OUT;
      // An administrator without a second step keeps the admin flag: the web leads to the gate.
      const needed = m.adminAccount === true && !m.admin;
      // The app folds what these members wrote (decision 46): no call of its own, no list changed.
      const ignored = await ignoredIds(db, m.no);
      return {
        logined: true,
        userId: m.userId,
        nickName: m.nickName,
        levelKey: m.levelKey,
        admin: m.adminAccount ?? m.admin,
        real: m.real,
        ...(needed ? { secondStep: 'needed' as const } : {}),
        ...(ignored.length > 0 ? { ignored } : {}),
      };
    },
  );

  app.post(
    '/api/login/do',
    {
      schema: { body: LoginForm, response: { 200: LoginResult } },
      config: { rateLimit: config.rateLimit ? { max: 10, timeWindow: 60_000, errorResponseBuilder: () => tooManyRequests(LOGIN_LIMITED) } : false },
    },
    async (req, reply) => {
      const userId = req.body.userId.trim().toLowerCase();
      const client = clientFor(req, sealer, userId);
      const verdict = await accountLimit(req, userId, client);
      if (verdict !== 'ok') throw tooManyRequests(verdict === 'client' ? LOGIN_LIMITED : ACCOUNT_LIMITED);
      const userNo = await authenticate(db, userId, req.body.password, { elsewhere: !client.known });
      rememberDevice(req, reply, sealer, userId);
      // A fresh session id at every login; the previous one (if any) ends.
      await startSession(db, req, reply, userNo, req.body.remember === 'Y');
      // With two-step sign-in on, the new session waits for /api/auth/totp/verify (decision 42).
      return (await twoStepOn(db, userNo)) ? { ok: true as const, secondStep: 'totp' as const } : { ok: true as const };
    },
  );

  app.post('/api/logout', { schema: { body: Empty, response: { 200: Ok } } }, async (req, reply) => {
    // A sign-in still waiting for its code can be signed out as well.
    const m = (await req.member()) ?? (await loadMember(db, req, undefined, { pending: true }));
    if (m) await endSession(db, m.sessionHash);
    clearSessionCookie(reply, secure(req));
    return { ok: true as const };
  });
}
