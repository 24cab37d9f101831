import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../common/api/menu';
import { isEditingPath, isTypingTarget, shortcutTarget, type KeyInput } from './shortcuts';

const menu: MenuEntry[] = [
  { groupYn: 'Y', programId: 'g', programName: '게시판', taget: '', shortKey: 'g', url: '/group', icon: '' },
  { groupYn: 'N', programId: 'free', programName: '자유게시판', taget: '', shortKey: 'F', url: '/board/free/c0/list', icon: '' },
  { groupYn: 'N', programId: 'all', programName: '전체', taget: '', shortKey: 'a', url: '/all/list', icon: '' },
  { groupYn: 'N', programId: 'none', programName: '없음', taget: '', shortKey: '', url: '/none', icon: '' },
];

const key = (k: string, over: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  typing: false,
  pathname: '/',
  ...over,
});

describe('shortcutTarget', () => {
  it('goes home with H in either case', () => {
    expect(shortcutTarget(key('h'), menu)).toBe('/');
    expect(shortcutTarget(key('H'), menu)).toBe('/');
  });

  it("follows a menu item's shortKey regardless of case", () => {
    expect(shortcutTarget(key('f'), menu)).toBe('/board/free/c0/list');
    expect(shortcutTarget(key('A'), menu)).toBe('/all/list');
  });

  it('ignores group headings, unknown keys and named keys', () => {
    expect(shortcutTarget(key('g'), menu)).toBeNull();
    expect(shortcutTarget(key('z'), menu)).toBeNull();
    expect(shortcutTarget(key('Enter'), menu)).toBeNull();
    expect(shortcutTarget(key(' '), menu)).toBeNull();
  });

  it('does nothing on write and edit pages', () => {
    expect(shortcutTarget(key('h', { pathname: '/board/free/write' }), menu)).toBeNull();
    expect(shortcutTarget(key('f', { pathname: '/market/edit/12' }), menu)).toBeNull();
    expect(shortcutTarget(key('h', { pathname: '/board/free/view/12' }), menu)).toBe('/');
  });

  it('does nothing while typing or with a modifier held', () => {
    expect(shortcutTarget(key('h', { typing: true }), menu)).toBeNull();
    expect(shortcutTarget(key('h', { ctrlKey: true }), menu)).toBeNull();
    expect(shortcutTarget(key('f', { altKey: true }), menu)).toBeNull();
    expect(shortcutTarget(key('f', { metaKey: true }), menu)).toBeNull();
  });
});

describe('isEditingPath', () => {
  it('matches /write and /edit anywhere in the path', () => {
    expect(isEditingPath('/board/free/write')).toBe(true);
    expect(isEditingPath('/market/edit/3')).toBe(true);
    expect(isEditingPath('/market/view/3')).toBe(false);
  });
});

describe('isTypingTarget', () => {
  it('treats text inputs, textareas, selects and contenteditable as typing', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'input', type: 'password' })).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'SELECT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
  });

  it('lets checkboxes, buttons and plain elements pass', () => {
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget({ tagName: 'DIV' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
