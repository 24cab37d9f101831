import { describe, expect, it } from 'vitest';
import { moveItem, startIndex } from './order';

const list = [{ galleryKey: 1 }, { galleryKey: 2 }, { galleryKey: 3 }];
const keys = (l: { galleryKey: number }[] | null) => l?.map((e) => e.galleryKey) ?? null;

describe('moveItem', () => {
  it('moves an exhibit one place up or down', () => {
    expect(keys(moveItem(list, 2, -1))).toEqual([2, 1, 3]);
    expect(keys(moveItem(list, 2, 1))).toEqual([1, 3, 2]);
  });
  it('refuses to move past either end or an unknown exhibit', () => {
    expect(moveItem(list, 1, -1)).toBeNull();
    expect(moveItem(list, 3, 1)).toBeNull();
    expect(moveItem(list, 9, 1)).toBeNull();
  });
  it('leaves the given list as it was', () => {
    moveItem(list, 1, 1);
    expect(keys(list)).toEqual([1, 2, 3]);
  });
});

describe('startIndex', () => {
  it('starts at the exhibit asked for, else at the first', () => {
    expect(startIndex(list, 3)).toBe(2);
    expect(startIndex(list, null)).toBe(0);
    expect(startIndex(list, 42)).toBe(0);
    expect(startIndex([], 1)).toBe(0);
  });
});
