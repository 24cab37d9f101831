import { describe, expect, it } from 'vitest';
import { numberFromText } from './format.js';

describe('numberFromText', () => {
  it('reads a whole number as people type it, empty as none, anything else as not a number', () => {
    expect(numberFromText('50,000')).toBe(50_000);
    expect(numberFromText(' 50 000원 ')).toBe(50_000);
    expect(numberFromText('7')).toBe(7);
    expect(numberFromText('')).toBeUndefined();
    expect(numberFromText('  ')).toBeUndefined();
    for (const text of ['5만', '1e3', '0x10', '-5', '1.5', '12a']) expect(numberFromText(text)).toBeNaN();
  });
});
