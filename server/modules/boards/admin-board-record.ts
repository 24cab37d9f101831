// What every board admin write shares (board settings and categories alike): the messages, the
// lock that serialises them, the record the audit keeps, and the signal once one has committed.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { boardCategories, boardManagers, boards, users } from '../../db/schema/index.js';
import { forgetBoards } from '../posts/board-rules.js';

export const BOARD_MSG = {
  noBoard: '게시판을 찾을 수 없습니다.',
  slugTaken: '이미 쓰고 있는 게시판 주소입니다.',
  slugFixed: '글이 있는 게시판의 주소는 바꿀 수 없습니다.',
  hasPosts: '글이 있는 게시판은 삭제할 수 없습니다. 숨기기를 사용하세요.',
  levelRange: (what: string, max: number) => `${what} 등급은 ${max}단계까지 고를 수 있습니다.`,
  orderStale: '게시판 목록이 바뀌었습니다. 새로 고친 뒤 다시 시도해 주세요.',
  fixedBoard: '장터와 갤러리 게시판은 주소를 바꾸거나 삭제할 수 없습니다.',
} as const;

type BoardRow = typeof boards.$inferSelect;

/** Serialises board writes: the address check, category codes and the order stay race-free. */
export const lockBoards = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(7261201)`);

/** After a board write has committed: every node reloads the board rules and drops cached answers. */
export const boardsWritten = (db: Db) => forgetBoards(db);

/** The fields an admin edits, as the audit record keeps them. */
export async function boardRecord(tx: Tx, id: string) {
  const [b] = await tx.select().from(boards).where(eq(boards.id, id));
  if (!b) return null;
  const cats = await tx
    .select({ code: boardCategories.code, name: boardCategories.name })
    .from(boardCategories)
    .where(eq(boardCategories.boardId, id))
    .orderBy(asc(boardCategories.sort), asc(boardCategories.code));
  // The managers by member id, so the audit shows who was named or let go.
  const managers = await tx
    .select({ userId: users.userId })
    .from(boardManagers)
    .innerJoin(users, eq(users.no, boardManagers.userNo))
    .where(eq(boardManagers.boardId, id))
    .orderBy(asc(users.userId));
  return { ...editable(b), categories: cats, managers: managers.map((m) => m.userId) };
}

export const editable = (b: BoardRow) => ({
  id: b.id,
  name: b.name,
  description: b.description,
  sort: b.sort,
  readLevel: b.readLevel,
  writeLevel: b.writeLevel,
  commentLevel: b.commentLevel,
  adminOnly: b.adminOnly,
  noticeOnly: b.noticeOnly,
  hidden: b.hidden,
  secretPosts: b.secretPosts,
  answers: b.answers,
  pointsPost: b.pointsPost,
  pointsComment: b.pointsComment,
});
