// Writing galleries: save (new or the owner's edit) and delete (owner or admin). An item is a post
// of board 'gallery': title = subject, description = content (plain text kept as sanitised HTML
// with only line breaks), photos = the post's files in order with their captions.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { GallerySave } from '../../../common/api/gallery.js';
import { escapeHtml } from '../../../common/content/escape.js';
import { sanitizeContent } from '../../../common/content/sanitize.js';
import { stripBidi } from '../../../common/text.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { files, museumExhibits, posts, todayPhotos } from '../../db/schema/index.js';
import { answersChanged, boardPostTags } from '../../lib/answer-cache.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { notifyMentions } from '../alarms/service.js';
import { getSettings } from '../community/service.js';
import { awardPoints } from '../points/service.js';
import { getBoard, MSG as BOARD_MSG, readersAmong } from '../boards/board-rules.js';
import { mentionedUserIds, plainText } from '../boards/content.js';
import { countPost } from '../boards/page-chunks.js';
import { type Actor, can } from '../boards/policy.js';
import { attachFiles } from '../boards/post-write.js';
import { searchColumns } from '../boards/search.js';
import { postSlice } from '../boards/search-slices.js';
import { MSG as READ_MSG } from './gallery-read.js';
import { canGallery, GALLERY_BOARD } from './policy.js';

export const MSG = {
  ...READ_MSG,
  notOwner: '자신의 사진만 고칠 수 있습니다.',
  notOwnerDelete: '사진을 올린 회원과 관리자만 지울 수 있습니다.',
  notPhoto: '사진 파일만 올릴 수 있습니다.',
  badPhoto: '직접 올린 사진만 갤러리에 담을 수 있습니다.',
  duplicatePhoto: '같은 사진이 두 번 담겼습니다.',
  todayPicked: '오늘의 사진으로 뽑힌 작품은 지울 수 없습니다. 관리자에게 문의해 주세요.',
} as const;

/** Every cached answer built from gallery items carries the gallery board's tag (lists, museums, today, home). */
export const galleryTags = (key: number) => [...boardPostTags(GALLERY_BOARD, key), 'gallery'];

/** Plain text -> what is stored: escaped, then the boards' strip sanitiser (p and br only, newlines as br). */
export const storedDescription = (text: string) => stripBidi(sanitizeContent(escapeHtml(text), { strip: true }));

type SaveInput = z.output<typeof GallerySave>;

