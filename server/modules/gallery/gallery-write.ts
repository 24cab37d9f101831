// Writing galleries: save (new or the owner's edit) and delete (owner or admin). An item is a post
// of board 'gallery': title = subject, description = content (plain text kept as sanitised HTML
// with only line breaks), photos = the post's files in order with their captions.
import { eq, inArray } from 'drizzle-orm';
import type { GallerySave } from '../../../common/api/gallery.js';
import { escapeHtml } from '../../../common/content/escape.js';
import { sanitizeContent } from '../../../common/content/sanitize.js';
import { stripBidi } from '../../../common/text.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { files, museumExhibits, posts, todayPhotos } from '../../db/schema/index.js';
import { answersChanged, boardPostTags } from '../../lib/answer-cache.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.js';
import { getSettings } from '../community/service.js';
import { getBoard } from '../posts/board-rules.js';
import { plainText } from '../posts/content.js';
import type { Actor } from '../posts/policy.js';
import { attachFiles, type PostKind, removePost, writePost } from '../posts/write.js';
import { MSG as READ_MSG } from './gallery-read.js';
import { GALLERY_BOARD } from '../posts/kinds.js';
import { canGallery } from './policy.js';

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

/** A gallery item on the one write path: photos only, each the member's own upload, with captions. */
function galleryKind(actor: Actor, photos: SaveInput['photos']): PostKind {
  const member = actor.member!;
  const keys = photos.map((p) => p.fileKey);
  return {
    pointsLabel: '사진 올림',
    mentionPlace: '사진 설명',
    async prepare(tx) {
      // Photos only, and each the caller's own upload (attachFiles checks it is free or already this item's).
      const found = await tx.select({ key: files.key, image: files.image, userNo: files.userNo }).from(files).where(inArray(files.key, keys));
      const byKey = new Map(found.map((f) => [f.key, f]));
      for (const k of keys) {
        const f = byKey.get(k);
        if (!f || f.userNo !== member.no) throw badRequest(MSG.badPhoto);
        if (!f.image) throw badRequest(MSG.notPhoto);
      }
    },
    checkEdit(row) {
      if (!row || row.boardId !== GALLERY_BOARD) throw notFound(MSG.noItem);
      if (row.deletedAt) throw notFound(MSG.deleted);
      if (!canGallery(actor, 'edit', { userNo: row.userNo, deleted: false, hidden: false })) throw forbidden(MSG.notOwner);
    },
    // An edit of a photo's work is always marked as edited; galleries keep no earlier versions.
    keepVersions: false,
    async attach(tx, key) {
      try {
        await attachFiles(tx, member.no, key, keys);
      } catch (e) {
        // Already in another post or someone else's: said in the gallery's words.
        throw e instanceof HttpError && e.status === 400 ? badRequest(MSG.badPhoto) : e;
      }
      for (const [i, p] of photos.entries()) {
        await tx.update(files).set({ caption: stripBidi(p.caption ?? ''), sort: i }).where(eq(files.key, p.fileKey));
      }
      return { hasImage: true, hasFile: false };
    },
  };
}

/** Creates (no galleryKey) or edits the caller's own item; returns its key. */
export async function saveGallery(db: Db, actor: Actor, input: SaveInput): Promise<number> {
  const [board, settings] = await Promise.all([getBoard(db, GALLERY_BOARD), getSettings(db)]);
  const keys = input.photos.map((p) => p.fileKey);
  if (new Set(keys).size !== keys.length) throw badRequest(MSG.duplicatePhoto);
  const content = storedDescription(input.description);
  // A new item goes to the gallery's one category; an edit keeps the item where it is.
  const draft = { key: input.galleryKey, category: input.galleryKey === undefined ? 'c1' : undefined, subject: input.title, content, text: plainText(content), notice: false };
  const saved = await db.transaction((tx) => writePost(tx, actor, { board, settings }, draft, galleryKind(actor, input.photos)));
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
  if (!canGallery(actor, 'delete', { userNo: row.userNo, deleted: false, hidden: false })) throw forbidden(MSG.notOwnerDelete);
  await db.transaction(async (tx) => {
    const [picked] = await tx.select({ day: todayPhotos.day }).from(todayPhotos).where(eq(todayPhotos.postKey, key)).limit(1);
    if (picked) throw badRequest(MSG.todayPicked, 'today_picked');
    await removePost(tx, { board, settings }, { key, userNo: row.userNo }, { pointsLabel: '사진 삭제', deleted: MSG.deleted });
    await tx.delete(museumExhibits).where(eq(museumExhibits.postKey, key));
  });
  answersChanged(db, [...galleryTags(key), 'museum']);
}
