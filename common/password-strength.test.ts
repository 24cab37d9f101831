import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.js';

// docs/product/site.md#forms-and-checks: weak = any text; medium = 6+ with two of lower/upper/digit; strong = 8+ with all three.
describe('passwordStrength', () => {
  it('is none for empty text', () => {
    expect(passwordStrength('')).toBe('none');
  });

  it('is weak for any short or one-kind text', () => {
    for (const pw of ['a', 'Ab1', 'aB3d5', 'abcdefghij', 'ABCDEFGHIJ', '1234567890', '!@#$%^&*()', '한글암호입니다', 'abc!@#$%']) {
      expect(passwordStrength(pw), pw).toBe('weak');
    }
  });

  it('is medium from 6 characters with two of lower, upper, digit', () => {
    expect(passwordStrength('abcde1')).toBe('medium');
    expect(passwordStrength('abcdeF')).toBe('medium');
    expect(passwordStrength('ABCDE1')).toBe('medium');
    expect(passwordStrength('abc12')).toBe('weak'); // 5 characters
    // All three kinds but under 8 characters is still only medium.
    expect(passwordStrength('aB3456')).toBe('medium');
    expect(passwordStrength('aB34567')).toBe('medium');
    // Two kinds stay medium however long.
    expect(passwordStrength('abcdefghijklmnop123')).toBe('medium');
  });

  it('is strong from 8 characters with lower, upper and digit', () => {
    expect(passwordStrength('aB345678')).toBe('strong');
    expect(passwordStrength('Password1')).toBe('strong');
    expect(passwordStrength('xY9!한글암호')).toBe('strong');
    expect(passwordStrength('aB34567')).not.toBe('strong');
  });

  it('counts symbols and Hangul toward length but not as a kind', () => {
    expect(passwordStrength('abc!!!')).toBe('weak');
    expect(passwordStrength('ab1!!!')).toBe('medium');
  });
});
