import { describe, expect, it } from 'vitest';
import { MENU_TYPEAHEAD_RESET_MS } from '../../common/constants';
import { EMPTY_TYPEAHEAD, isTypeAheadKey, typeAheadAdd, typeAheadMatch, wrapIndex } from './menubar-keys';

describe('wrapIndex', () => {
  it('steps forward and back and wraps at both ends', () => {
    expect(wrapIndex(0, 4, 1)).toBe(1);
    expect(wrapIndex(3, 4, 1)).toBe(0);
    expect(wrapIndex(0, 4, -1)).toBe(3);
    expect(wrapIndex(2, 0, 1)).toBe(-1);
  });
});

describe('type-ahead buffer', () => {
  it('keeps a word while keys come quickly and starts again after the pause', () => {
    let t = typeAheadAdd(EMPTY_TYPEAHEAD, 'F', 10_000);
    t = typeAheadAdd(t, 'r', 10_000 + MENU_TYPEAHEAD_RESET_MS);
    expect(t.text).toBe('fr');
    t = typeAheadAdd(t, 'x', 10_000 + 2 * MENU_TYPEAHEAD_RESET_MS + 1);
    expect(t.text).toBe('x');
    expect(MENU_TYPEAHEAD_RESET_MS).toBe(500);
  });

  it('counts printable characters only, never with Ctrl, Alt or Meta', () => {
    const k = (key: string, mod: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean }> = {}) =>
      isTypeAheadKey({ key, ctrlKey: false, altKey: false, metaKey: false, ...mod });
    expect(k('f')).toBe(true);
    expect(k('자')).toBe(true);
    expect(k('ArrowDown')).toBe(false);
    expect(k(' ')).toBe(false);
    expect(k('f', { ctrlKey: true })).toBe(false);
  });
});

describe('typeAheadMatch', () => {
  const items = [
    { label: '전체 글', shortKey: 'A' },
    { label: '인기 글', shortKey: 'T' },
    { label: '자유게시판', shortKey: 'F' },
    { label: '자료실', shortKey: '' },
  ];

  it('finds the next label starting with the text, after the current item and wrapping', () => {
    expect(typeAheadMatch(items, '자', 0)).toBe(2);
    expect(typeAheadMatch(items, '자', 2)).toBe(3);
    expect(typeAheadMatch(items, '자', 3)).toBe(2);
    expect(typeAheadMatch(items, '자유', 2)).toBe(2);
  });

  it('a Latin letter finds the item wearing that shortcut badge', () => {
    expect(typeAheadMatch(items, 'f', 0)).toBe(2);
    expect(typeAheadMatch(items, 't', -1)).toBe(1);
  });

  it('nothing matching is -1', () => {
    expect(typeAheadMatch(items, 'q', 0)).toBe(-1);
    expect(typeAheadMatch(items, '', 0)).toBe(-1);
    expect(typeAheadMatch([], 'a', 0)).toBe(-1);
  });
});
