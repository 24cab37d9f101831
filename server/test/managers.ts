// Board managers in tests: a board made through the admin save with its managers, and a member
// named a manager of an existing board straight in the table (the board rules forget their copy).
import { boardManagers } from '../db/schema/index.js';
import { forgetBoards } from '../modules/posts/board-rules.js';
import { post, type TestApp } from './harness.js';

/** Creates a board (categories 풍경 c1, 인물 c2) through /api/admin/board/save. */
export async function createBoard(t: TestApp, adminCookie: string, id: string, name: string, managers: string[] = []) {
  const res = await post(
    t,
    '/api/admin/board/save',
    { id, name, readLevel: 0, writeLevel: 1, commentLevel: 1, categories: [{ name: '풍경' }, { name: '인물' }], managers },
    adminCookie,
  );
  if (res.statusCode !== 200) throw new Error(`board save failed: ${res.statusCode} ${res.body}`);
}

/** Names the member a manager of the board. */
export async function makeManager(t: TestApp, boardId: string, userNo: number) {
  await t.database.db.insert(boardManagers).values({ boardId, userNo }).onConflictDoNothing();
  forgetBoards(t.database.db);
}
