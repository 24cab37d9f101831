// Display formats used across the site (docs/product/site.md#formats: thousands commas, dates as YYYY-MM-DD HH:mm:ss).

const pad = (n: number) => String(n).padStart(2, '0');

/** KST is UTC+9 all year (no daylight saving). */
const KST_MS = 9 * 3600_000;
/** A day, or a day and time, written without a zone: "2026-11-21", "2026-11-21 09:05:03", "2026-11-21T09:05". */
const ZONELESS = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?))?$/;

/**
 * The instant a value names. Text without a zone is Korean time, as the site writes it (calls
 * answer dates as formatDateTime's text) and as a member types it; a browser would read it in its
 * own zone, a day off outside Korea.
 */
export function siteTime(value: string | number | Date): Date {
  const m = typeof value === 'string' ? ZONELESS.exec(value.trim()) : null;
  return m ? new Date(`${m[1]}T${m[2] ?? '00:00'}+09:00`) : new Date(value);
}

/** 2026-11-21 09:05:03 in the site's time zone (Asia/Seoul, where the club lives). */
export function formatDateTime(value: string | number | Date): string {
  const d = siteTime(value);
  if (Number.isNaN(d.getTime())) return '';
  // Shift to KST so server and browser print the same text, whatever zone they run in.
  const k = new Date(d.getTime() + KST_MS);
  return (
    `${k.getUTCFullYear()}-${pad(k.getUTCMonth() + 1)}-${pad(k.getUTCDate())} ` +
    `${pad(k.getUTCHours())}:${pad(k.getUTCMinutes())}:${pad(k.getUTCSeconds())}`
  );
}

export function formatDate(value: string | number | Date): string {
  return formatDateTime(value).slice(0, 10);
}

/** A datetime-local field's value in Korean time ("2026-11-21T09:05"); siteTime reads it back. */
export function formatInputDateTime(value: string | number | Date): string {
  return formatDateTime(value).slice(0, 16).replace(' ', 'T');
}

/** The year in Korea (a browser elsewhere may still be in the old year, or already in the new). */
export function siteYear(value: string | number | Date = Date.now()): number {
  return Number(formatDate(value).slice(0, 4));
}

// One formatter for every call: toLocaleString with a locale builds a new one each time, which a
// list of numbers on a slow phone pays for again and again.
const NUMBER = new Intl.NumberFormat('en-US');

export function formatNumber(n: number): string {
  return NUMBER.format(n);
}

/** Slashes inside a URL segment are written as three hyphens (docs/product/site.md#formats). */
export function encodeSlashes(segment: string): string {
  return segment.replaceAll('/', '---');
}

export function decodeSlashes(segment: string): string {
  return segment.replaceAll('---', '/');
}

/**
 * A whole number typed into a text box, as people write it (50,000 · 50 000 · 50000원): undefined
 * when empty, NaN when it is not digits (the form's schema then asks for a number). The calls take
 * JSON numbers only, so forms convert here before checking.
 */
export function numberFromText(text: string): number | undefined {
  const digits = text.replace(/[,\s원]/g, '');
  if (digits === '') return undefined;
  return /^\d{1,15}$/.test(digits) ? Number(digits) : Number.NaN;
}
