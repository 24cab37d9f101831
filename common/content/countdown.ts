// Auction countdowns (the ! token). The renderer writes the end time; in the browser
// startCountdowns turns it into the time left and updates it every second.
import { formatNumber } from '../format.js';
import { CONTENT_TEXT } from './labels.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** "3일 04:05:06 남음", "00:00:09 남음", or "종료" once the end has passed. */
export function formatRemaining(ms: number): string {
  if (!(ms > 0)) return CONTENT_TEXT.ended;
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86400);
  const hms = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return `${days > 0 ? `${formatNumber(days)}${CONTENT_TEXT.days} ` : ''}${hms} ${CONTENT_TEXT.remaining}`;
}

// Only what is used of the DOM, so this file type-checks on the server too (no DOM library).
interface CountdownElement {
  getAttribute(name: string): string | null;
  textContent: string | null;
}
interface CountdownRoot {
  querySelectorAll(selectors: string): ArrayLike<CountdownElement>;
}

/**
 * Starts every .tok-countdown under root ticking. Returns a function that stops them; call it
 * when the content leaves the page. Elements added later need another call.
 */
export function startCountdowns(root: CountdownRoot, now: () => number = Date.now): () => void {
  const items = Array.from(root.querySelectorAll('.tok-countdown[data-end]'))
    .map((el) => ({ el, end: Date.parse(el.getAttribute('data-end') ?? '') }))
    .filter((c) => !Number.isNaN(c.end));
  if (items.length === 0) return () => {};
  const tick = () => {
    const t = now();
    let running = false;
    for (const { el, end } of items) {
      const text = formatRemaining(end - t);
      if (el.textContent !== text) el.textContent = text;
      running ||= end > t;
    }
    if (!running) clearInterval(timer);
  };
  const timer = setInterval(tick, 1000);
  tick();
  return () => clearInterval(timer);
}
