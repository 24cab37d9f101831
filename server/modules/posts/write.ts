// Writing posts of every kind: the one write path (writePost, with each kind's own rules in a
// PostKind) and the shared part of a delete (removePost), which galleries call directly; a board
// post's save and delete (savePost, deletePost, which market items go through), recommending, and
// the comment count.
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { files, posts, recommendations } from '../../db/schema/index.js';
import { answersChanged, boardPostTags, postTags } from '../../lib/answer-cache.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isOwner } from '../../lib/roles.js';
import { notifyMentions } from '../alarms/service.js';
import { getSettings } from '../community/service.js';
import type { CommunitySettings } from '../community/settings.js';
import { awardPoints } from '../points/service.js';
import { mentionedUserIds, plainText, sanitisePost } from './content.js';
import { type Actor, can, maySeeSecret, requireInReach } from './policy.js';
import { allBoards, type Board, getBoard, MAX_ANSWER_DEPTH, MSG, readersAmong } from './board-rules.js';
import { countPost } from './page-chunks.js';
import { loadPost, type PostRow, readablePost } from './view.js';
import { keepVersion } from './versions.js';
import { NOT_SEARCHED, searchColumns } from './search.js';
import { postSlice } from './search-slices.js';
import { dropPoll, savePoll } from '../polls/service.js';
import type { PollInput } from '../../../common/api/polls.js';

// ---------------------------------------------------------------------------------------------
// Writing

