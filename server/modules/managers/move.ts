// Moving a post to another board (/api/board/move): an administrator, or a manager of both boards.
// The post keeps its key, so its comments, files, scraps, reactions, poll and versions stay with
// it; its old address redirects to the new one (old-address.ts). In one transaction under both
// boards' write locks: the post takes a category of the new board, leaves the old board's page
// chunks and search slice and joins the new board's, its alarms point at the new board, the
// author is told, and the move is audited. Both boards' cached answers go once it has committed.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { MoveTarget, PostMove, PostMoved } from '../../../common/api/board-moves.js';
import { toward } from '../../../common/korean.js';
import type { Db } from '../../db/client.js';
import { alarms, posts } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { answersChanged, boardPostTags } from '../../lib/answer-cache.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { isOwner } from '../../lib/roles.js';
import { createAlarms } from '../alarms/service.js';
import { allBoards, type Board, MSG } from '../posts/board-rules.js';
import { articlePath, isOwnPagesBoard } from '../posts/kinds.js';
import { countPost, lockBoardWrites } from '../posts/page-chunks.js';
import { type Actor, mayMove } from '../posts/policy.js';
import { moveToSlice } from '../posts/search-slices.js';
import { loadPost } from '../posts/view.js';

export const MOVE_MSG = {
  noRight: '이 글을 옮길 권한이 없습니다. 관리자와 게시판 매니저만 옮길 수 있습니다.',
  noTarget: '옮겨 갈 게시판을 찾을 수 없습니다.',
  notManaged: '옮겨 갈 게시판의 매니저가 아니어서 그 게시판으로는 옮길 수 없습니다.',
  same: '지금 있는 게시판입니다. 다른 게시판을 골라 주세요.',
  ownPages: '장터 매물과 갤러리 사진은 다른 게시판으로 옮기거나 그곳으로 옮겨 올 수 없습니다.',
  noCategory: '옮겨 갈 게시판에 그 분류가 없습니다. 분류를 다시 골라 주세요.',
  movedMeanwhile: '그사이 글이 다른 게시판으로 옮겨졌습니다. 새로 고친 뒤 다시 시도해 주세요.',
} as const;

/** What the author is told: by whom, from where, to where ('사진'으로, '자유게시판'으로, '장비'로). */
export const movedAlarmText = (by: string, from: string, to: string) => `${by}님이 회원님의 글을 '${from}'에서 '${to}'${toward(to).slice(to.length)} 옮겼습니다.`;

/** The post, for a staff call: a plain 404 (the view's refusal would open the error page), a deleted one too. */
export async function livePost(db: Db, key: number) {
  const post = await loadPost(db, key).catch((e: unknown) => {
    throw e instanceof HttpError && e.status === 404 ? notFound(MSG.noPost) : e;
  });
  if (post.deleted) throw notFound(MSG.deleted);
  return post;
}

/** The post, its board and the caller's right to move it anywhere at all. */
async function movable(db: Db, actor: Actor, key: number) {
  const post = await livePost(db, key);
  const all = await allBoards(db);
  const from = all.get(post.boardId);
  if (!from) throw notFound(MSG.noBoard);
  if (isOwnPagesBoard(from.id)) throw badRequest(MOVE_MSG.ownPages);
  if (!mayMove(actor, from)) throw forbidden(MOVE_MSG.noRight);
  return { post, from, all };
}

/** The boards the caller may move the post to, with their categories (the move dialog's choices). */
export async function moveTargets(db: Db, actor: Actor, key: number): Promise<MoveTarget[]> {
  const { from, all } = await movable(db, actor, key);
  return [...all.values()]
    .filter((b) => b.id !== from.id && mayMove(actor, from, b))
    .map((b) => ({ id: b.id, name: b.name, categories: b.categories }));
}

export async function movePost(db: Db, actor: Actor, input: z.output<typeof PostMove>): Promise<z.input<typeof PostMoved>> {
  const member = actor.member!;
  const { post, from, all } = await movable(db, actor, input.key);
  const to: Board | undefined = all.get(input.boardId);
  if (!to) throw notFound(MOVE_MSG.noTarget);
  if (to.id === from.id) throw badRequest(MOVE_MSG.same);
  if (isOwnPagesBoard(to.id)) throw badRequest(MOVE_MSG.ownPages);
  if (!mayMove(actor, from, to)) throw forbidden(MOVE_MSG.notManaged);
  if (!to.categories.some((c) => c.code === input.category)) throw badRequest(MOVE_MSG.noCategory);

  await db.transaction(async (tx) => {
    // Both boards' writes wait from here to the commit, always taken in the same order, so two
    // moves the opposite way cannot hold one each.
    for (const id of [from.id, to.id].sort()) await lockBoardWrites(tx, id);
    const [row] = await tx
      .select({ boardId: posts.boardId, category: posts.category, deletedAt: posts.deletedAt })
      .from(posts)
      .where(eq(posts.key, input.key))
      .for('update');
    if (!row || row.deletedAt) throw notFound(MSG.deleted);
    if (row.boardId !== from.id) throw conflict(MOVE_MSG.movedMeanwhile, 'moved');
    await tx.update(posts).set({ boardId: to.id, category: input.category }).where(eq(posts.key, input.key));
    await moveToSlice(tx, from.id, to.id, input.key);
    await countPost(tx, from.id, input.key, { from: row.category, to: null });
    await countPost(tx, to.id, input.key, { from: null, to: input.category });
    // Alarms about the post open it on its new board (the old address would redirect anyway).
    await tx
      .update(alarms)
      .set({ boardId: to.id, boardName: to.name })
      .where(and(eq(alarms.articleKey, input.key), eq(alarms.boardId, from.id)));
    if (post.userNo !== null && !isOwner(actor, post.userNo)) {
      await createAlarms(tx, [
        {
          userNo: post.userNo,
          kind: 'moved',
          boardId: to.id,
          boardName: to.name,
          articleKey: input.key,
          subject: post.secret ? '' : post.subject,
          content: movedAlarmText(member.nickName, from.name, to.name),
        },
      ]);
    }
    await audit(tx, member, {
      action: 'post.move',
      targetKind: 'post',
      targetKey: input.key,
      before: { boardId: from.id, category: row.category },
      after: { boardId: to.id, category: input.category },
    });
  });
  answersChanged(db, [...boardPostTags(from.id, input.key), ...boardPostTags(to.id, input.key)]);
  return { boardId: to.id, category: input.category, url: articlePath(to.id, input.key) };
}
