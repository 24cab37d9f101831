// What a reaction is about: a board post or a comment on one, checked as the caller may reach it.
// The market's items and the galleries' items are left out (a trade or a photo has its own
// recommendation), and so are secret posts (read by their writer and administrators only) and
// hidden content (out of reach, decision 33).
import { eq } from 'drizzle-orm';
import type { ReactionTarget } from '../../../common/api/reactions.js';
import type { Db } from '../../db/client.js';
import { comments, posts } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { getBoard, MSG as BOARD_MSG, type Board } from '../posts/board-rules.js';
import { GALLERY_BOARD, MARKET_BOARD } from '../posts/kinds.js';
import { type Actor, can, inReach } from '../posts/policy.js';

export const MSG = {
  noPost: '글을 찾을 수 없습니다.',
  noComment: '댓글을 찾을 수 없습니다.',
  hidden: '관리자가 가린 내용에는 공감할 수 없습니다.',
  secret: '비밀글에는 공감할 수 없습니다.',
  ownPages: '장터 매물과 갤러리 사진에는 공감할 수 없습니다. 추천을 이용해 주세요.',
} as const;

export interface Target {
  kind: ReactionTarget['kind'];
  key: number;
  /** The post the target is (or is under): its alarm opens it. */
  postKey: number;
  subject: string;
  /** Who is told; null when the author's account is gone. */
  authorNo: number | null;
  board: Board;
}

/** The target, if the caller may read and react to it (the same rules for seeing who reacted). */
export async function reachableTarget(db: Db, actor: Actor, target: ReactionTarget): Promise<Target> {
  const postCols = { postKey: posts.key, boardId: posts.boardId, subject: posts.subject, postUserNo: posts.userNo, postDeleted: posts.deletedAt, postHidden: posts.hiddenAt, secret: posts.secret };
  let row: { postKey: number; boardId: string; subject: string; postUserNo: number | null; postDeleted: Date | null; postHidden: Date | null; secret: boolean; userNo: number | null; deleted: Date | null; hidden: Date | null } | undefined;
  if (target.kind === 'post') {
    const [r] = await db.select(postCols).from(posts).where(eq(posts.key, target.key)).limit(1);
    row = r && { ...r, userNo: r.postUserNo, deleted: r.postDeleted, hidden: r.postHidden };
  } else {
    [row] = await db
      .select({ ...postCols, userNo: comments.userNo, deleted: comments.deletedAt, hidden: comments.hiddenAt })
      .from(comments)
      .innerJoin(posts, eq(posts.key, comments.postKey))
      .where(eq(comments.key, target.key))
      .limit(1);
  }
  const missing = target.kind === 'post' ? MSG.noPost : MSG.noComment;
  if (!row || row.postDeleted !== null || row.deleted !== null) throw notFound(missing);
  const board = await getBoard(db, row.boardId);
  if (!can(actor, 'read', board)) throw forbidden(BOARD_MSG.noRead);
  if (board.id === MARKET_BOARD || board.id === GALLERY_BOARD) throw conflict(MSG.ownPages, 'not_reactable');
  if (row.secret) throw conflict(MSG.secret, 'secret');
  if (!inReach({ deleted: false, hidden: row.postHidden !== null }) || !inReach({ deleted: false, hidden: row.hidden !== null })) throw conflict(MSG.hidden, 'hidden');
  return { kind: target.kind, key: target.key, postKey: Number(row.postKey), subject: row.subject, authorNo: row.userNo, board };
}
