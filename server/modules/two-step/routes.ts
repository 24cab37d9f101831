// Two-step sign-in calls (docs/api.md#two-step-sign-in): /api/auth/totp/status, setup, enable,
// verify (the second step of a sign-in), disable and recovery (new recovery codes).
import { Empty, Ok } from '../../../common/api/common.js';
import { RecoveryCodes, TotpCodeForm, TotpDisableForm, TotpPasswordForm, TotpSetup, TotpStatus, TotpVerified, TWO_STEP_MSG } from '../../../common/api/two-step.js';
import { accountLimiter } from '../../lib/account-limit.js';
import type { App } from '../../lib/context.js';
import { tooManyRequests, unauthorized } from '../../lib/errors.js';
import { clientFor } from '../../lib/known-device.js';
import { loadMember, requireMember } from '../../lib/session.js';
import { getSettings } from '../community/service.js';
import { assertRecentReauth } from '../users/account-service.js';
import { disable, enable, renewRecoveryCodes, setup, status, verify } from './service.js';
import setupLinkRoutes from './setup-link-routes.js';

export default async function twoStepRoutes(app: App) {
  const { db, config, sealer } = app.ctx;
  // The first administrator's one-time setup link leads here (docs/operations.md#first-start).
  await setupLinkRoutes(app);
  const perAddress = (max: number) =>
    config.rateLimit ? { max, timeWindow: 60_000, errorResponseBuilder: () => tooManyRequests(TWO_STEP_MSG.limited) } : false;
  // Codes are guessed per account like passwords (decision 16): 5 a minute from one client,
  // 20 in 10 minutes from clients the account does not know.
  const codeLimit = accountLimiter(app, 'totp-code', {
    perClient: { max: 5, timeWindow: 60_000 },
    unknownClients: { max: 20, timeWindow: 600_000 },
  });
  const limitCodes = async (req: Parameters<typeof clientFor>[0], userId: string) => {
    const verdict = await codeLimit(req, userId, clientFor(req, sealer, userId));
    if (verdict !== 'ok') throw tooManyRequests(TWO_STEP_MSG.limited);
  };

  app.post('/api/auth/totp/status', { schema: { body: Empty, response: { 200: TotpStatus } } }, async (req) =>
    status(db, await requireMember(req)),
  );

  app.post(
    '/api/auth/totp/setup',
    { schema: { body: Empty, response: { 200: TotpSetup } }, config: { rateLimit: perAddress(10) } },
    async (req) => {
      const member = await requireMember(req);
      // Like every sensitive change in my-info: the password re-entered a little before.
      assertRecentReauth(member);
      return setup(db, sealer, member, (await getSettings(db)).siteName);
    },
  );

  app.post(
    '/api/auth/totp/enable',
    { schema: { body: TotpCodeForm, response: { 200: RecoveryCodes } }, config: { rateLimit: perAddress(10) } },
    async (req) => {
      const member = await requireMember(req);
      await limitCodes(req, member.userId);
      return { recoveryCodes: await enable(db, sealer, member, req.body.code) };
    },
  );

  // The one call a session still waiting for its second step may make (besides signing out).
  app.post(
    '/api/auth/totp/verify',
    { schema: { body: TotpCodeForm, response: { 200: TotpVerified } }, config: { rateLimit: perAddress(10) } },
    async (req) => {
      const member = await loadMember(db, req, undefined, { pending: true });
      if (!member?.secondStepPending) throw unauthorized(TWO_STEP_MSG.noPending, 'no_pending_sign_in');
      await limitCodes(req, member.userId);
      return verify(db, sealer, member, req.body.code);
    },
  );

  app.post(
    '/api/auth/totp/disable',
    { schema: { body: TotpDisableForm, response: { 200: Ok } }, config: { rateLimit: perAddress(10) } },
    async (req) => {
      const member = await requireMember(req);
      await limitCodes(req, member.userId);
      await disable(db, sealer, member, req.body.password, req.body.code);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/totp/recovery',
    { schema: { body: TotpPasswordForm, response: { 200: RecoveryCodes } }, config: { rateLimit: perAddress(10) } },
    async (req) => {
      const member = await requireMember(req);
      await limitCodes(req, member.userId);
      return { recoveryCodes: await renewRecoveryCodes(db, sealer, member, req.body.password) };
    },
  );
}
