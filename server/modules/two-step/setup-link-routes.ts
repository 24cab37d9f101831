// The administrator's one-time setup link (docs/api.md#two-step-sign-in): /api/auth/setup-link
// signs the administrator in from the printed link; /api/auth/setup-link/password sets their own
// password when the site made the first one.
import { eq } from 'drizzle-orm';
import { MessageResult } from '../../../common/api/account.js';
import { SETUP_LINK_MSG, SetupLinkForm, SetupLinkResult, SetupPasswordForm } from '../../../common/api/setup-link.js';
import { users } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import type { App } from '../../lib/context.js';
import { badRequest, forbidden, tooManyRequests } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { forgetMember, markReauthenticated, requireMember, startSession } from '../../lib/session.js';
import { assertRecentReauth } from '../users/account-service.js';
import { twoStepOn } from '../passkeys/service.js';
import { closeOldPasswordWays } from '../users/password-change.js';
import { setPasswordPending, spendSetupLink } from './setup-link.js';

/** The password step follows the link within the my-info prompt's window (decision 3). */
const PASSWORD_WINDOW_MS = 15 * 60_000;
const NOT_FROM_LINK = '설정 링크로 로그인한 관리자만 이 방법으로 암호를 정할 수 있습니다. 내 정보에서 암호를 바꿔 주세요.';

export default async function setupLinkRoutes(app: App) {
  const { db, config } = app.ctx;
  const limit = (max: number) => (config.rateLimit ? { max, timeWindow: 60_000, errorResponseBuilder: () => tooManyRequests() } : false);

  app.post(
    '/api/auth/setup-link',
    { schema: { body: SetupLinkForm, response: { 200: SetupLinkResult } }, config: { rateLimit: limit(10) } },
    async (req, reply) => {
      const link = await spendSetupLink(db, req.body.token);
      if (!link) throw badRequest(SETUP_LINK_MSG.spent, 'setup_link_spent');
      // A sign-in like the password's (no second step yet: setting it up is the point), with
      // my-info's prompt passed, so the second step's setup and the password follow at once.
      const sessionHash = await startSession(db, req, reply, link.userNo, false);
      await markReauthenticated(db, sessionHash);
      req.log.info({ userNo: link.userNo }, 'administrator setup link used');
      return { userId: link.userId, setPassword: link.setPassword, ...((await twoStepOn(db, link.userNo)) ? { secondStep: 'totp' as const } : {}) };
    },
  );

  app.post(
    '/api/auth/setup-link/password',
    { schema: { body: SetupPasswordForm, response: { 200: MessageResult } }, config: { rateLimit: limit(10) } },
    async (req) => {
      const member = await requireMember(req);
      assertRecentReauth(member);
      if (!member.adminAccount || !(await setPasswordPending(db, member.no, PASSWORD_WINDOW_MS))) throw forbidden(NOT_FROM_LINK, 'not_from_setup_link');
      const passwordHash = await hashPassword(req.body.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.no, member.no));
        // As any new password: the administrator's other sessions and reset links end.
        await closeOldPasswordWays(tx, member.no, member.sessionHash);
        await audit(tx, member, { action: 'setupLink.password', targetKind: 'user', targetKey: member.no });
      });
      forgetMember(member.no);
      return { message: '암호를 정했습니다. 이제 2단계 인증을 설정해 주세요.' };
    },
  );
}
