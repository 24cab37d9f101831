// The automatic spam check of a form (docs/product/spam.md): sign-up, and a new member's posts,
// comments and letters. The server hands out a proof-of-work challenge (none for members past the
// new-member rules: then nothing here loads); the ALTCHA widget solves it in the background, in
// its own lazily loaded chunk, and shows itself only after a failure (the page does not shift while it works). The form
// asks for the headers when it sends, waiting for the solution if it is not there yet, and renews
// the challenge after every send (each counts once).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { SPAM_PROOF_HEADER, type SpamPurpose } from '../../common/api/spam';
import { koSpam } from '../i18n/ko-spam';
import { spamChallengeQuery } from '../shared/api/spam-challenge';
import { toast } from './toast-store';

const SpamWidget = lazy(() => import('./spam-widget'));

/** How long a send waits for the solution before it gives up (a slow phone takes a few seconds). */
const WAIT_MS = 60_000;

export type SpamState = 'solving' | 'ready' | 'failed' | 'expired';
type Headers = Record<string, string>;
/** A write's input with the solved challenge's headers beside it (sent as headers, not in the body). */
export type WithProof<T> = T & { proof?: Headers };

export interface SpamProof {
  /** The widget (hidden once solved); null when no challenge is needed. */
  element: ReactNode;
  /** The write's headers; null (after an error toast) when the check could not finish. */
  headers(): Promise<Headers | null>;
  /** After a send: the next write gets a fresh challenge. */
  renew(): void;
}

/** `enabled` false (a visitor, a form not shown): nothing is asked for. */
export function useSpamProof(purpose: SpamPurpose, enabled = true): SpamProof {
  const [round, setRound] = useState(0);
  const { data, isError } = useQuery({ ...spamChallengeQuery(purpose, round), enabled });
  const [state, setState] = useState<SpamState>('solving');
  const ready = useRef<Headers | null>(null);
  const waiters = useRef<Array<(h: Headers | null) => void>>([]);

  const settle = useCallback((h: Headers | null) => {
    ready.current = h;
    const waiting = waiters.current;
    waiters.current = [];
    for (const w of waiting) w(h);
  }, []);

  // No challenge needed, or it could not be had: whoever waits hears it now.
  useEffect(() => {
    if (data && data.challenge === null) settle({});
    else if (isError) settle(null);
  }, [data, isError, settle]);

  const renew = useCallback(() => {
    ready.current = null;
    setState('solving');
    setRound((r) => r + 1);
  }, []);

  const onState = useCallback(
    (next: SpamState, payload: string | null) => {
      // A form left open past the challenge's time gets a fresh one, solved again.
      if (next === 'expired') return renew();
      setState(next);
      if (next === 'ready' && payload) settle({ [SPAM_PROOF_HEADER]: payload });
      else if (next === 'failed') {
        ready.current = null;
        for (const w of waiters.current.splice(0)) w(null);
      }
    },
    [settle, renew],
  );

  const headers = useCallback(async (): Promise<Headers | null> => {
    if (!enabled) return {};
    const h =
      ready.current ??
      (await new Promise<Headers | null>((resolve) => {
        waiters.current.push(resolve);
        setTimeout(() => resolve(null), WAIT_MS);
      }));
    if (!h) toast.error(koSpam.failed);
    return h;
  }, [enabled]);

  const challenge = data?.challenge ?? null;
  const element = challenge ? (
    <div className="spam-proof" hidden={state !== 'failed'}>
      <Suspense fallback={<p className="spam-proof-note">{koSpam.solving}</p>}>
        <SpamWidget key={round} challenge={challenge} onState={onState} />
      </Suspense>
    </div>
  ) : null;
  return { element, headers, renew };
}
