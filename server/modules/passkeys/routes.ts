// Passkey calls (docs/api.md#passkeys): registration after my-info's password prompt, sign-in
// without a password (with or without the id), the member's list, renaming and removing one.
import { Empty, Ok } from '../../../common/api/common.js';
import {
  PasskeyCreationOptions,
  PasskeyDelete,
  PasskeyItem,
  PasskeyList,
  PasskeyLogin,
  PasskeyLoginResult,
  PasskeyLoginStart,
  PasskeyRecheck,
  PasskeyRegister,
  PasskeyRename,
  PasskeyRequestOptions,
} from '../../../common/api/passkeys.js';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../lib/context.js';
import { tooManyRequests } from '../../lib/errors.js';
import { rememberDevice } from '../../lib/known-device.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { markReauthenticated, requireMember, startSession } from '../../lib/session.js';
import { recordSignIn } from '../auth/service.js';
import { cachedSettings } from '../community/service.js';
import { assertRecentReauth } from '../users/account-service.js';
import { issueChallenge, spendChallenge } from './challenge.js';
import {
  deletePasskey,
  listPasskeys,
  loginOptions,
  recheckOptions,
  registerPasskey,
  registrationOptions,
  relyingParty,
  renamePasskey,
  twoStepOn,
  verifyPasskeySignIn,
} from './service.js';

const LOGIN_LIMITED = '로그인 시도가 너무 많습니다. 1분 후에 다시 시도해 주세요.';

export default async function passkeyRoutes(app: App) {
  const { db, config, sealer } = app.ctx;
  const rp = async (req: FastifyRequest) => relyingParty(config.publicOrigin, req, (await cachedSettings(db)).siteName);
  const ua = (req: FastifyRequest) => req.headers['user-agent'];
  // As the password login: per address, before anything is read (docs/api.md#rate-limits).
  const signInLimit = (max: number) =>
    config.rateLimit ? { max, timeWindow: 60_000, errorResponseBuilder: () => tooManyRequests(LOGIN_LIMITED) } : false;
  const registerLimit = memberLimiter(app, 'passkey-register', 10, 60_000);
  const changeLimit = memberLimiter(app, 'passkey-change', 30, 60_000);

  app.post(
    '/api/auth/passkey/register/options',
    { schema: { body: Empty, response: { 200: PasskeyCreationOptions } } },
    async (req, reply) => {
      const member = await requireMember(req);
      await registerLimit(req, member);
      // Adding a way in is an account change: it follows my-info's password prompt (decision 3).
      assertRecentReauth(member);
      const options = await registrationOptions(db, member, await rp(req));
      issueChallenge(reply, req, sealer, 'register', options.challenge, member.no, Date.now());
      return options;
    },
  );

  app.post(
    '/api/auth/passkey/register/verify',
    { schema: { body: PasskeyRegister, response: { 200: PasskeyItem } } },
    async (req, reply) => {
      const member = await requireMember(req);
      await registerLimit(req, member);
      assertRecentReauth(member);
      const challenge = await spendChallenge(db, req, reply, sealer, 'register', member.no, Date.now());
      return registerPasskey(db, member, req.body, challenge, await rp(req), ua(req));
    },
  );

  app.post(
    '/api/auth/passkey/login/options',
    { schema: { body: PasskeyLoginStart, response: { 200: PasskeyRequestOptions } }, config: { rateLimit: signInLimit(20) } },
    async (req, reply) => {
      const options = await loginOptions(db, await rp(req), req.body?.userId);
      issueChallenge(reply, req, sealer, 'login', options.challenge, 0, Date.now());
      return options;
    },
  );

  app.post(
    '/api/auth/passkey/login/verify',
    { schema: { body: PasskeyLogin, response: { 200: PasskeyLoginResult } }, config: { rateLimit: signInLimit(10) } },
    async (req, reply) => {
      const challenge = await spendChallenge(db, req, reply, sealer, 'login', 0, Date.now());
      const { userNo, userId, userVerified } = await verifyPasskeySignIn(db, req.body, challenge, await rp(req), ua(req));
      await recordSignIn(db, userNo);
      rememberDevice(req, reply, sealer, userId);
      // The same session as a password sign-in; a passkey that verified the person (PIN,
      // fingerprint) is also the second step (docs/product/sign-in.md#passkeys).
      await startSession(db, req, reply, userNo, req.body.remember === true, { secondStep: userVerified });
      // Without it, a member with two-step sign-in on gives the one-time code next, as after a password.
      if (!userVerified && (await twoStepOn(db, userNo))) return { ok: true as const, secondStep: 'totp' as const };
      return { ok: true as const };
    },
  );

  // My-info's re-check with one of the member's passkeys (a member without a password, or anyone
  // who prefers it): the same mark on the session as the password prompt, for its 15 minutes.
  app.post(
    '/api/auth/passkey/recheck/options',
    { schema: { body: Empty, response: { 200: PasskeyRequestOptions } }, config: { rateLimit: signInLimit(20) } },
    async (req, reply) => {
      const member = await requireMember(req);
      const options = await recheckOptions(db, await rp(req), member.no);
      issueChallenge(reply, req, sealer, 'recheck', options.challenge, member.no, Date.now());
      return options;
    },
  );

  app.post(
    '/api/auth/passkey/recheck/verify',
    { schema: { body: PasskeyRecheck, response: { 200: Ok } }, config: { rateLimit: signInLimit(10) } },
    async (req, reply) => {
      const member = await requireMember(req);
      const challenge = await spendChallenge(db, req, reply, sealer, 'recheck', member.no, Date.now());
      await verifyPasskeySignIn(db, req.body, challenge, await rp(req), ua(req), member.no);
      await markReauthenticated(db, member.sessionHash);
      return { ok: true as const };
    },
  );

  app.post('/api/auth/passkeys', { schema: { body: Empty, response: { 200: PasskeyList } } }, async (req) => {
    const member = await requireMember(req);
    return listPasskeys(db, member.no);
  });

  app.post('/api/auth/passkey/rename', { schema: { body: PasskeyRename, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await changeLimit(req, member);
    await renamePasskey(db, member.no, req.body.id, req.body.name, ua(req));
    return { ok: true as const };
  });

  app.post('/api/auth/passkey/delete', { schema: { body: PasskeyDelete, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await changeLimit(req, member);
    await deletePasskey(db, member.no, req.body.id);
    return { ok: true as const };
  });
}
