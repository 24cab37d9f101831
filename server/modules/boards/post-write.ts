// Writing posts: save (new or edit), delete, recommend, and the comment count.
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { files, posts, recommendations } from '../../db/schema/index.js';
import { answersChanged, boardPostTags, postTags } from '../../lib/answer-cache.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { notifyMentions } from '../alarms/service.js';
import { getSettings } from '../community/service.js';
import { awardPoints } from '../points/service.js';
import { mentionedUserIds, plainText, sanitisePost } from './content.js';
import { type Actor, can } from './policy.js';
import { allBoards, getBoard, MSG, readersAmong } from './board-rules.js';
import { countPost } from './page-chunks.js';
import { loadPost, readablePost } from './post-view.js';
import { keepVersion } from './post-versions.js';
import { searchColumns } from './search.js';
import { postSlice } from './search-slices.js';

// ---------------------------------------------------------------------------------------------
// Writing

export interface SaveInput {
  boardId: string;
  category: string;
  key?: number | undefined;
  subject: string;
  content: string;
  files: string[];
  notice: boolean;
}

/** Attaches the files in order (file0, file1 …) and lets go of the ones no longer listed (galleries use it too). */
export async function attachFiles(tx: Tx, memberNo: number, postKey: number, keys: string[]) {
  if (new Set(keys).size !== keys.length) throw badRequest(MSG.duplicateFile);
  const found = keys.length
    ? await tx
        .select({ key: files.key, userNo: files.userNo, postKey: files.postKey, productId: files.productId, image: files.image })
        .from(files)
        .where(inArray(files.key, keys))
        .for('update')
    : [];
  const byKey = new Map(found.map((f) => [f.key, f]));
  for (const k of keys) {
    const f = byKey.get(k);
    // Someone else's upload, or a file already in another post or a product's picture, cannot be taken over.
    const ok = f && (f.postKey === postKey || (f.postKey === null && f.productId === null && f.userNo === memberNo));
    if (!ok) throw badRequest(MSG.badFile);
  }
  for (const [i, k] of keys.entries()) {
    await tx.update(files).set({ postKey, sort: i }).where(eq(files.key, k));
  }
  await tx
    .update(files)
    .set({ postKey: null })
    .where(keys.length ? and(eq(files.postKey, postKey), notInArray(files.key, keys)) : eq(files.postKey, postKey));
  const list = keys.map((k) => byKey.get(k)!);
  return { hasImage: list.some((f) => f.image), hasFile: list.some((f) => !f.image) };
}

/** Creates (no key) or edits a post; returns its key. */
export async function savePost(db: Db, actor: Actor, input: SaveInput): Promise<number> {
  const member = actor.member!;
  const all = await allBoards(db);
  const board = all.get(input.boardId);
  if (!board) throw notFound(MSG.noBoard);
  if (!board.categories.some((c) => c.code === input.category)) throw badRequest(MSG.noCategory);
  if (input.notice && !can(actor, 'notice', board)) throw forbidden(MSG.noticeAdmin);

  const content = sanitisePost(input.content);
  const text = plainText(content);
  if (!text && !/<(img|iframe)\b/i.test(content)) throw badRequest(MSG.emptyContent);
  const settings = await getSettings(db);
  const hasInlineImage = /<img\b/i.test(content);
  // On a notice-only board every post is a notice.
  const notice = board.noticeOnly === true || input.notice;

  const saved = await db.transaction(async (tx) => {
    let key: number;
    let nickName: string;
    let before = '';
    let wasIn: string | null = null;
    if (input.key === undefined) {
      if (!can(actor, 'write', board)) throw forbidden(MSG.noWrite);
      nickName = member.nickName;
      const [row] = await tx
        .insert(posts)
        .values({
          boardId: board.id,
          category: input.category,
          userNo: member.no,
          nickName,
          subject: input.subject,
          content,
          notice,
        })
        .returning({ key: posts.key });
      key = row!.key;
      await awardPoints(tx, member.no, board.pointsPost ?? settings.points.post, `글 작성 (${board.name})`);
    } else {
      const [row] = await tx
        .select({
          boardId: posts.boardId,
          category: posts.category,
          userNo: posts.userNo,
          nickName: posts.nickName,
          subject: posts.subject,
          content: posts.content,
          notice: posts.notice,
          createdAt: posts.createdAt,
          editedAt: posts.editedAt,
          deletedAt: posts.deletedAt,
        })
        .from(posts)
        .where(eq(posts.key, input.key))
        .for('update');
      if (!row) throw notFound(MSG.noPost);
      if (row.deletedAt) throw notFound(MSG.deleted);
      if (row.boardId !== board.id) throw badRequest(MSG.moveBoard);
      if (!can(actor, 'editPost', board, { userNo: row.userNo, deleted: false })) throw forbidden(MSG.notAuthor);
      key = input.key;
      nickName = row.nickName;
      before = row.content;
      wasIn = row.category;
      const now = new Date();
      // A changed subject or text keeps the earlier version (the author and admins can see it).
      const edited = row.subject !== input.subject || row.content !== content;
      if (edited) await keepVersion(tx, key, row, member.no, now);
      await tx
        .update(posts)
        .set({
          category: input.category,
          subject: input.subject,
          content,
          // Only someone who may pin notices changes the flag.
          notice: can(actor, 'notice', board) ? notice : row.notice,
          updatedAt: now,
          ...(edited && { editedAt: now }),
        })
        .where(eq(posts.key, key));
    }
    const attached = await attachFiles(tx, member.no, key, input.files);

    // Mentions: only members newly named by this save.
    const already = new Set(mentionedUserIds(before));
    const named = mentionedUserIds(content).filter((id) => !already.has(id));
    await notifyMentions(tx, {
      userIds: named,
      from: member,
      readers: (nos) => readersAmong(tx, board, nos),
      boardId: board.id,
      boardName: board.name,
      articleKey: key,
      subject: input.subject,
      content: `${member.nickName}님이 글에서 회원님을 언급했습니다: ${input.subject}`,
    });
    // Last, as they take the board's write lock: a new post is given its search slice, and a new
    // post, or one moved to another category, changes the lists' counts.
    const slice = await postSlice(tx, board.id, key, input.key === undefined);
    await tx
      .update(posts)
      .set({ hasImage: attached.hasImage || hasInlineImage, hasFile: attached.hasFile, ...searchColumns(slice, input.subject, text, nickName) })
      .where(eq(posts.key, key));
    await countPost(tx, board.id, key, { from: wasIn, to: input.category });
    return key;
  });
  answersChanged(db, boardPostTags(board.id, saved));
  return saved;
}

