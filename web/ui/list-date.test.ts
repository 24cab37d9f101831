import { describe, expect, it } from 'vitest';
import { formatListDate, formatPostDate } from './list-date';

describe('formatListDate', () => {
  const now = Date.parse('2026-03-10T05:00:00Z'); // 14:00 in Seoul

  it('shows the time for today in Seoul', () => {
    expect(formatListDate('2026-03-10T00:30:00Z', now)).toBe('09:30');
    // 15:10 UTC on the 9th is already 00:10 on the 10th in Seoul.
    expect(formatListDate('2026-03-09T15:10:00Z', now)).toBe('00:10');
  });

  it('shows the day for anything earlier', () => {
    expect(formatListDate('2026-03-09T14:59:00Z', now)).toBe('2026-03-09');
    expect(formatListDate('2025-12-31T01:00:00Z', now)).toBe('2025-12-31');
  });

  it('is empty for a bad date', () => {
    expect(formatListDate('nope', now)).toBe('');
  });

  it('post dates keep minutes', () => {
    expect(formatPostDate('2026-03-10T00:30:59Z')).toBe('2026-03-10 09:30');
  });
});
