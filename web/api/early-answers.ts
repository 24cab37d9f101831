// Answers the route preloader asked for while the entry was still downloading (vite.config.ts,
// web/api/first-calls.ts): each goes to the first call with the same path and body, once, during
// the first load only.
import { EARLY_ANSWERS } from './first-calls';

/** The preloader's record on window: when it asked, and each answer by `${path} ${body}`. */
export interface EarlyAnswers {
  at: number;
  answers: Record<string, Promise<Response | null> | undefined>;
}

declare global {
  interface Window {
    [EARLY_ANSWERS]?: EarlyAnswers;
  }
}

/** Older answers are not handed out: the page has been in use, and things may have changed. */
const FRESH_MS = 15_000;

/** Made now if the preloader has not run: it then asks for nothing, the app having begun. */
const store: EarlyAnswers = (globalThis as { [EARLY_ANSWERS]?: EarlyAnswers })[EARLY_ANSWERS] ??= { at: 0, answers: {} };

/** The early answer to this call (null when the preloader's request failed), taken once. */
export function earlyAnswer(path: string, body: string, now = Date.now()): Promise<Response | null> | undefined {
  const key = `${path} ${body}`;
  const answer = store.answers[key];
  if (!answer) return undefined;
  delete store.answers[key];
  return now - store.at < FRESH_MS ? answer : undefined;
}
