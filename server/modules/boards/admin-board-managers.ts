// A board's managers from the admin area (saved with the board, /api/admin/board/save): members
// the administrator names by their ids. The list given replaces the board's; a save without one
// keeps them. Inside the board write's transaction, so the audit record's before and after show
// the change (boardRecord).
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { boardManagers, users } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';

export const MANAGER_MSG = {
  unknown: (ids: string[]) => `매니저로 지정할 회원을 찾을 수 없습니다: ${ids.join(', ')}`,
  inactive: (ids: string[]) => `이용이 정지되었거나 탈퇴한 회원은 매니저가 될 수 없습니다: ${ids.join(', ')}`,
} as const;

/** The managers of some boards, each board's in the order they were named. */
export async function managersOf(tx: Tx, boardIds: string[]): Promise<Map<string, Array<{ userId: string; nickName: string }>>> {
  const out = new Map<string, Array<{ userId: string; nickName: string }>>();
  if (boardIds.length === 0) return out;
  const rows = await tx
    .select({ boardId: boardManagers.boardId, userId: users.userId, nickName: users.nickName })
    .from(boardManagers)
    .innerJoin(users, eq(users.no, boardManagers.userNo))
    .where(inArray(boardManagers.boardId, boardIds))
    .orderBy(asc(boardManagers.createdAt), asc(users.userId));
  for (const r of rows) {
    const list = out.get(r.boardId) ?? [];
    list.push({ userId: r.userId, nickName: r.nickName ?? r.userId });
    out.set(r.boardId, list);
  }
  return out;
}

/** Makes the board's managers the members named (active members only). */
export async function syncManagers(tx: Tx, boardId: string, userIds: string[]): Promise<void> {
  const wanted = [...new Set(userIds)];
  const found = wanted.length
    ? await tx.select({ no: users.no, userId: users.userId, status: users.status }).from(users).where(inArray(users.userId, wanted))
    : [];
  const missing = wanted.filter((id) => !found.some((u) => u.userId === id));
  if (missing.length) throw badRequest(MANAGER_MSG.unknown(missing));
  const inactive = found.filter((u) => u.status !== 'active').map((u) => u.userId);
  if (inactive.length) throw badRequest(MANAGER_MSG.inactive(inactive));
  const nos = found.map((u) => u.no);
  await tx.delete(boardManagers).where(and(eq(boardManagers.boardId, boardId), nos.length ? notInArray(boardManagers.userNo, nos) : undefined));
  if (nos.length) await tx.insert(boardManagers).values(nos.map((userNo) => ({ boardId, userNo }))).onConflictDoNothing();
}
