// A board's categories from the admin area: the editor's list (add, rename, reorder, remove an
// empty one) and the merge that moves every post of one category into another. A category that
// holds posts (deleted ones too) only goes by a merge, so no post is ever left without one.
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminBoardCategoryDraft } from '../../../common/api/admin-boards.js';
import type { Db, Tx } from '../../db/client.js';
import { boardCategories, posts } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { BOARD_MSG, boardRecord, boardsWritten, lockBoards } from './admin-board-record.js';
import { rebuildPageChunks } from '../posts/page-chunks.js';

export const CATEGORY_MSG = {
  noCategory: '분류를 찾을 수 없습니다.',
  holdsPosts: (name: string) => `글이 있는 분류(${name})는 지울 수 없습니다. 다른 분류로 합쳐 주세요.`,
  sameCategory: '같은 분류로는 합칠 수 없습니다.',
} as const;

type Draft = z.output<typeof AdminBoardCategoryDraft>;

const codeNumber = (code: string) => Number(code.slice(1));

/** Categories of the board that hold at least one post (deleted posts too). */
async function usedCodes(tx: Tx, boardId: string): Promise<Set<string>> {
  const rows = await tx.selectDistinct({ code: posts.category }).from(posts).where(eq(posts.boardId, boardId));
  return new Set(rows.map((r) => r.code));
}

/**
 * Makes the board's categories the list given, in its order: listed codes are renamed and
 * reordered, new ones (no code) get the next free code, unlisted empty ones are removed. Codes
 * are never reused while a post still names them.
 */
export async function syncCategories(tx: Tx, boardId: string, list: Draft[]) {
  const existing = await tx.select().from(boardCategories).where(eq(boardCategories.boardId, boardId));
  const byCode = new Map(existing.map((c) => [c.code, c]));
  for (const c of list) if (c.code !== undefined && !byCode.has(c.code)) throw badRequest(CATEGORY_MSG.noCategory);
  const kept = new Set(list.flatMap((c) => (c.code === undefined ? [] : [c.code])));
  if (kept.size !== list.filter((c) => c.code !== undefined).length) throw badRequest(CATEGORY_MSG.noCategory);
  const used = await usedCodes(tx, boardId);
  const dropped = existing.filter((c) => !kept.has(c.code));
  for (const c of dropped) if (used.has(c.code)) throw badRequest(CATEGORY_MSG.holdsPosts(c.name));
  for (const c of dropped) await tx.delete(boardCategories).where(and(eq(boardCategories.boardId, boardId), eq(boardCategories.code, c.code)));

  let next = Math.max(0, ...existing.map((c) => codeNumber(c.code)), ...[...used].filter((c) => /^c\d+$/.test(c)).map(codeNumber)) + 1;
  for (const [i, c] of list.entries()) {
    const sort = i + 1;
    if (c.code === undefined) {
      await tx.insert(boardCategories).values({ boardId, code: `c${next++}`, name: c.name, sort });
      continue;
    }
    const was = byCode.get(c.code)!;
    if (was.name !== c.name || was.sort !== sort) {
      await tx.update(boardCategories).set({ name: c.name, sort }).where(and(eq(boardCategories.boardId, boardId), eq(boardCategories.code, c.code)));
    }
  }
}

/**
 * Moves every post of `from` (deleted ones too) into `into` in one transaction, rebuilds the
 * board's page chunks (the two categories' lists changed, decision 21), then removes `from`.
 */
export async function mergeCategory(db: Db, admin: Member, boardId: string, from: string, into: string): Promise<number> {
  if (from === into) throw badRequest(CATEGORY_MSG.sameCategory);
  const moved = await db.transaction(async (tx) => {
    await lockBoards(tx);
    const before = await boardRecord(tx, boardId);
    if (!before) throw notFound(BOARD_MSG.noBoard);
    const cats = await tx.select().from(boardCategories).where(eq(boardCategories.boardId, boardId)).orderBy(asc(boardCategories.sort));
    const a = cats.find((c) => c.code === from);
    const b = cats.find((c) => c.code === into);
    if (!a || !b) throw notFound(CATEGORY_MSG.noCategory);
    const done = await tx
      .update(posts)
      .set({ category: into })
      .where(and(eq(posts.boardId, boardId), eq(posts.category, from)))
      .returning({ key: posts.key });
    await tx.delete(boardCategories).where(and(eq(boardCategories.boardId, boardId), eq(boardCategories.code, from)));
    // The rest keep their order, numbered again.
    for (const [i, c] of cats.filter((c) => c.code !== from).entries()) {
      await tx.update(boardCategories).set({ sort: i + 1 }).where(and(eq(boardCategories.boardId, boardId), eq(boardCategories.code, c.code)));
    }
    await rebuildPageChunks(tx, boardId);
    await audit(tx, admin, {
      action: 'board.categoryMerge',
      targetKind: 'board',
      targetKey: boardId,
      before,
      after: { ...(await boardRecord(tx, boardId)), merged: { from: a.name, into: b.name, posts: done.length } },
    });
    return done.length;
  });
  boardsWritten(db);
  return moved;
}

