// My-info's re-check without the password (docs/product/sign-in.md#re-check-without-a-password):
// the ways this member has, the profile once a provider or a passkey marked the session, and the
// passkey ceremony (its WebAuthn code loads on the first tap).
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../common/api/account';
import type { RecheckWays } from '../../../../common/api/oauth';
import type { PasskeyRequestOptions } from '../../../../common/api/passkeys';
import { callAwait } from '../../../api/call';
import { koAccount } from '../texts';

export const recheckWaysKey = ['account', 'recheck-ways'] as const;

/**
 * /api/user/recheck/ways: the password, the linked providers that are on, a passkey. Only for a
 * member (the dialog may still be drawn for a moment after a withdrawal signed the member out).
 */
export const useRecheckWays = (enabled: boolean) =>
  useQuery({ queryKey: recheckWaysKey, queryFn: () => callAwait<RecheckWays>('/api/user/recheck/ways'), staleTime: 0, enabled });

/** /api/user/profile: my-info's profile within the re-check's 15 minutes. */
export const postRecheckedProfile = (silent = false) => callAwait<Profile>('/api/user/profile', { silent });

/** The browser ended the passkey ceremony (cancelled, no key, unsupported): the words to show. */
export class RecheckCeremonyError extends Error {
  override name = 'RecheckCeremonyError';
}

/** One of the member's passkeys, with the person verified: marks the session as the password prompt does. */
export async function passkeyRecheck(): Promise<void> {
  const { browserSupportsWebAuthn, startAuthentication } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new RecheckCeremonyError(koAccount.recheck.unsupported);
  const optionsJSON = await callAwait<PasskeyRequestOptions>('/api/auth/passkey/recheck/options');
  let credential;
  try {
    credential = await startAuthentication({ optionsJSON });
  } catch {
    throw new RecheckCeremonyError(koAccount.recheck.cancelled);
  }
  await callAwait<{ ok: true }>('/api/auth/passkey/recheck/verify', { data: { credential } });
}
