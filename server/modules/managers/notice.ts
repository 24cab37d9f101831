// Pinning a post as a notice of its board, or letting it go (/api/board/notice): an administrator
// or a manager of the board, audited like every staff action.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { answersChanged, boardPostTags } from '../../lib/answer-cache.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { getBoard } from '../posts/board-rules.js';
import { type Actor, can } from '../posts/policy.js';
import { livePost } from './move.js';

export const NOTICE_MSG = {
  noRight: '공지는 관리자와 게시판 매니저만 지정할 수 있습니다.',
  noticeOnly: '공지 전용 게시판의 글은 모두 공지입니다.',
} as const;

export async function setNotice(db: Db, actor: Actor, key: number, notice: boolean): Promise<boolean> {
  const post = await livePost(db, key);
  const board = await getBoard(db, post.boardId);
  if (!can(actor, 'notice', board)) throw forbidden(NOTICE_MSG.noRight);
  if (board.noticeOnly && !notice) throw badRequest(NOTICE_MSG.noticeOnly);
  if (post.notice === notice) return notice;
  await db.transaction(async (tx) => {
    await tx.update(posts).set({ notice }).where(eq(posts.key, key));
    await audit(tx, actor.member!, { action: 'post.notice', targetKind: 'post', targetKey: key, before: { notice: post.notice }, after: { notice } });
  });
  answersChanged(db, boardPostTags(board.id, key));
  return notice;
}
