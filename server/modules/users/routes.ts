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
  WithdrawalCheck,
  WithdrawalForm,
} from '../../../common/api/account.js';
import type { FastifyRequest } from 'fastify';
import { Empty, Ok } from '../../../common/api/common.js';
import { CheckForm, CheckResult, JoinForm, JoinResult } from '../../../common/api/session.js';
import { accountLimiter } from '../../lib/account-limit.js';
import type { App } from '../../lib/context.js';
import { tooManyRequests } from '../../lib/errors.js';
import { type Client, clientFor } from '../../lib/known-device.js';
import { clearSessionCookie, markReauthenticated, requireMember, startSession } from '../../lib/session.js';
import { history, myInfo, rechecked, updateProfile, withdraw, withdrawalCheck } from './account-service.js';
import { RESET_COOKIE, RESET_MSG, step1, step2, step3 } from './reset-service.js';
import { checkAvailable, join } from './service.js';
import { verifyNewAddress } from '../mail/service.js';
import { spamGuard } from '../spam/guard.js';

export default async function userRoutes(app: App) {
  const { db, sealer, config } = app.ctx;
  const limit = (max: number, timeWindow: number) =>
    config.rateLimit ? { max, timeWindow, errorResponseBuilder: () => tooManyRequests() } : false;
  const secure = (req: { protocol: string }) => req.protocol === 'https';
  const spam = spamGuard(app);

  app.post(
    '/api/public/join',
    { schema: { body: JoinForm, response: { 200: JoinResult } }, config: { rateLimit: limit(10, 3_600_000) } },
    async (req, reply) => {
      const b = req.body;
      // A sign-up carries a solved proof-of-work challenge (docs/product/spam.md).
      await spam.join(req);
      const userNo = await join(db, sealer, {
        userId: b.userId,
        password: b.password,
        nickName: b.nickName,
        email: b.email,
        question: b.question,
        answer: b.answer,
      });
      // The new member is signed in at once, as a browser-session login (no "remember me").
      await startSession(db, req, reply, userNo, false);
      await verifyNewAddress(db, userNo, req.log);
      return { userId: b.userId, message: `${b.nickName}님, 찰칵 회원이 되신 것을 환영합니다.` };
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

  // My-info after a re-check through a linked provider or a passkey (which marked the session).
  app.post('/api/user/profile', { schema: { body: Empty, response: { 200: Profile } } }, async (req) =>
    rechecked(db, sealer, await requireMember(req)),
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
      if (await updateProfile(db, sealer, member, req.body)) await verifyNewAddress(db, member.no, req.log);
      return { message: '변경되었습니다.' };
    },
  );

  app.post('/api/user/out/check', { schema: { body: Empty, response: { 200: WithdrawalCheck } } }, async (req) =>
    withdrawalCheck(db, (await requireMember(req)).no),
  );

  app.post(
    '/api/user/out',
    { schema: { body: WithdrawalForm, response: { 200: MessageResult } }, config: { rateLimit: limit(5, 60_000) } },
    async (req, reply) => {
      const member = await requireMember(req);
      await withdraw(db, member, req.body.password);
      clearSessionCookie(reply, secure(req));
      return { message: '회원 탈퇴가 정상적으로 처리되었습니다.' };
    },
  );

  // Password reset: 20 calls in 10 minutes per address here; per account and client 10 in 10
  // minutes, and per account 20 an hour from browsers it does not know (decision 16); inside, five
  // wrong answers lock the flow of that client for 30 minutes.
  const findLimit = limit(20, 600_000);
  const accountLimit = accountLimiter(app, 'find-account', {
    perClient: { max: 10, timeWindow: 600_000 },
    unknownClients: { max: 20, timeWindow: 3_600_000 },
  });
  const checkAccount = async (req: FastifyRequest, userId: string): Promise<Client> => {
    const id = userId.trim().toLowerCase();
    const client = clientFor(req, sealer, id);
    const verdict = await accountLimit(req, id, client);
    if (verdict !== 'ok') throw tooManyRequests(verdict === 'account' ? RESET_MSG.busy : undefined);
    return client;
  };

  app.post(
    '/api/public/find/step1',
    { schema: { body: ResetStep1, response: { 200: ResetStep1Result } }, config: { rateLimit: findLimit } },
    async (req, reply) => {
      const client = await checkAccount(req, req.body.userId);
      return step1(db, reply, client, req.body.userId, req.body.email, secure(req));
    },
  );
  app.post(
    '/api/public/find/step2',
    { schema: { body: ResetStep2, response: { 200: Ok } }, config: { rateLimit: findLimit } },
    async (req) => {
      const client = await checkAccount(req, req.body.userId);
      await step2(db, sealer, client, req.cookies[RESET_COOKIE], req.body);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/public/find/step3',
    { schema: { body: ResetStep3, response: { 200: MessageResult } }, config: { rateLimit: findLimit } },
    async (req, reply) => {
      const client = await checkAccount(req, req.body.userId);
      await step3(db, sealer, client, req.cookies[RESET_COOKIE], req.body);
      reply.clearCookie(RESET_COOKIE, { path: '/api/public/find' });
      return { message: RESET_MSG.done };
    },
  );
}