/** Creates (no galleryKey) or edits the caller's own item; returns its key. */
export async function saveGallery(db: Db, actor: Actor, input: SaveInput): Promise<number> {
  const member = actor.member!;
  const [board, settings] = await Promise.all([getBoard(db, GALLERY_BOARD), getSettings(db)]);
  const keys = input.photos.map((p) => p.fileKey);
  if (new Set(keys).size !== keys.length) throw badRequest(MSG.duplicatePhoto);
  const content = storedDescription(input.description);
  const text = plainText(content);

  const saved = await db.transaction(async (tx) => {
    // Photos only, and each the caller's own upload (attachFiles checks it is free or already this item's).
    const found = await tx.select({ key: files.key, image: files.image, userNo: files.userNo }).from(files).where(inArray(files.key, keys));
    const byKey = new Map(found.map((f) => [f.key, f]));
    for (const k of keys) {
      const f = byKey.get(k);
      if (!f || f.userNo !== member.no) throw badRequest(MSG.badPhoto);
      if (!f.image) throw badRequest(MSG.notPhoto);
    }
    let key: number;
    let nickName: string;
    let before = '';
    if (input.galleryKey === undefined) {
      if (!can(actor, 'write', board)) throw forbidden(BOARD_MSG.noWrite);
      nickName = member.nickName;
      const [row] = await tx
        .insert(posts)
        .values({ boardId: GALLERY_BOARD, category: 'c1', userNo: member.no, nickName, subject: input.title, content })
        .returning({ key: posts.key });
      key = row!.key;
      await awardPoints(tx, member.no, board.pointsPost ?? settings.points.post, `사진 올림 (${board.name})`);
    } else {
      const [row] = await tx
        .select({ boardId: posts.boardId, userNo: posts.userNo, nickName: posts.nickName, content: posts.content, deletedAt: posts.deletedAt })
        .from(posts)
        .where(eq(posts.key, input.galleryKey))
        .for('update');
      if (!row || row.boardId !== GALLERY_BOARD) throw notFound(MSG.noItem);
      if (row.deletedAt) throw notFound(MSG.deleted);
      if (!canGallery(actor, 'edit', { userNo: row.userNo, deleted: false })) throw forbidden(MSG.notOwner);
      key = input.galleryKey;
      nickName = row.nickName;
      before = row.content;
      const now = new Date();
      await tx.update(posts).set({ subject: input.title, content, updatedAt: now, editedAt: now }).where(eq(posts.key, key));
    }
    try {
      await attachFiles(tx, member.no, key, keys);
    } catch (e) {
      // Already in another post or someone else's: said in the gallery's words.
      throw e instanceof HttpError && e.status === 400 ? badRequest(MSG.badPhoto) : e;
    }
    for (const [i, p] of input.photos.entries()) {
      await tx.update(files).set({ caption: stripBidi(p.caption ?? ''), sort: i }).where(eq(files.key, p.fileKey));
    }
    const already = new Set(mentionedUserIds(before));
    await notifyMentions(tx, {
      userIds: mentionedUserIds(content).filter((id) => !already.has(id)),
      from: member,
      readers: (nos) => readersAmong(tx, board, nos),
      boardId: board.id,
      boardName: board.name,
      articleKey: key,
      subject: input.title,
      content: `${member.nickName}님이 사진 설명에서 회원님을 언급했습니다: ${input.title}`,
    });
    // Last, as they take the board's write lock: the search slice and the lists' counts.
    const slice = await postSlice(tx, GALLERY_BOARD, key, input.galleryKey === undefined);
    await tx
      .update(posts)
      .set({ hasImage: true, hasFile: false, ...searchColumns(slice, input.title, text, nickName) })
      .where(eq(posts.key, key));
    if (input.galleryKey === undefined) await countPost(tx, GALLERY_BOARD, key, { from: null, to: 'c1' });
    return key;
  });
  answersChanged(db, galleryTags(saved));
  return saved;
}

/**
 * Soft delete by the owner or an administrator: the item leaves every museum and its points go
 * back. An item that was (or will be) today's photo is refused: the list of past photos keeps
 * every day filled, and an administrator removes the pick first if it must go.
 */
export async function deleteGallery(db: Db, actor: Actor, key: number): Promise<void> {
  const [[row], board, settings] = await Promise.all([
    db.select({ boardId: posts.boardId, userNo: posts.userNo, deletedAt: posts.deletedAt }).from(posts).where(eq(posts.key, key)).limit(1),
    getBoard(db, GALLERY_BOARD),
    getSettings(db),
  ]);
  if (!row || row.boardId !== GALLERY_BOARD) throw notFound(MSG.noItem);
  if (row.deletedAt) throw notFound(MSG.deleted);
  if (!canGallery(actor, 'delete', { userNo: row.userNo, deleted: false })) throw forbidden(MSG.notOwnerDelete);
  await db.transaction(async (tx) => {
    const [picked] = await tx.select({ day: todayPhotos.day }).from(todayPhotos).where(eq(todayPhotos.postKey, key)).limit(1);
    if (picked) throw badRequest(MSG.todayPicked, 'today_picked');
    const done = await tx
      .update(posts)
      .set({ deletedAt: new Date() })
      .where(and(eq(posts.key, key), isNull(posts.deletedAt)))
      .returning({ key: posts.key });
    if (done.length === 0) throw notFound(MSG.deleted);
    await tx.delete(museumExhibits).where(eq(museumExhibits.postKey, key));
    if (row.userNo !== null) await awardPoints(tx, row.userNo, -(board.pointsPost ?? settings.points.post), `사진 삭제 (${board.name})`);
    await countPost(tx, GALLERY_BOARD, key, { from: 'c1', to: null });
  });
  answersChanged(db, [...galleryTags(key), 'museum']);
}

