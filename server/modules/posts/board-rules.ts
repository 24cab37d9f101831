// The boards every post lives on (a board's posts, the market's items, the galleries' items) and
// the caller: the board list (kept per node for a few seconds), who is asking, who may read, and
// the messages every post call shares.
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { boardCategories, boardManagers, boards, levels, users } from '../../db/schema/index.js';
import { answersChanged, onAnswersChanged } from '../../lib/answer-cache.js';
import { forward } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { type Actor, can, type BoardRules } from './policy.js';

export const MSG = {
  noBoard: '게시판을 찾을 수 없습니다.',
  noCategory: '분류를 찾을 수 없습니다.',
  noRead: '이 게시판을 읽을 권한이 없습니다.',
  noWrite: '이 게시판에 글을 쓸 권한이 없습니다.',
  noComment: '이 게시판에 댓글을 쓸 권한이 없습니다.',
  noPost: '글을 찾을 수 없습니다.',
  deleted: '삭제된 글입니다.',
  notAuthor: '글쓴이와 관리자만 고칠 수 있습니다.',
  notAuthorDelete: '글쓴이와 관리자만 지울 수 있습니다.',
  noticeAdmin: '공지는 관리자만 지정할 수 있습니다.',
  emptyContent: '내용은 필수 입력 항목입니다.',
  badFile: '첨부 파일을 찾을 수 없습니다.',
  duplicateFile: '같은 파일이 두 번 첨부되었습니다.',
  ownPost: '자신의 글은 추천할 수 없습니다.',
  recommended: '이미 추천한 글입니다.',
  moveBoard: '다른 게시판의 글은 옮길 수 없습니다.',
  secret: '비밀글입니다. 글쓴이와 관리자만 읽을 수 있습니다.',
  noSecret: '이 게시판에는 비밀글을 쓸 수 없습니다.',
  noAnswers: '이 게시판에는 답글을 쓸 수 없습니다.',
  answerElsewhere: '다른 게시판의 글에는 답글을 쓸 수 없습니다.',
  answerDeep: '답글에는 3단계까지 답글을 쓸 수 있습니다.',
  answerRead: '읽을 수 없는 글에는 답글을 쓸 수 없습니다.',
} as const;

/** How deep answers go (an answer is 1, an answer to it 2 …): the list indents that far. */
export const MAX_ANSWER_DEPTH = 3;


// ---------------------------------------------------------------------------------------------
// Boards (a few rows: kept per node for a few seconds)

export interface Board extends BoardRules {
  name: string;
  description: string;
  sort: number;
  categories: Array<{ code: string; name: string }>;
  /** Left out of the cross-board lists (its posts stay and its address still opens). */
  hidden: boolean;
  /** Points for a post or a comment here; null: the community setup's amounts. */
  pointsPost: number | null;
  pointsComment: number | null;
}

const BOARDS_TTL_MS = 5_000;
const boardCaches = new WeakMap<object, { at: number; boards: Promise<Map<string, Board>> }>();

async function readBoards(db: Tx): Promise<Map<string, Board>> {
  const [rows, cats, managers] = await Promise.all([
    db.select().from(boards).orderBy(asc(boards.sort), asc(boards.id)),
    db.select().from(boardCategories).orderBy(asc(boardCategories.boardId), asc(boardCategories.sort), asc(boardCategories.code)),
    db.select({ boardId: boardManagers.boardId, userNo: boardManagers.userNo }).from(boardManagers),
  ]);
  const map = new Map<string, Board>();
  for (const b of rows) {
    map.set(b.id, {
      id: b.id,
      name: b.name,
      description: b.description,
      sort: b.sort,
      adminOnly: b.adminOnly,
      noticeOnly: b.noticeOnly,
      hidden: b.hidden,
      pointsPost: b.pointsPost,
      pointsComment: b.pointsComment,
      readLevel: b.readLevel,
      writeLevel: b.writeLevel,
      commentLevel: b.commentLevel,
      secretPosts: b.secretPosts,
      answers: b.answers,
      categories: [],
      managers: [],
    });
  }
  for (const c of cats) map.get(c.boardId)?.categories.push({ code: c.code, name: c.name });
  for (const m of managers) (map.get(m.boardId)?.managers as number[] | undefined)?.push(m.userNo);
  return map;
}

/** Every board with its categories, in menu order. */
export function allBoards(db: Db): Promise<Map<string, Board>> {
  const now = Date.now();
  const hit = boardCaches.get(db);
  if (hit && now - hit.at < BOARDS_TTL_MS) return hit.boards;
  const entry = { at: now, boards: readBoards(db) };
  entry.boards.catch(() => boardCaches.delete(db));
  boardCaches.set(db, entry);
  // A change on another node reaches this copy through the signals (decision 22).
  onAnswersChanged(db, 'boards', () => boardCaches.delete(db));
  return entry.boards;
}

/** After a board or its categories change (admin area, tests): on every node. */
export function forgetBoards(db: Db) {
  boardCaches.delete(db);
  answersChanged(db, ['boards', '*']);
}

export async function getBoard(db: Db, boardId: string): Promise<Board> {
  const board = (await allBoards(db)).get(boardId);
  if (!board) throw forward(404, MSG.noBoard);
  return board;
}

/** Names of the boards the reader may read: ${boardId} of any other board shows a neutral label. */
export const readableBoardNames = (actor: Actor, all: Map<string, Board>) =>
  new Map([...all.values()].filter((b) => can(actor, 'read', b)).map((b) => [b.id, b.name]));

// ---------------------------------------------------------------------------------------------
// The caller

/** The member's level order: 1 for the lowest level, 2 for the next … (0 for a visitor). */
export async function actorOf(db: Tx, member: Member | null): Promise<Actor> {
  if (!member) return { member: null, level: 0 };
  // Read with the session (server/lib/session.ts); counted here for a member built elsewhere.
  if (member.levelOrder !== undefined) return { member, level: member.levelOrder };
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(levels)
    .where(
      sql`${levels.minPoints} <= coalesce((select l.min_points from ${users} u join ${levels} l on l.id = u.level_id where u.no = ${member.no}), 0)`,
    );
  return { member, level: Math.max(1, Number(row?.n ?? 1)) };
}

/**
 * The members among userNos who may read the board (the rule of can(…, 'read') with each
 * member's level order, as actorOf counts it), in one query: alarms about a board go only to them.
 */
export async function readersAmong(db: Tx, board: BoardRules, userNos: number[]): Promise<Set<number>> {
  // Every member's level order is at least 1.
  if (userNos.length === 0 || board.readLevel <= 1) return new Set(userNos);
  const rows = await db
    .select({ no: users.no })
    .from(users)
    .where(
      and(
        inArray(users.no, userNos),
        sql`(${users.admin} or (select count(*) from ${levels} l
              where l.min_points <= coalesce((select l2.min_points from ${levels} l2 where l2.id = ${users.levelId}), 0)) >= ${board.readLevel})`,
      ),
    );
  return new Set(rows.map((r) => r.no));
}

export function requireRead(actor: Actor, board: Board) {
  if (!can(actor, 'read', board)) throw forward(403, MSG.noRead);
}
