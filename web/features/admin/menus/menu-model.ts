// The menu tree as the editor holds it: one flat list in menu order, a group heading followed by
// its items (docs/product/site.md#programs-and-menus), so dragging and the move buttons are plain list moves. Pure functions,
// tested in menu-model.test.ts; every move returns null when it is not possible.
import type { MenuGroupRow, MenuTreeSave } from '../../../../common/api/admin-menus';
import type { MenuEntry } from '../../../../common/api/menu';
import type { MenuGroup } from '../../../shared/menu-tree';

export interface EditEntry {
  uid: string;
  kind: 'group' | 'item';
  label: string;
  programId: string;
  shortKey: string;
  icon: string;
  target: '' | '_blank';
  visible: boolean;
}

export interface ProgramInfo {
  id: string;
  name: string;
  url: string;
}

let counter = 0;
export const newUid = () => `n${++counter}`;

export function toFlat(groups: MenuGroupRow[]): EditEntry[] {
  return groups.flatMap((g) => [
    { uid: `g${g.id}`, kind: 'group' as const, label: g.label, programId: '', shortKey: '', icon: g.icon, target: '' as const, visible: g.visible },
    ...g.items.map((i) => ({ uid: `i${i.id}`, kind: 'item' as const, ...i })),
  ]);
}

/** The flat list as menu/save takes it. */
export function toInput(flat: readonly EditEntry[]): MenuTreeSave {
  const groups: MenuTreeSave['groups'] = [];
  for (const e of flat) {
    if (e.kind === 'group') groups.push({ label: e.label, icon: e.icon, visible: e.visible, items: [] });
    else groups.at(-1)?.items?.push({ label: e.label, programId: e.programId, shortKey: e.shortKey, icon: e.icon, target: e.target, visible: e.visible });
  }
  return { groups };
}

/** What the entry is called in the editor: its label, else its program's name. */
export const entryName = (e: EditEntry, programs: readonly ProgramInfo[]) =>
  e.label.trim() || programs.find((p) => p.id === e.programId)?.name || e.programId || '—';

/** Index of the group heading an entry belongs to (itself for a heading). */
export function groupStart(flat: readonly EditEntry[], i: number): number {
  for (let j = i; j >= 0; j--) if (flat[j]!.kind === 'group') return j;
  return -1;
}

/** End (exclusive) of the group whose heading is at i. */
export function groupEnd(flat: readonly EditEntry[], i: number): number {
  let j = i + 1;
  while (j < flat.length && flat[j]!.kind === 'item') j++;
  return j;
}

const splice = (flat: readonly EditEntry[], from: number, count: number, at: number) => {
  const rest = [...flat];
  const moved = rest.splice(from, count);
  rest.splice(at > from ? at - count : at, 0, ...moved);
  return rest;
};

/** Up or down by one: an item crosses a group heading into the group beside; a group passes a whole group. */
export function moveBy(flat: readonly EditEntry[], uid: string, dir: -1 | 1): EditEntry[] | null {
  const i = flat.findIndex((e) => e.uid === uid);
  if (i < 0) return null;
  if (flat[i]!.kind === 'item') {
    const j = i + dir;
    if (j < 1 || j >= flat.length) return null;
    return splice(flat, i, 1, dir > 0 ? j + 1 : j);
  }
  const end = groupEnd(flat, i);
  if (dir < 0) {
    if (i === 0) return null;
    return splice(flat, i, end - i, groupStart(flat, i - 1));
  }
  if (end >= flat.length) return null;
  return splice(flat, i, end - i, groupEnd(flat, end));
}

/** An item to the end of the group before its own, or to the start of the group after. */
export function moveToGroup(flat: readonly EditEntry[], uid: string, dir: -1 | 1): EditEntry[] | null {
  const i = flat.findIndex((e) => e.uid === uid);
  if (i < 0 || flat[i]!.kind !== 'item') return null;
  const own = groupStart(flat, i);
  if (dir < 0) return own > 0 ? splice(flat, i, 1, own) : null;
  const next = groupEnd(flat, own);
  return next < flat.length ? splice(flat, i, 1, next + 1) : null;
}

/** A drop of `active` on `over`: an item takes over's place; a group moves with its items to a group boundary. */
export function dropOn(flat: readonly EditEntry[], active: string, over: string): EditEntry[] | null {
  const from = flat.findIndex((e) => e.uid === active);
  const to = flat.findIndex((e) => e.uid === over);
  if (from < 0 || to < 0 || from === to) return null;
  if (flat[from]!.kind === 'item') {
    const next = splice(flat, from, 1, to > from ? to + 1 : to);
    return next[0]?.kind === 'group' ? next : null;
  }
  const end = groupEnd(flat, from);
  if (to >= from && to < end) return null;
  const target = groupStart(flat, to);
  return splice(flat, from, end - from, to > from ? groupEnd(flat, target) : target);
}

/** Where an entry now sits, for the screen reader: "커뮤니티 그룹 2번째" or "그룹 3번째". */
export function positionOf(flat: readonly EditEntry[], uid: string): { group: EditEntry | null; n: number } {
  const i = flat.findIndex((e) => e.uid === uid);
  if (i < 0) return { group: null, n: 0 };
  if (flat[i]!.kind === 'group') return { group: null, n: flat.slice(0, i + 1).filter((e) => e.kind === 'group').length };
  const start = groupStart(flat, i);
  return { group: flat[start] ?? null, n: i - start };
}

/** The visible menu members would get, for the previews (the same rules as the server). */
export function previewGroups(flat: readonly EditEntry[], programs: readonly ProgramInfo[]): MenuGroup[] {
  const groups: MenuGroup[] = [];
  let shown = true;
  for (const e of flat) {
    const program = programs.find((p) => p.id === e.programId);
    const entry: MenuEntry = {
      groupYn: e.kind === 'group' ? 'Y' : 'N',
      programId: e.kind === 'group' ? e.uid : e.programId,
      programName: e.label.trim() || program?.name || '',
      taget: e.target,
      shortKey: e.kind === 'group' ? '' : e.shortKey.toUpperCase(),
      url: e.kind === 'group' ? '' : (program?.url ?? ''),
      icon: e.icon,
    };
    if (e.kind === 'group') {
      shown = e.visible;
      if (shown) groups.push({ entry, items: [] });
    } else if (shown && e.visible) groups.at(-1)?.items.push(entry);
  }
  return groups;
}
