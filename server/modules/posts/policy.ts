// Who may do what on boards, posts and comments: the one place these rules live. Routes and
// services ask can(); the abilities sent with the data (canEdit, canDelete …) come from here too.
import { conflict } from '../../lib/errors.js';
import { isAdmin, isBoardStaff, isOwner } from '../../lib/roles.js';
import type { Member } from '../../lib/session.js';
import { isOwnPagesBoard } from './kinds.js';

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
  /** 비밀글: 'off', 'allowed' or 'always' (decision 39); absent on boards of other kinds: off. */
  secretPosts?: 'off' | 'allowed' | 'always';
  /** 답글 may be written here. */
  answers?: boolean;
  /** The members who manage the board (board_managers); absent: none. */
  managers?: readonly number[];
}

export interface PostRef {
  userNo: number | null;
  deleted: boolean;
  /** Hidden by an administrator after a report. */
  hidden: boolean;
}

export interface CommentRef {
  userNo: number | null;
  deleted: boolean;
}

export type BoardAction = 'read' | 'write' | 'comment' | 'notice' | 'manage';
export type PostAction = 'editPost' | 'deletePost' | 'recommend' | 'scrap';
export type CommentAction = 'editComment' | 'deleteComment';

export const VISITOR: Actor = { member: null, level: 0 };

/**
 * Hidden content is out of reach and out of trade (decision 33): nobody recommends, scraps,
 * comments on, replies to, bids on or buys it, and only its seller changes its status. Every
 * call that does one of those asks this (or requireInReach); the abilities come from it too.
 */
export const inReach = (thing: { deleted: boolean; hidden: boolean }) => !thing.deleted && !thing.hidden;

/** What a member is told when they act on hidden content. */
export const HIDDEN_MSG = {
  recommend: '관리자가 가린 내용은 추천할 수 없습니다.',
  scrap: '관리자가 가린 내용은 스크랩할 수 없습니다.',
  comment: '관리자가 가린 내용에는 댓글을 달 수 없습니다.',
  reply: '관리자가 가린 댓글에는 답글을 달 수 없습니다.',
  answer: '관리자가 가린 글에는 답글을 달 수 없습니다.',
  bid: '관리자가 가린 매물에는 입찰하거나 즉시 구매할 수 없습니다.',
  status: '관리자가 가린 매물의 거래 상태는 판매자만 바꿀 수 있습니다.',
} as const;
export type ReachAction = keyof typeof HIDDEN_MSG;

/** Refuses an action on hidden content: 409 with the action's message. */
export function requireInReach(thing: { hidden: boolean }, action: ReachAction): void {
  if (thing.hidden) throw conflict(HIDDEN_MSG[action], 'hidden');
}

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
    // Administrators, and the board's managers (board_managers): pinning notices, the board's reports.
    case 'notice':
    case 'manage':
      return isBoardStaff(actor, board);
    case 'editPost':
    case 'deletePost':
      return !thing!.deleted && (admin || isOwner(actor, thing!.userNo));
    case 'recommend':
      return inReach(thing as PostRef) && actor.member !== null && read && !isOwner(actor, thing!.userNo);
    case 'scrap':
      return inReach(thing as PostRef) && actor.member !== null && read;
    case 'editComment':
      return !thing!.deleted && isOwner(actor, thing!.userNo);
    case 'deleteComment':
      return !thing!.deleted && (admin || isOwner(actor, thing!.userNo));
  }
}

/** Earlier versions of an edited post are for its author and administrators. */
export const mayReadVersions = (actor: Actor, post: { userNo: number | null }) => isAdmin(actor) || isOwner(actor, post.userNo);

/** A post's secrecy as the read checks need it: the asker is the author of the post it answers. */
export interface SecretRef {
  userNo: number | null;
  secret: boolean;
  askerNo: number | null;
}

/**
 * 비밀글 (decision 39): read by its author, administrators and, for an answer, the author of the
 * post it answers. Everyone else sees that it exists, never its subject or text.
 */
export const maySeeSecret = (actor: Actor, post: SecretRef) =>
  !post.secret || isAdmin(actor) || isOwner(actor, post.userNo) || (post.askerNo !== null && isOwner(actor, post.askerNo));

/** 답글: where the board takes answers, by whoever may write there, to a post in reach. */
export const mayAnswer = (actor: Actor, board: BoardRules, post: PostRef) => board.answers === true && inReach(post) && can(actor, 'write', board);

/** Administrators read what they hid (the others get a notice instead of the text). */
export const mayReadHidden = (actor: Actor) => isAdmin(actor);

/**
 * A member reports what others wrote, while it is not hidden yet (reports/targets.ts refuses the
 * rest). A post, comment, letter, gallery or market item whose author is gone may be reported too.
 */
export const mayReport = (actor: Pick<Actor, 'member'>, thing: { userNo: number | null; deleted: boolean; hidden: boolean }) =>
  actor.member !== null && inReach(thing) && !isOwner(actor, thing.userNo);

/**
 * Moving a post to another board (/api/board/move): an administrator, or a manager of both boards.
 * The market's and the galleries' items are another kind of post and never move (kinds.ts).
 */
export const mayMove = (actor: Actor, from: BoardRules, to?: BoardRules) =>
  !isOwnPagesBoard(from.id) && isBoardStaff(actor, from) && (to === undefined || (!isOwnPagesBoard(to.id) && isBoardStaff(actor, to)));

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
    canComment: inReach(post) && can(actor, 'comment', board),
    canScrap: can(actor, 'scrap', board, post),
    canReport: mayReport(actor, post),
    canReadVersions: !post.deleted && mayReadVersions(actor, post),
    canReadHidden: mayReadHidden(actor),
    // Sent only when true, so boards without answers answer as before.
    ...(mayAnswer(actor, board, post) && { canAnswer: true }),
    // The board's staff (administrators, its managers): moving the post, pinning it as a notice.
    ...(!post.deleted && mayMove(actor, board) && { canMove: true }),
    ...(!post.deleted && can(actor, 'notice', board) && { canNotice: true }),
  };
}