export interface SaveInput {
  boardId: string;
  category: string;
  key?: number | undefined;
  subject: string;
  content: string;
  files: string[];
  /** A poll to add or change; null takes it away; absent keeps the post's (polls module). */
  poll?: PollInput | null | undefined;
  notice: boolean;
  /** 비밀글 (decision 39): refused where the board has it off. */
  secret?: boolean | undefined;
  /** 답글: the post a new one answers (same board, where the board takes answers). */
  answerTo?: number | undefined;
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

/** A post as an edit finds it, locked for the rest of the transaction. */
export interface LockedPost {
  boardId: string;
  category: string;
  userNo: number | null;
  nickName: string;
  subject: string;
  content: string;
  notice: boolean;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
}

/** What is written: the content already made safe by its kind (sanitised HTML) and its plain text. */
export interface PostDraft {
  /** An edit when set. */
  key?: number | undefined;
  /** An edit without one keeps the stored category. */
  category?: string | undefined;
  subject: string;
  content: string;
  text: string;
  notice: boolean;
  /** 비밀글; an edit without it keeps the stored flag (decision 39). */
  secret?: boolean;
  /** A new answer (답글): the post it answers and how deep it sits. */
  answer?: { to: number; depth: number };
}

/**
 * What a kind of post (a board's post, a market item, a gallery item) decides for itself on the
 * one write path; everything else (points, files, mentions, search columns, list counts) is the
 * same for every post.
 */
export interface PostKind {
  /** The point ledger's line for a new post: `${pointsLabel} (${board name})`. */
  pointsLabel: string;
  /** Where a mention was made, in the alarm: `…님이 ${mentionPlace}에서 회원님을 언급했습니다`. */
  mentionPlace: string;
  /** First in the transaction, before anything is written. */
  prepare?: (tx: Tx) => Promise<void>;
  /** Refuses an edit of the row found (none, deleted, another board's, not the caller's). */
  checkEdit: (row: LockedPost | undefined) => asserts row is LockedPost;
  /**
   * Board posts keep the earlier version of an edit that changes the subject or text and mark only
   * such an edit as edited; without it every edit is marked and no version is kept.
   */
  keepVersions: boolean;
  /** The post's files, once its row is written: what the row then says of them. */
  attach: (tx: Tx, key: number) => Promise<{ hasImage: boolean; hasFile: boolean }>;
}

/**
 * The one write path of every post, inside the caller's transaction: creates (no key) or edits
 * the post with its kind's rules; returns its key. The board and the settings are read before
 * the transaction (PGlite has one connection).
 */
export async function writePost(tx: Tx, actor: Actor, place: { board: Board; settings: CommunitySettings }, draft: PostDraft, kind: PostKind): Promise<number> {
  const member = actor.member!;
  const { board, settings } = place;
  await kind.prepare?.(tx);
  let key: number;
  let nickName: string;
  let before = '';
  let wasIn: string | null = null;
  let category: string;
  if (draft.key === undefined) {
    if (draft.category === undefined) throw new Error('a new post needs its category');
    if (!can(actor, 'write', board)) throw forbidden(MSG.noWrite);
    nickName = member.nickName;
    category = draft.category;
    const [row] = await tx
      .insert(posts)
      .values({
        boardId: board.id,
        category,
        userNo: member.no,
        nickName,
        subject: draft.subject,
        content: draft.content,
        notice: draft.notice,
        secret: draft.secret ?? false,
        answerTo: draft.answer?.to ?? null,
        answerDepth: draft.answer?.depth ?? 0,
      })
      .returning({ key: posts.key });
    key = row!.key;
    await awardPoints(tx, member.no, board.pointsPost ?? settings.points.post, `${kind.pointsLabel} (${board.name})`);
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
      .where(eq(posts.key, draft.key))
      .for('update');
    kind.checkEdit(row);
    key = draft.key;
    nickName = row.nickName;
    before = row.content;
    wasIn = row.category;
    category = draft.category ?? row.category;
    const now = new Date();
    // A changed subject or text keeps the earlier version (the author and admins can see it).
    const edited = !kind.keepVersions || row.subject !== draft.subject || row.content !== draft.content;
    if (kind.keepVersions && edited) await keepVersion(tx, key, row, member.no, now);
    await tx
      .update(posts)
      .set({
        category,
        subject: draft.subject,
        content: draft.content,
        // Only someone who may pin notices changes the flag.
        notice: can(actor, 'notice', board) ? draft.notice : row.notice,
        ...(draft.secret !== undefined && { secret: draft.secret }),
        updatedAt: now,
        ...(edited && { editedAt: now }),
      })
      .where(eq(posts.key, key));
  }
  const attached = await kind.attach(tx, key);

  // Mentions: only members newly named by this save.
  const already = new Set(mentionedUserIds(before));
  const named = mentionedUserIds(draft.content).filter((id) => !already.has(id));
  await notifyMentions(tx, {
    userIds: named,
    from: member,
    // A secret post's subject goes to nobody in an alarm (decision 39).
    readers: async (nos) => (draft.secret ? new Set<number>() : readersAmong(tx, board, nos)),
    boardId: board.id,
    boardName: board.name,
    articleKey: key,
    subject: draft.subject,
    content: `${member.nickName}님이 ${kind.mentionPlace}에서 회원님을 언급했습니다: ${draft.subject}`,
  });
  // Last, as they take the board's write lock: a new post is given its search slice, and a new
  // post, or one moved to another category, changes the lists' counts.
  const slice = await postSlice(tx, board.id, key, draft.key === undefined);
  await tx
    .update(posts)
    .set({ ...attached, ...(draft.secret ? NOT_SEARCHED : searchColumns(slice, draft.subject, draft.text, nickName)) })
    .where(eq(posts.key, key));
  await countPost(tx, board.id, key, { from: wasIn, to: category });
  return key;
}

/** A board's post as its author or an administrator edits it. */
function boardPostKind(actor: Actor, board: Board, files: string[], hasInlineImage: boolean): PostKind {
  return {
    pointsLabel: '글 작성',
    mentionPlace: '글',
    checkEdit(row) {
      if (!row) throw notFound(MSG.noPost);
      if (row.deletedAt) throw notFound(MSG.deleted);
      if (row.boardId !== board.id) throw badRequest(MSG.moveBoard);
      if (!can(actor, 'editPost', board, { userNo: row.userNo, deleted: false, hidden: false })) throw forbidden(MSG.notAuthor);
    },
    keepVersions: true,
    async attach(tx, key) {
      const attached = await attachFiles(tx, actor.member!.no, key, files);
      return { hasImage: attached.hasImage || hasInlineImage, hasFile: attached.hasFile };
    },
  };
}

/** Creates (no key) or edits a board's post (a market item's too); returns its key. */
export async function savePost(db: Db, actor: Actor, input: SaveInput): Promise<number> {
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
  const { secret, answer } = await secretAndAnswer(db, actor, board, input);
  const draft = { key: input.key, category: input.category, subject: input.subject, content, text, notice, secret, ...(answer && { answer }) };
  const kind = boardPostKind(actor, board, input.files, hasInlineImage);
  const saved = await db.transaction(async (tx) => {
    const key = await writePost(tx, actor, { board, settings }, draft, kind);
    // The poll is written with its post, once writePost has checked who may write or edit it.
    if (input.poll !== undefined) await savePoll(tx, key, input.poll);
    return key;
  });
  // A new answer shows under the post it answers.
  answersChanged(db, [...boardPostTags(board.id, saved), ...(answer ? [`post:${answer.to}`] : [])]);
  return saved;
}

/**
 * 비밀글 and 답글 of a board post (decision 39). A secret post needs a board that allows it ('always'
 * makes every post one); an answer needs a board that takes answers and a post there the writer may
 * read, in reach, less than MAX_ANSWER_DEPTH deep. An answer to a secret post is secret, also after
 * an edit. An edit never moves a post to another thread.
 */
async function secretAndAnswer(db: Db, actor: Actor, board: Board, input: SaveInput): Promise<{ secret: boolean; answer?: { to: number; depth: number } }> {
  const mode = board.secretPosts ?? 'off';
  let forced = mode === 'always';
  let answer: { to: number; depth: number } | undefined;
  if (input.key === undefined && input.answerTo !== undefined) {
    if (!board.answers) throw badRequest(MSG.noAnswers);
    const original = await loadPost(db, input.answerTo);
    if (original.deleted) throw notFound(MSG.deleted);
    if (original.boardId !== board.id) throw badRequest(MSG.answerElsewhere);
    if (!maySeeSecret(actor, original)) throw forbidden(MSG.answerRead);
    requireInReach(original, 'answer');
    if (original.answerDepth >= MAX_ANSWER_DEPTH) throw badRequest(MSG.answerDeep);
    answer = { to: original.key, depth: original.answerDepth + 1 };
    forced ||= original.secret;
  } else if (input.key !== undefined) {
    const stored = await loadPost(db, input.key);
    if (stored.answerTo !== null) forced ||= (await loadPost(db, stored.answerTo)).secret;
    // A secret post on a board with 비밀글 off (turned off later, or imported so) stays secret
    // through an edit: the form there offers no choice, and an edit must not publish it.
    if (mode === 'off') forced ||= stored.secret;
  }
  if (input.secret && mode === 'off' && !forced) throw badRequest(MSG.noSecret);
  return { secret: forced || input.secret === true, ...(answer && { answer }) };
}

/**
 * Inside the delete's transaction, after the kind's checks: marks the post deleted, gives its
 * points back and takes it out of the lists. `deleted` is the kind's word for a post deleted meanwhile.
 */
export async function removePost(
  tx: Tx,
  place: { board: Board; settings: CommunitySettings },
  post: { key: number; userNo: number | null },
  words: { pointsLabel: string; deleted: string },
): Promise<void> {
  const { board, settings } = place;
  const done = await tx
    .update(posts)
    .set({ deletedAt: new Date() })
    .where(and(eq(posts.key, post.key), isNull(posts.deletedAt)))
    .returning({ key: posts.key, category: posts.category });
  if (done.length === 0) throw notFound(words.deleted);
  if (post.userNo !== null) await awardPoints(tx, post.userNo, -(board.pointsPost ?? settings.points.post), `${words.pointsLabel} (${board.name})`);
  await countPost(tx, board.id, post.key, { from: done[0]!.category, to: null });
  await dropPoll(tx, post.key);
}

/**
 * Soft delete by the author or an administrator; the post's points go back. `loaded` is the post
 * when the caller has already read it (the delete route, to check its board).
 */
export async function deletePost(db: Db, actor: Actor, key: number, loaded?: PostRow): Promise<void> {
  const post = loaded ?? (await loadPost(db, key));
  if (post.deleted) throw notFound(MSG.deleted);
  // Everything read outside the transaction first: PGlite has one connection.
  const [board, settings] = await Promise.all([getBoard(db, post.boardId), getSettings(db)]);
  if (!can(actor, 'deletePost', board, post)) throw forbidden(MSG.notAuthorDelete);
  await db.transaction((tx) => removePost(tx, { board, settings }, { key, userNo: post.userNo }, { pointsLabel: '글 삭제', deleted: MSG.deleted }));
  answersChanged(db, boardPostTags(board.id, key));
}

/** Once per member, never one's own post; the author earns the recommended points. */
export async function recommendPost(db: Db, actor: Actor, key: number): Promise<number> {
  const { post, board } = await readablePost(db, actor, key);
  const member = actor.member!;
  if (isOwner(actor, post.userNo)) throw forbidden(MSG.ownPost);
  requireInReach(post, 'recommend');
  if (!can(actor, 'recommend', board, post)) throw forbidden(MSG.noRead);
  const settings = await getSettings(db);
  const recommends = await db.transaction(async (tx) => {
    const added = await tx.insert(recommendations).values({ postKey: key, userNo: member.no }).onConflictDoNothing().returning({ k: recommendations.postKey });
    if (added.length === 0) throw conflict(MSG.recommended, 'recommended');
    const [row] = await tx
      .update(posts)
      .set({ recommends: sql`${posts.recommends} + 1` })
      .where(and(eq(posts.key, key), isNull(posts.hiddenAt)))
      .returning({ recommends: posts.recommends });
    // Hidden meanwhile: the recommendation is rolled back with the transaction.
    if (!row) requireInReach({ hidden: true }, 'recommend');
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