/** Soft delete by the author or an administrator; the post's points go back. */
export async function deletePost(db: Db, actor: Actor, key: number): Promise<void> {
  const post = await loadPost(db, key);
  if (post.deleted) throw notFound(MSG.deleted);
  // Everything read outside the transaction first: PGlite has one connection.
  const [board, settings] = await Promise.all([getBoard(db, post.boardId), getSettings(db)]);
  if (!can(actor, 'deletePost', board, post)) throw forbidden(MSG.notAuthorDelete);
  await db.transaction(async (tx) => {
    const done = await tx
      .update(posts)
      .set({ deletedAt: new Date() })
      .where(and(eq(posts.key, key), isNull(posts.deletedAt)))
      .returning({ key: posts.key, category: posts.category });
    if (done.length === 0) throw notFound(MSG.deleted);
    if (post.userNo !== null) await awardPoints(tx, post.userNo, -(board.pointsPost ?? settings.points.post), `글 삭제 (${board.name})`);
    await countPost(tx, board.id, key, { from: done[0]!.category, to: null });
  });
  answersChanged(db, boardPostTags(board.id, key));
}

/** Once per member, never one's own post; the author earns the recommended points. */
export async function recommendPost(db: Db, actor: Actor, key: number): Promise<number> {
  const { post, board } = await readablePost(db, actor, key);
  const member = actor.member!;
  if (post.userNo === member.no) throw forbidden(MSG.ownPost);
  if (!can(actor, 'recommend', board, post)) throw forbidden(MSG.noRead);
  const settings = await getSettings(db);
  const recommends = await db.transaction(async (tx) => {
    const added = await tx.insert(recommendations).values({ postKey: key, userNo: member.no }).onConflictDoNothing().returning({ k: recommendations.postKey });
    if (added.length === 0) throw conflict(MSG.recommended, 'recommended');
    const [row] = await tx
      .update(posts)
      .set({ recommends: sql`${posts.recommends} + 1` })
      .where(eq(posts.key, key))
      .returning({ recommends: posts.recommends });
    if (post.userNo !== null) await awardPoints(tx, post.userNo, settings.points.recommended, `추천 받음 (${board.name})`);
    return row!.recommends;
  });
  answersChanged(db, postTags(board.id, key));
  return recommends;
}

/** Comments keep the post's count current (the comments module calls this). */
export async function adjustCommentCount(tx: Tx, key: number, delta: number) {
  await tx
    .update(posts)
    .set({ commentCount: sql`greatest(${posts.commentCount} + ${delta}, 0)` })
    .where(eq(posts.key, key));
}
