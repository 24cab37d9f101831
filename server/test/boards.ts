// Small factories for board tests: members with a cookie, posts through the real save call,
// and uploaded-file rows as the files module would leave them.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PostSave } from '../../common/api/boards.js';
import { boards, files } from '../db/schema/index.js';
import { forgetBoards } from '../modules/posts/board-rules.js';
import { createUser, login, post, TEST_ADMIN, type TestApp } from './harness.js';

export async function member(t: TestApp, over: Parameters<typeof createUser>[1] = {}) {
  const u = await createUser(t, over);
  return { ...u, cookie: await login(t, u.userId, u.password) };
}

export const adminCookie = (t: TestApp) => login(t, TEST_ADMIN.userId, TEST_ADMIN.password);

/** Creates a post through /api/board/save and returns its key. */
export async function createPost(t: TestApp, cookie: string, over: Partial<PostSave> = {}): Promise<number> {
  const res = await post(t, '/api/board/save', { boardId: 'free', category: 'c1', subject: '제목', content: '<p>내용</p>', ...over }, cookie);
  if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
  return res.json().key as number;
}

/** /api/board/view of a free-board post, as a visitor (no cookie) or the cookie's member. */
export const viewFreePost = (t: TestApp, key: number, cookie?: string, headers: Record<string, string> = {}) =>
  post(t, '/api/board/view', { boardId: 'free', key }, cookie, headers);

/** A post's abilities for a visitor: none. */
export const VISITOR_POST_ABILITIES = {
  canEdit: false,
  canDelete: false,
  canRecommend: false,
  canComment: false,
  canScrap: false,
  canReport: false,
  canReadVersions: false,
  canReadHidden: false,
};

/** A post's abilities for a member who did not write it (on the free board). */
export const READER_POST_ABILITIES = {
  canEdit: false,
  canDelete: false,
  canRecommend: true,
  canComment: true,
  canScrap: true,
  canReport: true,
  canReadVersions: false,
  canReadHidden: false,
};

/** An uploaded file row that is not attached to any post yet. */
export async function uploadedFile(t: TestApp, userNo: number, over: Partial<typeof files.$inferInsert> = {}) {
  const key = randomBytes(12).toString('base64url');
  await t.database.db.insert(files).values({
    key,
    userNo,
    name: 'photo.jpg',
    mime: 'image/webp',
    size: 1234,
    image: true,
    storagePath: `test/${key}`,
    ...over,
  });
  return key;
}

/** Changes a board's rules (and forgets the cached copy). */
export async function setBoard(t: TestApp, boardId: string, set: Partial<typeof boards.$inferInsert>) {
  await t.database.db.update(boards).set(set).where(eq(boards.id, boardId));
  forgetBoards(t.database.db);
}
