// The ALTCHA widget (a web component) solving one challenge, loaded only by web/ui/spam-proof.tsx.
// The build without bundled workers (altcha/external): its PBKDF2 worker is a file of the site
// itself, so the CSP's worker-src 'self' and script-src 'self' hold (no blob: or inline code).
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';
import type { SpamChallenge } from '../../common/api/spam';
import { koAltcha } from '../i18n/ko-spam';
import type { SpamState } from './spam-proof';
import './spam-proof.css';

interface AltchaElement extends HTMLElement {
  /** Typed as a promise by the library; this version answers nothing. */
  configure(config: Record<string, unknown>): Promise<void> | void;
  verify(): Promise<unknown>;
}

const ALGORITHMS = ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'];
for (const name of ALGORITHMS) globalThis.$altcha.algorithms.set(name, () => new Pbkdf2Worker());
globalThis.$altcha.i18n.set('ko', { ...koAltcha });

const STATE_OF: Record<string, SpamState | undefined> = { verifying: 'solving', verified: 'ready', error: 'failed', expired: 'expired' };

export default function SpamWidget({ challenge, onState }: { challenge: SpamChallenge; onState: (state: SpamState, payload: string | null) => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current as AltchaElement | null;
    if (!el) return;
    const changed = (e: Event) => {
      const { state, payload } = (e as CustomEvent<{ state: string; payload: string | null }>).detail;
      const mine = STATE_OF[state];
      if (mine) onState(mine, payload ?? null);
    };
    el.addEventListener('statechange', changed);
    let live = true;
    void (async () => {
      // The element's methods exist only once the library has mounted it, a moment after React
      // put it in the page: wait for them rather than call too early.
      await customElements.whenDefined('altcha-widget');
      for (let i = 0; live && typeof el.configure !== 'function' && i < 100; i++) await new Promise((r) => setTimeout(r, 20));
      if (!live) return;
      await el.configure({
        challenge,
        language: 'ko',
        hideLogo: true,
        hideFooter: true,
        // Nothing about the person is collected: the work alone is the proof.
        humanInteractionSignature: false,
        minDuration: 0,
        workers: Math.min(4, navigator.hardwareConcurrency || 2),
      });
      if (live) await el.verify();
    })().catch(() => live && onState('failed', null));
    return () => {
      live = false;
      el.removeEventListener('statechange', changed);
    };
  }, [challenge, onState]);
  return <altcha-widget ref={ref} type="checkbox" name="altcha" />;
}
