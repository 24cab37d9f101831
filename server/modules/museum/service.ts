// A member's museum (docs/product/gallery.md#museum): exhibits chosen from their own gallery with a note, in
// their order. The catalogue pages through it; the slideshow gets every exhibit at once.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Exhibit, MuseumSave, MuseumShow } from '../../../common/api/gallery.js';
import { PAGE_SIZE } from '../../../common/constants.js';
import { stripBidi } from '../../../common/text.js';
import type { Db } from '../../db/client.js';
import { museumExhibits, posts, users } from '../../db/schema/index.js';
import { answersChanged } from '../../lib/answer-cache.js';
import { badRequest, forward } from '../../lib/errors.js';
import { presentAuthor, ranksFor } from '../posts/present.js';
import type { Actor } from '../posts/policy.js';
import { GALLERY_BOARD } from '../posts/kinds.js';
import { coverJson, type PhotoJson, presentPhotoOrEmpty } from '../gallery/present.js';

const MUSEUM_SIZE = PAGE_SIZE.gallery;
/** The slideshow's whole museum (MuseumSave allows 100). */
const SHOW_MAX = 100;

export const MSG = {
  noMember: '회원을 찾을 수 없습니다.',
  notMine: '내 갤러리의 사진만 전시할 수 있습니다.',
  duplicate: '같은 사진을 두 번 전시할 수 없습니다.',
} as const;

/** Every cached museum answer carries this tag and the gallery's (a title or photo change shows). */
export const museumTag = (userNo: number) => `museum:${userNo}`;

const exhibitColumns = {
  galleryKey: museumExhibits.postKey,
  note: museumExhibits.note,
  title: posts.subject,
  photo: coverJson(museumExhibits.postKey, true),
};

const live = and(eq(posts.boardId, GALLERY_BOARD), isNull(posts.deletedAt), isNull(posts.hiddenAt));

function exhibitQuery(db: Db, userNo: number) {
  return db
    .select(exhibitColumns)
    .from(museumExhibits)
    .innerJoin(posts, eq(posts.key, museumExhibits.postKey))
    .where(and(eq(museumExhibits.userNo, userNo), live))
    .orderBy(asc(museumExhibits.sort), asc(museumExhibits.postKey));
}

function presentExhibit(r: { galleryKey: number; note: string; title: string; photo: PhotoJson | null }): z.input<typeof Exhibit> {
  const photo = presentPhotoOrEmpty(r.photo);
  const { thumbUrl, mediumUrl, url, width, height } = photo;
  return { galleryKey: Number(r.galleryKey), note: r.note, title: r.title, cover: { thumbUrl, mediumUrl, url, width, height }, photo };
}

/** The owner: active members only (a withdrawn member's museum is closed). */
async function owner(db: Db, userId: string) {
  const [row] = await db
    .select({ no: users.no, userId: users.userId, nickName: users.nickName, points: users.points, status: users.status })
    .from(users)
    .where(eq(users.userId, userId))
    .limit(1);
  // A suspended member's museum stays up, as their space and gallery; a withdrawn one's is gone.
  return row && row.status !== 'withdrawn' ? row : null;
}

export async function listMuseum(db: Db, userId: string, page: number) {
  const o = await owner(db, userId);
  if (!o) return { items: [], page, pageSize: MUSEUM_SIZE, total: 0 };
  const [rows, [count]] = await Promise.all([
    exhibitQuery(db, o.no)
      .limit(MUSEUM_SIZE)
      .offset((page - 1) * MUSEUM_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(museumExhibits)
      .innerJoin(posts, eq(posts.key, museumExhibits.postKey))
      .where(and(eq(museumExhibits.userNo, o.no), live)),
  ]);
  return { items: rows.map(presentExhibit), page, pageSize: MUSEUM_SIZE, total: Number(count?.n ?? 0) };
}

/** The slideshow: every exhibit, starting at galleryKey's (or the first). */
export async function showMuseum(db: Db, userId: string, galleryKey: number | undefined): Promise<z.input<typeof MuseumShow>> {
  const o = await owner(db, userId);
  if (!o) throw forward(404, MSG.noMember);
  const [rows, ranks] = await Promise.all([exhibitQuery(db, o.no).limit(SHOW_MAX), ranksFor(db, [{ userNo: o.no, points: o.points, status: o.status }])]);
  const exhibits = rows.map(presentExhibit);
  const start = Math.max(0, galleryKey === undefined ? 0 : exhibits.findIndex((e) => e.galleryKey === galleryKey));
  return {
    owner: presentAuthor({ userNo: o.no, userId: o.userId, nickName: o.nickName ?? '', status: o.status }, ranks),
    exhibits,
    start,
  };
}

/** Replaces the caller's whole museum with the exhibits in the order given: their own live items only. */
export async function saveMuseum(db: Db, actor: Actor, input: z.output<typeof MuseumSave>): Promise<void> {
  const member = actor.member!;
  const keys = input.exhibits.map((e) => e.galleryKey);
  if (new Set(keys).size !== keys.length) throw badRequest(MSG.duplicate);
  await db.transaction(async (tx) => {
    if (keys.length) {
      const mine = await tx
        .select({ key: posts.key })
        .from(posts)
        .where(and(inArray(posts.key, keys), eq(posts.userNo, member.no), eq(posts.boardId, GALLERY_BOARD), isNull(posts.deletedAt)));
      if (mine.length !== keys.length) throw badRequest(MSG.notMine);
    }
    await tx.delete(museumExhibits).where(eq(museumExhibits.userNo, member.no));
    if (keys.length) {
      await tx.insert(museumExhibits).values(input.exhibits.map((e, i) => ({ userNo: member.no, postKey: e.galleryKey, note: stripBidi(e.note), sort: i })));
    }
  });
  answersChanged(db, [museumTag(member.no), 'museum']);
}
