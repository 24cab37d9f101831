// Who may do what on boards, posts and comments: the one place these rules live. Routes and
// services ask can(); the abilities sent with the data (canEdit, canDelete …) come from here too.
import type { Member } from '../../lib/session.js';

/** The caller: the member (or null for a visitor) and their level order (0 visitor, 1 lowest level …). */
export interface Actor {
  member: Member | null;
  level: number;
}

export interface BoardRules {
  id: string;
  adminOnly: boolean;
  /** Announcements: only administrators write and every post is a notice. */
  noticeOnly?: boolean;
  readLevel: number;
  writeLevel: number;
  commentLevel: number;
}

export interface PostRef {
  userNo: number | null;
  deleted: boolean;
}

export interface CommentRef {
  userNo: number | null;
  deleted: boolean;
}

export type BoardAction = 'read' | 'write' | 'comment' | 'notice' | 'manage';
export type PostAction = 'editPost' | 'deletePost' | 'recommend' | 'scrap';
export type CommentAction = 'editComment' | 'deleteComment';

export const VISITOR: Actor = { member: null, level: 0 };

const isAdmin = (a: Actor) => a.member?.admin === true;
const isAuthor = (a: Actor, userNo: number | null) => a.member !== null && userNo !== null && a.member.no === userNo;

export function can(actor: Actor, action: BoardAction, board: BoardRules): boolean;
export function can(actor: Actor, action: PostAction, board: BoardRules, post: PostRef): boolean;
export function can(actor: Actor, action: CommentAction, board: BoardRules, comment: CommentRef): boolean;
export function can(actor: Actor, action: BoardAction | PostAction | CommentAction, board: BoardRules, thing?: PostRef | CommentRef): boolean {
  const admin = isAdmin(actor);
  const read = admin || actor.level >= board.readLevel;
  switch (action) {
    case 'read':
      return read;
    case 'write':
      // Admin-only boards hold the site pages and notices.
      return actor.member !== null && (admin || (!board.adminOnly && !board.noticeOnly && read && actor.level >= board.writeLevel));
    case 'comment':
      return actor.member !== null && (admin || (read && actor.level >= board.commentLevel));
    // Managers: there are no board managers yet, so pinning notices is the administrators' call.
    case 'notice':
    case 'manage':
      return admin;
    case 'editPost':
    case 'deletePost':
      return !thing!.deleted && (admin || isAuthor(actor, thing!.userNo));
    case 'recommend':
      return !thing!.deleted && actor.member !== null && read && !isAuthor(actor, thing!.userNo);
    case 'scrap':
      return !thing!.deleted && actor.member !== null && read;
    case 'editComment':
      return !thing!.deleted && isAuthor(actor, thing!.userNo);
    case 'deleteComment':
      return !thing!.deleted && (admin || isAuthor(actor, thing!.userNo));
  }
}

/** The board abilities of the contract (BoardInfo.abilities). */
export function boardAbilities(actor: Actor, board: BoardRules) {
  return {
    canRead: can(actor, 'read', board),
    canWrite: can(actor, 'write', board),
    canComment: can(actor, 'comment', board),
    canManage: can(actor, 'manage', board),
  };
}

/** The post abilities of the contract (PostView.abilities). */
export function postAbilities(actor: Actor, board: BoardRules, post: PostRef) {
  return {
    canEdit: can(actor, 'editPost', board, post),
    canDelete: can(actor, 'deletePost', board, post),
    canRecommend: can(actor, 'recommend', board, post),
    canComment: !post.deleted && can(actor, 'comment', board),
    canScrap: can(actor, 'scrap', board, post),
  };
}
