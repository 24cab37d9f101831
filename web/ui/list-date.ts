// Dates in lists: today's posts show the time (HH:mm), older ones the day (YYYY-MM-DD), both in
// the club's time zone like every other date on the site (common/format).
import { useState } from 'react';
import { formatDateTime } from '../../common/format';

export function formatListDate(value: string | number | Date, now: number = Date.now()): string {
  const full = formatDateTime(value);
  if (full === '') return '';
  return full.slice(0, 10) === formatDateTime(now).slice(0, 10) ? full.slice(11, 16) : full.slice(0, 10);
}

/** Minutes precision for a post's own dates: 2026-11-21 09:05. */
export function formatPostDate(value: string | number | Date): string {
  return formatDateTime(value).slice(0, 16);
}

/** The moment the list was drawn, fixed for the life of the component (today vs. earlier). */
export function useListNow(): number {
  const [now] = useState(() => Date.now());
  return now;
}
