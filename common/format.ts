// Display formats used across the site (SPEC §9: thousands commas, dates as YYYY-MM-DD HH:mm:ss).

const pad = (n: number) => String(n).padStart(2, '0');

/** 2026-11-21 09:05:03 in the site's time zone (Asia/Seoul, where the club lives). */
export function formatDateTime(value: string | number | Date): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  // Shift to KST (UTC+9, no daylight saving) so server and browser print the same text.
  const k = new Date(d.getTime() + 9 * 3600_000);
  return (
    `${k.getUTCFullYear()}-${pad(k.getUTCMonth() + 1)}-${pad(k.getUTCDate())} ` +
    `${pad(k.getUTCHours())}:${pad(k.getUTCMinutes())}:${pad(k.getUTCSeconds())}`
  );
}

export function formatDate(value: string | number | Date): string {
  return formatDateTime(value).slice(0, 10);
}

export function formatNumber(n: number): string {
  return n.toLocaleString('en-US');
}

/** Slashes inside a URL segment are written as three hyphens (SPEC §9). */
export function encodeSlashes(segment: string): string {
  return segment.replaceAll('/', '---');
}

export function decodeSlashes(segment: string): string {
  return segment.replaceAll('---', '/');
}
