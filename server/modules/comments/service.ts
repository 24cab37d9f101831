// Comments: plain text with one level of replies (a reply to a reply joins the top-level
// comment's thread). Deleting is soft and keeps the thread's shape.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Comment } from '../../../common/api/boards.js';
import { HIDDEN_NOTICE_HTML } from '../../../common/api/reports.js';
import type { Db } from '../../db/client.js';
import { comments, users } from '../../db/schema/index.js';
import { answersChanged, postTags } from '../../lib/answer-cache.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isAdmin, isOwner } from '../../lib/roles.js';
import { createAlarms, notifyMentions, type NewAlarm } from '../alarms/service.js';
import { mentionedUserIds, renderComment, tokenRefs } from '../posts/content.js';
import { type Actor, can, mayReport, requireInReach } from '../posts/policy.js';
import { presentAuthor, ranksFor } from '../posts/present.js';
import { getBoard, MSG as BOARD_MSG, readersAmong } from '../posts/board-rules.js';
import { loadPost, readablePost, renderLookups } from '../posts/view.js';
import { tokenPhotos } from '../posts/token-photos.js';
import { adjustCommentCount } from '../posts/write.js';
import { getSettings } from '../community/service.js';
import { awardPoints } from '../points/service.js';
import { cleanCounts, countsColumn, mineColumn } from '../reactions/columns.js';

export const MSG = {
  noComment: '댓글을 찾을 수 없습니다.',
  notAuthor: '자신이 쓴 댓글만 고칠 수 있습니다.',
  notAuthorDelete: '댓글을 쓴 회원과 관리자만 지울 수 있습니다.',
  deletedParent: '삭제된 댓글에는 답글을 달 수 없습니다.',
  deletedText: '삭제된 댓글입니다.',
} as const;

const NO_AUTHOR = { userId: '', nickName: '', levelKey: null };

/** The post's comments in thread order: each top-level comment, then its replies. */
export async function listComments(db: Db, actor: Actor, key: number): Promise<{ items: Comment[]; total: number }> {
  const { board } = await readablePost(db, actor, key);
  const rows = await db
    .select({
      key: comments.key,
      parentKey: comments.parentKey,
      userNo: comments.userNo,
      nickName: comments.nickName,
      content: comments.content,
      createdAt: comments.createdAt,
      deletedAt: comments.deletedAt,
      hiddenAt: comments.hiddenAt,
      userId: users.userId,
      points: users.points,
      status: users.status,
      // Reactions (공감): the counts and the reader's own, in this same query.
      reactions: countsColumn('comment', comments.key),
      myReaction: mineColumn('comment', comments.key, actor.member?.no ?? null),
    })
    .from(comments)
    .leftJoin(users, eq(users.no, comments.userNo))
    .where(eq(comments.postKey, key))
    .orderBy(sql`coalesce(${comments.parentKey}, ${comments.key})`, asc(comments.key));
  // A deleted comment stays as a placeholder only while live replies hang under it.
  const liveReplies = new Set(rows.filter((r) => r.parentKey !== null && !r.deletedAt).map((r) => r.parentKey));
  const shown = rows.filter((r) => !r.deletedAt || (r.parentKey === null && liveReplies.has(r.key)));
  const live = shown.filter((r) => !r.deletedAt);
  // Only what is shown as text lends photos: not a comment hidden from this reader.
  const rendered = live.filter((r) => r.hiddenAt === null || isAdmin(actor)).map((r) => r.content);
  const [ranks, refLookups, photos] = await Promise.all([
    ranksFor(db, live),
    renderLookups(db, actor, tokenRefs(live.map((r) => r.content), { plainText: true })),
    tokenPhotos(db, actor, key, rendered),
  ]);
  const lookups = { ...refLookups, postFiles: photos.postFiles };
  const items = shown.map((r): Comment => {
    const deleted = r.deletedAt !== null;
    const ref = { userNo: r.userNo, deleted };
    const mine = isOwner(actor, r.userNo);
    const hidden = !deleted && r.hiddenAt !== null;
    // Hidden after a report: everyone but admins gets the notice instead of the text.
    const concealed = hidden && !isAdmin(actor);
    return {
      commentKey: r.key,
      parentKey: r.parentKey,
      author: deleted ? NO_AUTHOR : presentAuthor(r, ranks),
      contentHtml: deleted ? MSG.deletedText : concealed ? HIDDEN_NOTICE_HTML : renderComment(r.content, lookups),
      content: mine && !deleted && !concealed ? r.content : '',
      hidden,
      createdAt: r.createdAt.toISOString(),
      deleted,
      canEdit: can(actor, 'editComment', board, ref),
      canDelete: can(actor, 'deleteComment', board, ref),
      canReport: mayReport(actor, { ...ref, hidden }),
      ...(r.reactions && !deleted ? { reactions: cleanCounts(r.reactions) } : {}),
      ...(r.myReaction && !deleted ? { myReaction: r.myReaction } : {}),
    };
  });
  return { items, total: live.length, ...(photos.photos.length > 0 && { photos: photos.photos }) };
}

export interface CommentInput {
  key: number;
  content: string;
  parentKey?: number | undefined;
  commentKey?: number | undefined;
}

