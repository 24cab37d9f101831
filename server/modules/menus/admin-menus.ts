// The menu tree for the admin (docs/product/site.md#programs-and-menus): stored flat in `menus` by sort (a group row, then its
// items), read and written here as groups with their items. A save replaces the whole
// tree in one transaction; every change drops the cached top menu on every node (menuChanged).
import { asc, eq, inArray } from 'drizzle-orm';
import { type MenuGroupRow, type MenuOrder, type MenuTreeSave, RESERVED_SHORT_KEYS, shortKeyClash } from '../../../common/api/admin-menus.js';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { menus, programs } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { answersChanged } from '../../lib/answer-cache.js';
import { badRequest } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';

/** The signal tag of the top menu: routes.ts drops its per-node copy when it arrives. */
export const MENU_TAG = 'menu';

/** After a committed change to menus or programs: every node forgets its copy of the top menu. */
export const menuChanged = (db: object) => answersChanged(db, [MENU_TAG]);

type MenuRow = typeof menus.$inferSelect;

/** Flat rows in menu order → groups with their items. An item before any group opens an unnamed group. */
function toTree(rows: MenuRow[]): MenuGroupRow[] {
  const groups: MenuGroupRow[] = [];
  for (const r of rows) {
    if (r.groupYn === 'Y' || groups.length === 0) {
      groups.push({ id: r.id, label: r.label ?? '', icon: r.icon, visible: r.visible, items: [] });
      if (r.groupYn === 'Y') continue;
    }
    groups.at(-1)!.items.push({
      id: r.id,
      label: r.label ?? '',
      programId: r.programId ?? '',
      shortKey: r.shortKey,
      icon: r.icon,
      target: r.target === '_blank' ? '_blank' : '',
      visible: r.visible,
    });
  }
  return groups;
}

const readRows = (db: Tx) => db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));

export async function listTree(db: Tx) {
  const [rows, progs] = await Promise.all([readRows(db), db.select().from(programs).orderBy(asc(programs.name), asc(programs.id))]);
  return { groups: toTree(rows), programs: progs, reservedKeys: [...RESERVED_SHORT_KEYS] };
}

/** The audit's picture of a tree: what a member sees, without row ids. */
const snapshot = (groups: MenuGroupRow[]) => groups.map(({ id: _g, items, ...g }) => ({ ...g, items: items.map(({ id: _i, ...i }) => i) }));

/** Writes the groups as flat rows in order, replacing every row. */
async function writeTree(tx: Tx, groups: z.output<typeof MenuTreeSave>['groups']) {
  await tx.delete(menus);
  const values: Array<typeof menus.$inferInsert> = [];
  for (const g of groups) {
    values.push({ sort: (values.length + 1) * 10, groupYn: 'Y', programId: null, label: g.label, icon: g.icon, visible: g.visible });
    for (const i of g.items)
      values.push({
        sort: (values.length + 1) * 10,
        groupYn: 'N',
        programId: i.programId,
        label: i.label || null,
        shortKey: i.shortKey,
        icon: i.icon,
        target: i.target,
        visible: i.visible,
      });
  }
  if (values.length) await tx.insert(menus).values(values);
}

export async function saveTree(db: Tx, admin: Member, input: z.output<typeof MenuTreeSave>) {
  const wanted = [...new Set(input.groups.flatMap((g) => g.items.map((i) => i.programId)))];
  const result = await db.transaction(async (tx) => {
    const known = wanted.length ? await tx.select({ id: programs.id, name: programs.name }).from(programs).where(inArray(programs.id, wanted)) : [];
    const missing = wanted.find((id) => !known.some((p) => p.id === id));
    if (missing !== undefined) throw badRequest(`등록되지 않은 프로그램입니다: ${missing}. 프로그램 관리에서 먼저 등록해 주세요.`, 'unknown_program');
    const clash = shortKeyClash(input.groups, Object.fromEntries(known.map((p) => [p.id, p.name])));
    if (clash) throw badRequest(clash.message, 'short_key_taken');
    const before = toTree(await readRows(tx));
    await writeTree(tx, input.groups);
    const after = toTree(await readRows(tx));
    await audit(tx, admin, { action: 'menu.save', targetKind: 'menu', targetKey: 'top', before: snapshot(before), after: snapshot(after) });
    return after;
  });
  menuChanged(db);
  return result;
}

/** Moves one entry (a group with its items, or an item into a group) and renumbers the sort. */
export async function moveEntry(db: Tx, admin: Member, move: z.output<typeof MenuOrder>) {
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(menus).orderBy(asc(menus.sort), asc(menus.id)).for('update');
    const groups = toTree(rows);
    const before = snapshot(groups);
    const gIndex = groups.findIndex((g) => g.id === move.id);
    if (gIndex >= 0) {
      if (move.groupId !== undefined) throw badRequest('그룹은 다른 그룹 안에 넣을 수 없습니다.', 'bad_move');
      const [group] = groups.splice(gIndex, 1);
      groups.splice(Math.min(move.index, groups.length), 0, group!);
    } else {
      const from = groups.find((g) => g.items.some((i) => i.id === move.id));
      if (!from) throw badRequest('옮길 메뉴를 찾을 수 없습니다.', 'bad_move');
      const into = move.groupId === undefined ? from : groups.find((g) => g.id === move.groupId);
      if (!into) throw badRequest('옮겨 넣을 그룹을 찾을 수 없습니다.', 'bad_move');
      const item = from.items.splice(
        from.items.findIndex((i) => i.id === move.id),
        1,
      )[0]!;
      into.items.splice(Math.min(move.index, into.items.length), 0, item);
    }
    // Same rows, new sort numbers: ids stay, so nothing else changes.
    let sort = 0;
    for (const g of groups) for (const id of [g.id, ...g.items.map((i) => i.id)]) await tx.update(menus).set({ sort: (sort += 10) }).where(eq(menus.id, id));
    await audit(tx, admin, { action: 'menu.order', targetKind: 'menu', targetKey: move.id, before, after: snapshot(groups) });
  });
  menuChanged(db);
  return listTree(db);
}
