import { describe, expect, it } from 'vitest';
import { pageWindow } from './list-pager';

describe('pageWindow', () => {
  it('centres the current page', () => {
    expect(pageWindow(10, 50, 5)).toEqual([8, 9, 10, 11, 12]);
  });
  it('stays inside the first and last page', () => {
    expect(pageWindow(1, 50, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(50, 50, 5)).toEqual([46, 47, 48, 49, 50]);
    expect(pageWindow(2, 3, 10)).toEqual([1, 2, 3]);
  });
});
