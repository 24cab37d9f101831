// Programs: the registered pages menu entries point at (docs/product/site.md#programs-and-menus). A program's name and url show
// in the top menu, so every change drops the cached menu on every node.
import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { ProgramListQuery, ProgramRow, ProgramSave } from '../../../common/api/admin-menus.js';
import { topic } from '../../../common/korean.js';
import type { Tx } from '../../db/client.js';
import { menus, programs } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { menuChanged } from './admin-menus.js';

const PAGE_SIZE = 50;

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listPrograms(db: Tx, q: { page: number; search?: string | undefined; sort: NonNullable<ProgramListQuery['sort']> }) {
  const used = db.select({ programId: menus.programId, n: count().as('n') }).from(menus).groupBy(menus.programId).as('used');
  const where = q.search ? or(ilike(programs.id, likeText(q.search)), ilike(programs.name, likeText(q.search)), ilike(programs.url, likeText(q.search))) : undefined;
  const order = { id: programs.id, name: programs.name, url: programs.url }[q.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: programs.id, name: programs.name, url: programs.url, menuCount: sql<number>`coalesce(${used.n}, 0)::int` })
      .from(programs)
      .leftJoin(used, eq(used.programId, programs.id))
      .where(where)
      .orderBy(asc(order), asc(programs.id))
      .limit(PAGE_SIZE)
      .offset((q.page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(programs).where(where),
  ]);
  return { items: rows as ProgramRow[], page: q.page, pageSize: PAGE_SIZE, total: total?.n ?? 0 };
}

export async function saveProgram(db: Tx, admin: Member, input: Required<Omit<ProgramSave, 'create'>> & { create: boolean }) {
  const after = { id: input.id, name: input.name, url: input.url };
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(programs).where(eq(programs.id, input.id)).for('update');
    if (input.create && before) throw conflict(`${topic(`프로그램 아이디 ${input.id}`)} 이미 있습니다. 다른 아이디를 입력해 주세요.`, 'program_exists');
    if (!input.create && !before) throw notFound('프로그램을 찾을 수 없습니다.');
    if (before) await tx.update(programs).set({ name: after.name, url: after.url }).where(eq(programs.id, input.id));
    else await tx.insert(programs).values(after);
    await audit(tx, admin, { action: 'program.save', targetKind: 'program', targetKey: input.id, before: before ?? null, after });
  });
  menuChanged(db);
  return after;
}

export async function deleteProgram(db: Tx, admin: Member, id: string) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(programs).where(eq(programs.id, id)).for('update');
    if (!before) throw notFound('프로그램을 찾을 수 없습니다.');
    const [used] = await tx.select({ n: count() }).from(menus).where(eq(menus.programId, id));
    if ((used?.n ?? 0) > 0) throw badRequest(`메뉴 ${used!.n}곳에서 쓰고 있는 프로그램이라 지울 수 없습니다. 메뉴에서 먼저 빼 주세요.`, 'program_in_use');
    await tx.delete(programs).where(eq(programs.id, id));
    await audit(tx, admin, { action: 'program.delete', targetKind: 'program', targetKey: id, before, after: null });
  });
  menuChanged(db);
}
