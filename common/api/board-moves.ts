// The calls of a board's staff (docs/product/board-managers.md): an administrator, or a member
// the administrator named a manager of the board. Moving a post to another board, pinning a
// notice, and the boards a member manages (the report queue's entry).
import { z } from 'zod';

const PostKey = z
  .number({ error: '글을 찾을 수 없습니다.' })
  .int('글을 찾을 수 없습니다.')
  .min(1, '글을 찾을 수 없습니다.')
  .max(Number.MAX_SAFE_INTEGER, '글을 찾을 수 없습니다.');
const BoardRef = z.string({ error: '옮겨 갈 게시판을 골라 주세요.' }).regex(/^[a-z0-9_-]{1,30}$/, '옮겨 갈 게시판을 골라 주세요.');
const CategoryCode = z.string({ error: '옮겨 갈 분류를 골라 주세요.' }).regex(/^c\d{1,3}$/, '옮겨 갈 분류를 골라 주세요.');

/** /api/board/move: the post keeps its key, comments, files, scraps and reactions; its old address redirects. */
export const PostMove = z.object({ key: PostKey, boardId: BoardRef, category: CategoryCode });
export type PostMove = z.input<typeof PostMove>;
export const PostMoved = z.object({
  boardId: z.string(),
  category: z.string(),
  /** The post's page on its new board. */
  url: z.string(),
});

/** /api/board/move/targets: where the caller may move the post (boards other than its own, with their categories). */
export const MoveTargetsQuery = z.object({ key: PostKey });
export const MoveTarget = z.object({
  id: z.string(),
  name: z.string(),
  categories: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type MoveTarget = z.infer<typeof MoveTarget>;
export const MoveTargets = z.object({ boards: z.array(MoveTarget) });

/** /api/board/notice: pins the post as a notice of its board (true) or lets it go (false). */
export const PostNotice = z.object({ key: PostKey, notice: z.boolean({ error: '공지 여부를 골라 주세요.' }) });
export const PostNoticed = z.object({ notice: z.boolean() });

/** /api/board/managed: the boards the signed-in member manages (empty for everyone else). */
export const ManagedBoards = z.object({ boards: z.array(z.object({ id: z.string(), name: z.string() })) });
export type ManagedBoards = z.infer<typeof ManagedBoards>;
