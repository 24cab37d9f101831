// 패스키로 로그인: the button under both login forms (docs/product/sign-in.md#passkeys). Without an
// id typed the device offers the member's passkeys itself (discoverable); with one, that member's.
// Beside it, passkey autofill (WebAuthn conditional UI): once the form's id field has the focus,
// a request waits for the member to pick one of this device's passkeys from the field's
// suggestions. The WebAuthn code loads by a dynamic import when first needed: the login forms'
// first load stays as light as it was, and a visitor who never touches the form asks nothing.
import { useEffect, useRef, useState } from 'react';
import type { PasskeyLoginResult } from '../../../common/api/passkeys';
import { ApiError } from '../../api/call';
import { takeNewSession } from '../../shared/session-actions';
import type { SignInWayProps } from '../../shared/sign-in-ways';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import './passkeys.css';
import { koPasskeys } from './texts';

/** The second step of a sign-in (the one-time code), as the password login goes there. */
const SECOND_STEP_PATH = '/user/two-step';
/** A waiting autofill asks again before its challenge (5 minutes on the server) runs out. */
const AUTOFILL_RENEW_MS = 4 * 60_000;
/** The login forms' id field (web/ui/login-fields.tsx). */
const AUTOFILL_FIELD = 'input[autocomplete~="webauthn"]';

/** After the server started the session: the second step's page, or the welcome and the form's close. */
async function finish(answer: PasskeyLoginResult, onSignedIn: () => void) {
  if (answer.secondStep === 'totp') {
    // The passkey did not verify the person: the one-time code comes next on the two-step
    // sign-in's page (web/features/two-step), as after a password.
    window.location.assign(SECOND_STEP_PATH);
    return;
  }
  const user = await takeNewSession();
  toast.success(koPasskeys.signedIn(user.nickName || user.userId));
  onSignedIn();
}

export default function PasskeySignIn({ userId, remember, onSignedIn }: SignInWayProps) {
  const [busy, setBusy] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  // Each round is one autofill ceremony, started when the id field has the focus; 0 = none
  // waiting (the field takes the focus again to start the next).
  const [round, setRound] = useState(0);
  const latest = useRef({ remember, onSignedIn });
  /** The waiting autofill ceremony's token (web/features/passkeys/api/ceremony.ts). */
  const waiting = useRef<object | null>(null);
  useEffect(() => {
    latest.current = { remember, onSignedIn };
  });

  // The form around this button (the popup's form, or the home page's login box).
  useEffect(() => {
    const scope = anchor.current?.closest('form') ?? anchor.current?.closest('section');
    if (!scope) return;
    const want = () => setRound((r) => (r === 0 ? 1 : r));
    const onFocus = (e: FocusEvent) => {
      if (e.target instanceof Element && e.target.matches(AUTOFILL_FIELD)) want();
    };
    scope.addEventListener('focusin', onFocus);
    // The popup focuses its id field before this button's code has loaded.
    if (document.activeElement?.matches(AUTOFILL_FIELD) && scope.contains(document.activeElement)) want();
    return () => scope.removeEventListener('focusin', onFocus);
  }, []);

  useEffect(() => {
    if (round === 0) return;
    const owner = {};
    waiting.current = owner;
    let live = true;
    const renew = window.setTimeout(() => setRound((r) => r + 1), AUTOFILL_RENEW_MS);
    void import('./api/ceremony').then(async ({ passkeyAutofill }) => {
      if (!live) return;
      try {
        const answer = await passkeyAutofill(owner, () => latest.current.remember);
        if (answer && live) await finish(answer, () => latest.current.onSignedIn());
      } catch (e) {
        // A refusal of the chosen passkey was shown by the call helper; the field offers them
        // again when it next takes the focus.
        if (!(e instanceof ApiError)) throw e;
        if (live) setRound(0);
      }
    });
    return () => {
      live = false;
      window.clearTimeout(renew);
      void import('./api/ceremony').then(({ stopAutofill }) => stopAutofill(owner));
    };
  }, [round]);

  const signIn = async () => {
    if (busy) return;
    setBusy(true);
    setRound(0);
    try {
      const { passkeySignIn, stopAutofill } = await import('./api/ceremony');
      // The waiting autofill ceremony ends before the button's starts (never the other way round).
      if (waiting.current) stopAutofill(waiting.current);
      await finish(await passkeySignIn(userId, remember), onSignedIn);
    } catch (e) {
      // Server refusals were shown by the call helper already.
      if (e instanceof Error && e.name === 'PasskeyCeremonyError') toast.info(e.message);
      else if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };
  return (
    <span ref={anchor} className="passkey-sign-in-anchor">
      <LiteButton
        outlined
        icon="pi pi-key"
        label={koPasskeys.signIn}
        title={koPasskeys.signInHint}
        loading={busy}
        className="passkey-sign-in"
        onClick={() => void signIn()}
      />
    </span>
  );
}
