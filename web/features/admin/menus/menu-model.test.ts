import { describe, expect, it } from 'vitest';
import { dropOn, type EditEntry, moveBy, moveToGroup, positionOf, previewGroups, toFlat, toInput } from './menu-model';

const g = (uid: string, visible = true): EditEntry => ({ uid, kind: 'group', label: uid, programId: '', shortKey: '', icon: '', target: '', visible });
const i = (uid: string, visible = true): EditEntry => ({ uid, kind: 'item', label: uid, programId: `p-${uid}`, shortKey: '', icon: '', target: '', visible });
// A: a1 a2 | B: b1 | C: (empty)
const start = [g('A'), i('a1'), i('a2'), g('B'), i('b1'), g('C')];
const order = (flat: EditEntry[] | null) => flat?.map((e) => e.uid).join(' ') ?? null;

describe('menu tree moves', () => {
  it('moves an item up and down, across group headings, never above the first group', () => {
    expect(order(moveBy(start, 'a2', -1))).toBe('A a2 a1 B b1 C');
    expect(order(moveBy(start, 'a1', -1))).toBeNull();
    expect(order(moveBy(start, 'a2', 1))).toBe('A a1 B a2 b1 C');
    expect(order(moveBy(start, 'b1', -1))).toBe('A a1 a2 b1 B C');
    expect(order(moveBy(start, 'b1', 1))).toBe('A a1 a2 B C b1');
  });

  it('moves a group with its items past the whole group beside it', () => {
    expect(order(moveBy(start, 'B', -1))).toBe('B b1 A a1 a2 C');
    expect(order(moveBy(start, 'A', 1))).toBe('B b1 A a1 a2 C');
    expect(order(moveBy(start, 'A', -1))).toBeNull();
    expect(order(moveBy(start, 'C', 1))).toBeNull();
  });

  it('moves an item into the group before (at its end) or after (at its start)', () => {
    expect(order(moveToGroup(start, 'b1', -1))).toBe('A a1 a2 b1 B C');
    expect(order(moveToGroup(start, 'a1', 1))).toBe('A a2 B a1 b1 C');
    expect(order(moveToGroup(start, 'a1', -1))).toBeNull();
    expect(order(moveToGroup(start, 'b1', 1))).toBe('A a1 a2 B C b1');
    expect(order(moveToGroup(start, 'A', 1))).toBeNull();
  });

  it('drops an item on another place, a group only at group boundaries', () => {
    expect(order(dropOn(start, 'a1', 'b1'))).toBe('A a2 B b1 a1 C');
    expect(order(dropOn(start, 'b1', 'a1'))).toBe('A b1 a1 a2 B C');
    expect(order(dropOn(start, 'a1', 'A'))).toBeNull();
    expect(order(dropOn(start, 'A', 'b1'))).toBe('B b1 A a1 a2 C');
    expect(order(dropOn(start, 'C', 'a2'))).toBe('C A a1 a2 B b1');
    expect(order(dropOn(start, 'A', 'a2'))).toBeNull();
  });

  it('says where an entry is', () => {
    expect(positionOf(start, 'b1')).toEqual({ group: start[3], n: 1 });
    expect(positionOf(start, 'C')).toEqual({ group: null, n: 3 });
  });

  it('turns the tree into the save input and back, and previews only what members see', () => {
    const flat = toFlat([
      { id: 1, label: '그룹', icon: 'pi pi-star', visible: true, items: [{ id: 2, label: '', programId: 'help', shortKey: 'k', icon: '', target: '', visible: true }] },
      { id: 3, label: '숨김', icon: '', visible: false, items: [{ id: 4, label: '안', programId: 'help', shortKey: '', icon: '', target: '', visible: true }] },
    ]);
    expect(order(flat)).toBe('g1 i2 g3 i4');
    expect(toInput(flat).groups.map((x) => x.items?.length)).toEqual([1, 1]);
    const preview = previewGroups(flat, [{ id: 'help', name: '도움말', url: '/board/manual/c0/list' }]);
    expect(preview).toHaveLength(1);
    expect(preview[0]!.items[0]).toMatchObject({ programName: '도움말', shortKey: 'K', url: '/board/manual/c0/list' });
  });
});
