import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../common/api/menu';
import { groupMenu, isExternal } from './menu-tree';

const e = (programId: string, groupYn: 'Y' | 'N', url = '', extra: Partial<MenuEntry> = {}): MenuEntry => ({
  groupYn,
  programId,
  programName: programId,
  taget: '',
  shortKey: '',
  url,
  icon: '',
  ...extra,
});

describe('groupMenu', () => {
  it('nests entries under the most recent group', () => {
    const groups = groupMenu([e('board', 'Y'), e('free', 'N', '/board/free/c0/list'), e('market', 'Y'), e('sell', 'N', '/market/sell/list')]);
    expect(groups.map((g) => [g.entry.programId, g.items.map((i) => i.programId)])).toEqual([
      ['board', ['free']],
      ['market', ['sell']],
    ]);
  });

  it('treats the first entry as a group even when it is not marked as one', () => {
    const groups = groupMenu([e('first', 'N', '/x'), e('a', 'N', '/a'), e('b', 'N', '/b')]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.entry.programId).toBe('first');
    expect(groups[0]?.items.map((i) => i.programId)).toEqual(['a', 'b']);
  });

  it('keeps empty groups and handles an empty menu', () => {
    expect(groupMenu([])).toEqual([]);
    const groups = groupMenu([e('g1', 'Y'), e('g2', 'Y'), e('c', 'N', '/c')]);
    expect(groups.map((g) => g.items.length)).toEqual([0, 1]);
  });
});

describe('isExternal', () => {
  it('tells site paths from other sites and new windows', () => {
    expect(isExternal({ url: '/all/list', taget: '' })).toBe(false);
    expect(isExternal({ url: '/all/list', taget: '_self' })).toBe(false);
    expect(isExternal({ url: 'https://example.com', taget: '' })).toBe(true);
    expect(isExternal({ url: '//example.com/a', taget: '' })).toBe(true);
    expect(isExternal({ url: '/board/manual/c0/list', taget: '_blank' })).toBe(true);
  });

  it('never routes in the app an address a browser opens as another host', () => {
    for (const url of ['/\\evil.example', '\\\\evil.example', '/\t/evil.example', 'https:evil.example']) expect(isExternal({ url, taget: '' }), url).toBe(true);
    expect(isExternal({ url: '/%5Cevil', taget: '' })).toBe(false);
  });
});
