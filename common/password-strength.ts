import { STRENGTH_MEDIUM_MIN, STRENGTH_STRONG_MIN } from './constants.js';

export type Strength = 'none' | 'weak' | 'medium' | 'strong';

/** docs/product/site.md#forms-and-checks: weak = any text; medium = 6+ with two of lower/upper/digit; strong = 8+ with all three. */
export function passwordStrength(pw: string): Strength {
  if (!pw) return 'none';
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((r) => r.test(pw)).length;
  if (pw.length >= STRENGTH_STRONG_MIN && kinds === 3) return 'strong';
  if (pw.length >= STRENGTH_MEDIUM_MIN && kinds >= 2) return 'medium';
  return 'weak';
}
