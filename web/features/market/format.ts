// Prices, relative times and time left as the market shows them.
import { formatDate, formatNumber } from '../../../common/format';
import { koMarket } from './texts';

const t = koMarket.time;

export const formatWon = (n: number) => `${formatNumber(n)}원`;

/** "방금 전", "5분 전", "3시간 전", "2일 전", then the date. */
export function relativeTime(value: string, now: number = Date.now()): string {
  const ms = now - new Date(value).getTime();
  const min = Math.floor(ms / 60_000);
  if (min < 1) return t.justNow;
  if (min < 60) return t.minutes(min);
  const h = Math.floor(min / 60);
  if (h < 24) return t.hours(h);
  const d = Math.floor(h / 24);
  if (d < 7) return t.days(d);
  return formatDate(value);
}

/** "2일 3시간", "3시간 5분 10초", "4분 10초", "9초" for the milliseconds left (0 when over). */
export function timeLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return t.leftDays(d, h);
  if (h > 0) return t.leftHours(h, m, s % 60);
  if (m > 0) return t.leftMinutes(m, s % 60);
  return t.leftSeconds(s);
}

/**
 * How far the server's clock is ahead of this device's, from an answer's `now`: measured the
 * first time that `now` is seen (an unchanged answer served again from the ETag memory keeps
 * its first measure), so the countdown follows the server, not the phone.
 */
const offsets = new Map<string, number>();
export function serverOffset(now: string): number {
  let offset = offsets.get(now);
  if (offset === undefined) {
    offset = Date.parse(now) - Date.now();
    if (offsets.size > 50) offsets.clear();
    offsets.set(now, offset);
  }
  return offset;
}
