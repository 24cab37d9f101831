import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeSlashes, encodeSlashes, formatDate, formatDateTime, formatInputDateTime, formatNumber, siteTime, siteYear } from './format.js';

describe('formatDateTime (KST)', () => {
  it('prints YYYY-MM-DD HH:mm:ss in Korea time whatever the machine zone', () => {
    expect(formatDateTime('2026-11-21T00:05:03Z')).toBe('2026-11-21 09:05:03');
    expect(formatDateTime(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 12:04:05');
    expect(formatDateTime(new Date('2026-03-01T12:00:00+09:00'))).toBe('2026-03-01 12:00:00');
  });

  it('rolls over the day, month and year at 15:00 UTC', () => {
    expect(formatDateTime('2025-12-31T14:59:59Z')).toBe('2025-12-31 23:59:59');
    expect(formatDateTime('2025-12-31T15:00:00Z')).toBe('2026-01-01 00:00:00');
    expect(formatDateTime('2024-02-28T15:00:00Z')).toBe('2024-02-29 00:00:00');
  });

  it('has no daylight saving', () => {
    expect(formatDateTime('2026-07-01T00:00:00Z')).toBe('2026-07-01 09:00:00');
    expect(formatDateTime('2026-01-01T00:00:00Z')).toBe('2026-01-01 09:00:00');
  });

  it('gives empty text for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
    expect(formatDate('nope')).toBe('');
  });

  it('formatDate is the date part in KST', () => {
    expect(formatDate('2026-11-20T20:00:00Z')).toBe('2026-11-21');
  });
});

describe('in a browser outside Korea', () => {
  // The browser's zone must never show: a member in Los Angeles sees the dates a member in Seoul sees.
  beforeAll(() => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('runs in that zone', () => {
    expect(new Date(2026, 10, 21).getTimezoneOffset()).toBe(480);
  });

  it('reads text the site wrote (no zone) as Korean time', () => {
    // The admin member table: joinDate comes as the server's KST text.
    expect(formatDate('2026-11-21 23:30:00')).toBe('2026-11-21');
    expect(formatDateTime('2026-11-21 09:05:03')).toBe('2026-11-21 09:05:03');
    expect(formatDate('2026-11-21')).toBe('2026-11-21');
    expect(siteTime('2026-11-21T09:05').toISOString()).toBe('2026-11-21T00:05:00.000Z');
    // An instant with its zone stays that instant.
    expect(formatDateTime('2026-11-21T00:05:03Z')).toBe('2026-11-21 09:05:03');
    expect(formatDate(Date.UTC(2026, 10, 21, 16))).toBe('2026-11-22');
  });

  it('fills a datetime-local field in Korean time and reads it back', () => {
    expect(formatInputDateTime(Date.UTC(2026, 10, 21, 16, 30, 45))).toBe('2026-11-22T01:30');
    expect(siteTime(formatInputDateTime(Date.UTC(2026, 10, 21, 16, 30))).getTime()).toBe(Date.UTC(2026, 10, 21, 16, 30));
    expect(siteYear(Date.UTC(2026, 11, 31, 15))).toBe(2027);
  });
});

describe('formatNumber', () => {
  it('uses thousands commas', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-45000)).toBe('-45,000');
  });
});

describe('encodeSlashes / decodeSlashes', () => {
  it('writes slashes as three hyphens', () => {
    expect(encodeSlashes('EF 24-70mm f/2.8L')).toBe('EF 24-70mm f---2.8L');
    expect(encodeSlashes('a/b/c')).toBe('a---b---c');
    expect(encodeSlashes('no slash')).toBe('no slash');
    expect(encodeSlashes('')).toBe('');
  });

  it('decodes back to the original', () => {
    for (const s of ['EF 24-70mm f/2.8L', '/lead/and/trail/', 'plain']) {
      expect(decodeSlashes(encodeSlashes(s))).toBe(s);
    }
  });
});