/** Creates a comment or a reply, or (commentKey) edits the caller's own comment. */
export async function saveComment(db: Db, actor: Actor, input: CommentInput): Promise<number> {
  const member = actor.member!;
  const { post, board } = await readablePost(db, actor, input.key);
  if (!can(actor, 'comment', board)) throw forbidden(BOARD_MSG.noComment);
  // A new comment or reply on hidden content is refused; its author may still edit their own.
  if (input.commentKey === undefined) requireInReach(post, 'comment');
  const settings = await getSettings(db);
  const snippet = input.content;

  const saved = await db.transaction(async (tx) => {
    if (input.commentKey !== undefined) {
      const [row] = await tx
        .select({ postKey: comments.postKey, userNo: comments.userNo, content: comments.content, deletedAt: comments.deletedAt })
        .from(comments)
        .where(eq(comments.key, input.commentKey))
        .for('update');
      if (!row || row.postKey !== post.key || row.deletedAt) throw notFound(MSG.noComment);
      if (!can(actor, 'editComment', board, { userNo: row.userNo, deleted: false })) throw forbidden(MSG.notAuthor);
      await tx.update(comments).set({ content: input.content, updatedAt: new Date() }).where(eq(comments.key, input.commentKey));
      const already = new Set(mentionedUserIds(row.content, { plainText: true }));
      await notifyMentions(tx, {
        userIds: mentionedUserIds(input.content, { plainText: true }).filter((id) => !already.has(id)),
        from: member,
        boardId: board.id,
        boardName: board.name,
        articleKey: post.key,
        subject: post.subject,
        content: `${member.nickName}님이 댓글에서 회원님을 언급했습니다: ${snippet}`,
        readers: (nos) => readersAmong(tx, board, nos),
      });
      return { key: input.commentKey, added: false };
    }

    let parentKey: number | null = null;
    let parentAuthor: number | null = null;
    if (input.parentKey !== undefined) {
      const [parent] = await tx
        .select({ key: comments.key, postKey: comments.postKey, parentKey: comments.parentKey, userNo: comments.userNo, deletedAt: comments.deletedAt, hiddenAt: comments.hiddenAt })
        .from(comments)
        .where(eq(comments.key, input.parentKey));
      if (!parent || parent.postKey !== post.key) throw notFound(MSG.noComment);
      if (parent.deletedAt) throw badRequest(MSG.deletedParent);
      requireInReach({ hidden: parent.hiddenAt !== null }, 'reply');
      // One level of replies: a reply to a reply joins the top-level comment's thread.
      parentKey = parent.parentKey ?? parent.key;
      parentAuthor = parent.userNo;
    }
    const [row] = await tx
      .insert(comments)
      .values({ postKey: post.key, parentKey, userNo: member.no, nickName: member.nickName, content: input.content })
      .returning({ key: comments.key });
    await adjustCommentCount(tx, post.key, 1);
    await awardPoints(tx, member.no, board.pointsComment ?? settings.points.comment, `댓글 작성 (${board.name})`);

    // One alarm per member: a reply to their comment, else a comment on their post, else a mention.
    const base = { boardId: board.id, boardName: board.name, articleKey: post.key, subject: post.subject };
    const alarms = new Map<number, NewAlarm>();
    if (parentAuthor !== null && parentAuthor !== member.no) {
      alarms.set(parentAuthor, { ...base, userNo: parentAuthor, kind: 'reply', content: `${member.nickName}님이 답글을 남겼습니다: ${snippet}`, fromNo: member.no });
    }
    if (post.userNo !== null && post.userNo !== member.no && !alarms.has(post.userNo)) {
      alarms.set(post.userNo, { ...base, userNo: post.userNo, kind: 'comment', content: `${member.nickName}님이 댓글을 남겼습니다: ${snippet}`, fromNo: member.no });
    }
    const readers = await readersAmong(tx, board, [...alarms.keys()]);
    await createAlarms(tx, [...alarms.values()].filter((a) => readers.has(a.userNo)));
    await notifyMentions(tx, {
      ...base,
      userIds: mentionedUserIds(input.content, { plainText: true }),
      from: member,
      skip: [...alarms.keys()],
      readers: (nos) => readersAmong(tx, board, nos),
      content: `${member.nickName}님이 댓글에서 회원님을 언급했습니다: ${snippet}`,
    });
    return { key: row!.key, added: true };
  });
  // A new comment changes the post's comment count in the lists and the view.
  if (saved.added) answersChanged(db, postTags(board.id, post.key));
  return saved.key;
}

/** Soft delete by the writer or an administrator; the comment's points go back. */
export async function deleteComment(db: Db, actor: Actor, commentKey: number): Promise<void> {
  const settings = await getSettings(db);
  const [row] = await db
    .select({ postKey: comments.postKey, userNo: comments.userNo, deletedAt: comments.deletedAt })
    .from(comments)
    .where(eq(comments.key, commentKey));
  if (!row || row.deletedAt) throw notFound(MSG.noComment);
  const post = await loadPost(db, row.postKey);
  const board = await getBoard(db, post.boardId);
  if (!can(actor, 'deleteComment', board, { userNo: row.userNo, deleted: false })) throw forbidden(MSG.notAuthorDelete);
  await db.transaction(async (tx) => {
    const done = await tx
      .update(comments)
      .set({ deletedAt: new Date() })
      .where(and(eq(comments.key, commentKey), sql`${comments.deletedAt} is null`))
      .returning({ key: comments.key });
    if (done.length === 0) throw notFound(MSG.noComment);
    await adjustCommentCount(tx, row.postKey, -1);
    if (row.userNo !== null) await awardPoints(tx, row.userNo, -(board.pointsComment ?? settings.points.comment), `댓글 삭제 (${board.name})`);
  });
  answersChanged(db, postTags(board.id, row.postKey));
}
