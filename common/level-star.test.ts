import { describe, expect, it } from 'vitest';
import { starColor } from './level-star.js';

// docs/product/members.md#activity-rank-and-stars: up to 100 rainbow, up to 300 red, up to 600 green, up to 1000 blue, up to 1500 outline.
describe('starColor', () => {
  it.each([
    [1, 'rainbow'],
    [100, 'rainbow'],
    [101, 'red'],
    [300, 'red'],
    [301, 'green'],
    [600, 'green'],
    [601, 'blue'],
    [1000, 'blue'],
    [1001, 'outline'],
    [1500, 'outline'],
  ] as const)('levelKey %i is %s', (levelKey, color) => {
    expect(starColor(levelKey)).toBe(color);
  });

  it('has no star above 1500', () => {
    expect(starColor(1501)).toBeNull();
    expect(starColor(1_000_000)).toBeNull();
  });

  it('has no star when logged out or out of range', () => {
    expect(starColor(null)).toBeNull();
    expect(starColor(undefined)).toBeNull();
    expect(starColor(0)).toBeNull();
    expect(starColor(-5)).toBeNull();
  });
});
