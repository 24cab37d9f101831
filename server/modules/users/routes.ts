// Sign-up: /api/public/join and the early availability check /api/public/check.
import { CheckForm, CheckResult, JoinForm, JoinResult } from '../../../common/api/session.js';
import type { App } from '../../lib/context.js';
import { tooManyRequests } from '../../lib/errors.js';
import { checkAvailable, join } from './service.js';

export default async function userRoutes(app: App) {
  const { db, sealer, config } = app.ctx;
  const limit = (max: number, timeWindow: number) =>
    config.rateLimit ? { max, timeWindow, errorResponseBuilder: () => tooManyRequests() } : false;

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
}
