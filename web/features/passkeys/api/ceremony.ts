// The browser's side of each passkey ceremony through @simplewebauthn/browser: options from the
// server, the device's prompt, the answer back. The sign-in button loads this file on its first
// tap, so the login forms carry none of it.
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type { PasskeyCreationOptions, PasskeyItem, PasskeyLoginResult, PasskeyRegister, PasskeyRequestOptions } from '../../../../common/api/passkeys';
import { callAwait } from '../../../api/call';
import { koPasskeys } from '../texts';

/** A ceremony the browser ended (the member cancelled, no key, unsupported), with the words to show. */
export class PasskeyCeremonyError extends Error {
  override name = 'PasskeyCeremonyError';
}

/** What the browser's refusal means for the member. */
function ceremonyError(e: unknown): PasskeyCeremonyError {
  if (e instanceof WebAuthnError && e.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new PasskeyCeremonyError(koPasskeys.duplicate);
  const name = e instanceof Error ? (e instanceof WebAuthnError && e.cause instanceof Error ? e.cause.name : e.name) : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return new PasskeyCeremonyError(koPasskeys.cancelled);
  return new PasskeyCeremonyError(koPasskeys.failed);
}

/** Registers a passkey of this device; server refusals are ApiErrors (not shown: the page shows them). */
export async function registerFlow(name: string): Promise<PasskeyItem> {
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError(koPasskeys.unsupported);
  const optionsJSON = await callAwait<PasskeyCreationOptions>('/api/auth/passkey/register/options', { silent: true });
  let credential;
  try {
    credential = await startRegistration({ optionsJSON });
  } catch (e) {
    throw ceremonyError(e);
  }
  const body: PasskeyRegister = { name, credential: credential as PasskeyRegister['credential'] };
  return callAwait<PasskeyItem>('/api/auth/passkey/register/verify', { data: body, silent: true });
}

/**
 * Signs in with a passkey: with the id typed, the member's own keys are offered (a device that
 * cannot find them itself); without it, any this device keeps for the site. Server refusals are
 * ApiErrors (already shown as toasts); the browser's are PasskeyCeremonyErrors. Answers the
 * server's word: `secondStep: 'totp'` when the one-time code comes next.
 */
export async function passkeySignIn(userId: string, remember: boolean): Promise<PasskeyLoginResult> {
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError(koPasskeys.unsupported);
  const id = userId.trim();
  const optionsJSON = await callAwait<PasskeyRequestOptions>('/api/auth/passkey/login/options', { data: id ? { userId: id } : {} });
  let credential;
  try {
    credential = await startAuthentication({ optionsJSON });
  } catch (e) {
    throw ceremonyError(e);
  }
  return callAwait<PasskeyLoginResult>('/api/auth/passkey/login/verify', { data: { remember, credential } });
}

/** The login form whose autofill ceremony is waiting (one at a time: a new ceremony aborts the last). */
let autofillOwner: object | null = null;
/** Forms that stopped before their ceremony began (the options call was still on its way). */
const stopped = new WeakSet<object>();

/**
 * Passkey autofill (WebAuthn conditional UI): the login form's id field (autocomplete
 * "username webauthn") offers this device's passkeys for the site among its suggestions. Waits
 * until the member picks one, then signs in as the button does. Null, quietly, when the browser
 * cannot, the options call fails, or the ceremony was aborted: the member used the password or the
 * passkey button (whose ceremony aborts this one), or the form closed (stopAutofill).
 */
export async function passkeyAutofill(owner: object, remember: () => boolean): Promise<PasskeyLoginResult | null> {
  if (!browserSupportsWebAuthn() || !(await browserSupportsWebAuthnAutofill())) return null;
  let optionsJSON;
  try {
    optionsJSON = await callAwait<PasskeyRequestOptions>('/api/auth/passkey/login/options', { data: {}, silent: true });
  } catch {
    return null;
  }
  if (stopped.has(owner)) return null;
  autofillOwner = owner;
  let credential;
  try {
    credential = await startAuthentication({ optionsJSON, useBrowserAutofill: true });
  } catch {
    return null;
  } finally {
    if (autofillOwner === owner) autofillOwner = null;
  }
  return callAwait<PasskeyLoginResult>('/api/auth/passkey/login/verify', { data: { remember: remember(), credential } });
}

/** Ends the waiting autofill ceremony of this form, if it is still the one waiting. */
export function stopAutofill(owner: object): void {
  stopped.add(owner);
  if (autofillOwner !== owner) return;
  autofillOwner = null;
  WebAuthnAbortService.cancelCeremony();
}
