// The sandbox provider: plays an external identity provider for development and tests. The
// simulated screen (/user/nice/check) posts the tester's answer to /api/identity/sandbox/complete,
// which signs a result the way a provider would; the browser then carries it to the return
// address, where it is verified like any provider's answer. Nothing here checks a real person.
import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { IDENTITY_MSG, type IdentityProvider, type ReturnResult } from './provider.js';

export const SANDBOX_RETURN_PATH = '/api/identity/return/sandbox';
/** A signed result older than this is refused even if its request were still open. */
const RESULT_LIFETIME_MS = 10 * 60_000;

const SignedResult = z.object({
  requestId: z.string().min(1).max(64),
  outcome: z.enum(['success', 'fail']),
  name: z.string().max(40),
  birth: z.string().max(8),
  dupValue: z.string().max(128),
  issuedAt: z.number().int(),
});
type SignedResult = z.infer<typeof SignedResult>;

/** The sandbox's duplicate-registration value: the same person (name + birth) gives the same value. */
export function sandboxDupValue(name: string, birth: string): string {
  return createHash('sha256').update(`${name.normalize('NFC').trim()}\u0000${birth}`).digest('hex');
}

export interface SandboxProvider extends IdentityProvider {
  readonly name: 'sandbox';
  /** Signs the tester's answer and returns the URL the browser must open next. */
  complete(input: { requestId: string; outcome: 'success' | 'fail'; name: string; birth: string }): string;
}

/** appKey is the application's secret key (lib/secret.ts loadKey); the signing key is derived from it. */
export function createSandboxProvider(appKey: Buffer, now: () => number = Date.now): SandboxProvider {
  const key = Buffer.from(hkdfSync('sha256', appKey, Buffer.alloc(0), 'chalkak identity sandbox v1', 32));
  const sign = (data: string) => createHmac('sha256', key).update(`sandbox-result.${data}`).digest();

  return {
    name: 'sandbox',
    formOrigins: [],
    async start() {
      return { action: { kind: 'sandbox' } };
    },
    complete({ requestId, outcome, name, birth }) {
      const result: SignedResult = {
        requestId,
        outcome,
        name,
        birth,
        dupValue: sandboxDupValue(name, birth),
        issuedAt: now(),
      };
      const data = Buffer.from(JSON.stringify(result), 'utf8').toString('base64url');
      const sig = sign(data).toString('base64url');
      return `${SANDBOX_RETURN_PATH}?${new URLSearchParams({ data, sig }).toString()}`;
    },
    async verifyReturn(params): Promise<ReturnResult> {
      const { data, sig } = params;
      if (!data || !sig) return { ok: false, message: IDENTITY_MSG.badResult };
      const given = Buffer.from(sig, 'base64url');
      const expected = sign(data);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, message: IDENTITY_MSG.badResult };
      }
      let result: SignedResult;
      try {
        result = SignedResult.parse(JSON.parse(Buffer.from(data, 'base64url').toString('utf8')));
      } catch {
        return { ok: false, message: IDENTITY_MSG.badResult };
      }
      const age = now() - result.issuedAt;
      if (age < -60_000 || age > RESULT_LIFETIME_MS) {
        return { ok: false, requestId: result.requestId, message: IDENTITY_MSG.expired };
      }
      if (result.outcome !== 'success') {
        return { ok: false, requestId: result.requestId, message: IDENTITY_MSG.failed };
      }
      return { ok: true, requestId: result.requestId, dupValue: result.dupValue, name: result.name, birth: result.birth };
    },
  };
}
