// Member calls: sign-up and its early check, my-info, histories, profile change, withdrawal,
// and the three-step password reset.
import {
  HistoryList,
  MessageResult,
  PasswordForm,
  Profile,
  ResetStep1,
  ResetStep1Result,
  ResetStep2,
  ResetStep3,
  UpdateForm,
} from '../../../common/api/account.js';
import { Empty, Ok } from '../../../common/api/common.js';
import { CheckForm, CheckResult, JoinForm, JoinResult } from '../../../common/api/session.js';
import type { App } from '../../lib/context.js';
import { tooManyRequests } from '../../lib/errors.js';
import { clearSessionCookie, markReauthenticated, requireMember } from '../../lib/session.js';
import { history, myInfo, updateProfile, withdraw } from './account-service.js';
import { RESET_COOKIE, RESET_MSG, step1, step2, step3 } from './reset-service.js';
import { checkAvailable, join } from './service.js';

export default async function userRoutes(app: App) {
  const { db, sealer, config } = app.ctx;
  const limit = (max: number, timeWindow: number) =>
    config.rateLimit ? { max, timeWindow, errorResponseBuilder: () => tooManyRequests() } : false;
  const secure = (req: { protocol: string }) => req.protocol === 'https';

  app.post(
    '/api/public/join',
    { schema: { body: JoinForm, response: { 200: JoinResult } }, config: { rateLimit: limit(10, 3_600_000) } },
    async (req) => {
      const b = req.body;
      await join(db, sealer, {
        userId: b.userId,
        password: b.password,
        nickName: b.nickName,
        email: b.email,
        question: b.question,
        answer: b.answer,
      });
      return { userId: b.userId, message: `${b.nickName}님, 찰칵 회원이 되신 것을 환영합니다. 로그인해 주세요.` };
    },
  );

  app.post(
    '/api/public/check',
    { schema: { body: CheckForm, response: { 200: CheckResult } }, config: { rateLimit: limit(60, 60_000) } },
    async (req) => checkAvailable(db, req.body.field, req.body.value),
  );

  app.post(
    '/api/user/myInfo',
    { schema: { body: PasswordForm, response: { 200: Profile } }, config: { rateLimit: limit(10, 60_000) } },
    async (req) => {
      const member = await requireMember(req);
      const profile = await myInfo(db, sealer, member, req.body.password);
      await markReauthenticated(db, member.sessionHash);
      return profile;
    },
  );

  app.post('/api/user/history/nick', { schema: { body: Empty, response: { 200: HistoryList } } }, async (req) =>
    history(db, (await requireMember(req)).no, 'nick'),
  );
  app.post('/api/user/history/level', { schema: { body: Empty, response: { 200: HistoryList } } }, async (req) =>
    history(db, (await requireMember(req)).no, 'level'),
  );

  app.post(
    '/api/user/update',
    { schema: { body: UpdateForm, response: { 200: MessageResult } }, config: { rateLimit: limit(20, 60_000) } },
    async (req) => {
      const member = await requireMember(req);
      await updateProfile(db, sealer, member, req.body);
      return { message: '변경되었습니다.' };
    },
  );

  app.post(
    '/api/user/out',
    { schema: { body: PasswordForm, response: { 200: MessageResult } }, config: { rateLimit: limit(5, 60_000) } },
    async (req, reply) => {
      const member = await requireMember(req);
      await withdraw(db, member, req.body.password);
      clearSessionCookie(reply, secure(req));
      return { message: '회원 탈퇴가 정상적으로 처리되었습니다.' };
    },
  );

  // Password reset: per address here, and per account inside (five wrong answers lock it).
  const findLimit = limit(20, 600_000);
  const accountLimit = app.createRateLimit({
    max: 10,
    timeWindow: 600_000,
    keyGenerator: (req) => 'find-account:' + String((req.body as { userId?: unknown })?.userId ?? '').toLowerCase(),
  });
  const checkAccount = async (req: Parameters<typeof accountLimit>[0]) => {
    if (!config.rateLimit) return;
    const r = await accountLimit(req);
    if (!r.isAllowed && r.isExceeded) throw tooManyRequests();
  };

  app.post(
    '/api/public/find/step1',
    { schema: { body: ResetStep1, response: { 200: ResetStep1Result } }, config: { rateLimit: findLimit } },
    async (req, reply) => {
      await checkAccount(req);
      return step1(db, reply, req.body.userId, req.body.email, secure(req));
    },
  );
  app.post(
    '/api/public/find/step2',
    { schema: { body: ResetStep2, response: { 200: Ok } }, config: { rateLimit: findLimit } },
    async (req) => {
      await checkAccount(req);
      await step2(db, sealer, req.cookies[RESET_COOKIE], req.body);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/public/find/step3',
    { schema: { body: ResetStep3, response: { 200: MessageResult } }, config: { rateLimit: findLimit } },
    async (req, reply) => {
      await checkAccount(req);
      await step3(db, sealer, req.cookies[RESET_COOKIE], req.body);
      reply.clearCookie(RESET_COOKIE, { path: '/api/public/find' });
      return { message: RESET_MSG.done };
    },
  );
}
