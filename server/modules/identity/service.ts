// Real-name verification rules: a request is created by /api/identity/start for the signed-in
// member, lives 10 minutes, and accepts one authentic result, once. The request decides which
// account is verified. One identity (the provider's duplicate-registration value) verifies one
// account; only a hash of that value is kept, never a name, birth date or resident number.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { IdentityConfig } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { identityRequests, users } from '../../db/schema/index.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { forgetMember, type Member } from '../../lib/session.js';
import { createNiceProvider, niceApi, type NiceCryptoTokenFn } from './nice.js';
import { IDENTITY_MSG, type IdentityProvider, type ReturnResult, type StartResult } from './provider.js';
import { createSandboxProvider, type SandboxProvider } from './sandbox.js';

export const REQUEST_LIFETIME_MS = 10 * 60_000;

/** The configured provider, or null when verification is off (IDENTITY_PROVIDER=none). */
export function createIdentityProvider(
  config: IdentityConfig,
  appKey: Buffer,
  niceCryptoToken?: NiceCryptoTokenFn,
): IdentityProvider | null {
  switch (config.provider) {
    case 'none':
      return null;
    case 'sandbox':
      return createSandboxProvider(appKey);
    case 'nice':
      return createNiceProvider(config, niceCryptoToken ?? niceApi(config));
  }
}

export const isSandbox = (p: IdentityProvider | null): p is SandboxProvider => p?.name === 'sandbox';

/** The stored form of a duplicate-registration value. */
export const dupHash = (provider: string, dupValue: string) =>
  createHash('sha256').update(`${provider}:${dupValue}`).digest('hex');

export const PROVIDER_ERROR = 'identity_provider_error';

export const unavailable = () => new HttpError(503, 'identity_unavailable', IDENTITY_MSG.unavailable);

export async function startVerification(
  db: Tx,
  provider: IdentityProvider,
  member: Member,
): Promise<{ requestId: string; start: StartResult }> {
  if (member.real) throw badRequest(IDENTITY_MSG.alreadyVerified, 'already_verified');
  // 24 hex characters: fits NICE's req_no (at most 30, letters and digits).
  const requestId = randomBytes(12).toString('hex');
  await db.insert(identityRequests).values({
    id: requestId,
    userNo: member.no,
    provider: provider.name,
    expiresAt: new Date(Date.now() + REQUEST_LIFETIME_MS),
  });
  try {
    return { requestId, start: await provider.start({ requestId }) };
  } catch (e) {
    await markFailed(db, requestId);
    throw Object.assign(new HttpError(502, PROVIDER_ERROR, IDENTITY_MSG.providerError), { cause: e });
  }
}

/** The sandbox plays the provider only for the member's own open sandbox request. */
export async function completeSandbox(
  db: Tx,
  provider: SandboxProvider,
  member: Member,
  input: { requestId: string; outcome: 'success' | 'fail'; name: string; birth: string },
): Promise<string> {
  const [row] = await db
    .select()
    .from(identityRequests)
    .where(
      and(
        eq(identityRequests.id, input.requestId),
        eq(identityRequests.userNo, member.no),
        eq(identityRequests.provider, 'sandbox'),
        eq(identityRequests.status, 'pending'),
      ),
    )
    .limit(1);
  if (!row) throw notFound(IDENTITY_MSG.notFound);
  if (row.expiresAt.getTime() <= Date.now()) throw badRequest(IDENTITY_MSG.expired, 'identity_expired');
  return provider.complete(input);
}

export type FinishOutcome = { ok: true } | { ok: false; message: string };

/** Applies a provider's verified result to its request and the request's member. */
export async function finishVerification(db: Tx, providerName: string, result: ReturnResult): Promise<FinishOutcome> {
  if (!result.ok) {
    // Only an authentic answer names a request we may close; a forged one changes nothing.
    if (result.requestId) await markFailed(db, result.requestId, providerName);
    return { ok: false, message: result.message };
  }
  const hash = dupHash(providerName, result.dupValue);
  try {
    return await db.transaction(async (tx) => {
      const [req] = await tx
        .select()
        .from(identityRequests)
        .where(and(eq(identityRequests.id, result.requestId), eq(identityRequests.provider, providerName)))
        .for('update')
        .limit(1);
      if (!req || req.status !== 'pending') return { ok: false, message: IDENTITY_MSG.expired };
      const fail = async (message: string): Promise<FinishOutcome> => {
        await tx.update(identityRequests).set({ status: 'failed' }).where(eq(identityRequests.id, req.id));
        return { ok: false, message };
      };
      if (req.expiresAt.getTime() <= Date.now()) return fail(IDENTITY_MSG.expired);

      const [user] = await tx
        .select({ real: users.real, status: users.status })
        .from(users)
        .where(eq(users.no, req.userNo))
        .for('update')
        .limit(1);
      if (!user || user.status !== 'active') return fail(IDENTITY_MSG.failed);
      if (user.real) return fail(IDENTITY_MSG.alreadyVerified);

      const [other] = await tx
        .select({ no: users.no })
        .from(users)
        .where(and(eq(users.realDupHash, hash), ne(users.no, req.userNo)))
        .limit(1);
      if (other) return fail(IDENTITY_MSG.duplicate);

      await tx.update(users).set({ real: true, realDupHash: hash }).where(eq(users.no, req.userNo));
      await tx.update(identityRequests).set({ status: 'done' }).where(eq(identityRequests.id, req.id));
      forgetMember(req.userNo);
      return { ok: true } as const;
    });
  } catch (e) {
    // Two accounts finishing with the same identity at once: the unique index decides.
    if (uniqueViolation(e) === null) throw e;
    await markFailed(db, result.requestId, providerName);
    return { ok: false, message: IDENTITY_MSG.duplicate };
  }
}

async function markFailed(db: Tx, requestId: string, providerName?: string) {
  const conditions = [eq(identityRequests.id, requestId), eq(identityRequests.status, 'pending')];
  if (providerName) conditions.push(eq(identityRequests.provider, providerName));
  await db.update(identityRequests).set({ status: 'failed' }).where(and(...conditions));
}
