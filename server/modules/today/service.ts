// Today's photo (docs/product/gallery.md#todays-photo): an administrator picks a gallery item per date with a note; the home
// page shows today's, /today/photo/list the past ones. The photographer earns points and an alarm.
import { and, desc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { TodayPhoto, TodaySave } from '../../../common/api/gallery.js';
import { PAGE_SIZE } from '../../../common/constants.js';
import { stripBidi } from '../../../common/text.js';
import type { Db, Tx } from '../../db/client.js';
import { files, posts, todayPhotos, users } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { answersChanged } from '../../lib/answer-cache.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { createAlarms } from '../alarms/service.js';
import { presentAuthor, ranksFor } from '../posts/present.js';
import { awardPoints } from '../points/service.js';
import { GALLERY_BOARD } from '../posts/kinds.js';
import { photoJson, type PhotoJson, presentPhotoOrEmpty } from '../gallery/present.js';

/**
 * Points for being picked. No community setting fits (those are for posting, commenting and being
 * recommended), so it is a constant: ten posts' worth at the default amounts.
 */
export const TODAY_POINTS = 100;
const TODAY_SIZE = PAGE_SIZE.gallery;
const ADMIN_SIZE = PAGE_SIZE.admin;
/** Every cached answer showing a today's photo carries this tag. */
export const TODAY_TAG = 'today';

export const MSG = {
  noItem: '사진을 찾을 수 없습니다.',
  badPhoto: '그 작품의 사진을 골라 주세요.',
  noPick: '그 날짜의 오늘의 사진이 없습니다.',
  badDate: '날짜를 골라 주세요.',
  hidden: '신고로 가려진 작품은 오늘의 사진으로 고를 수 없습니다.',
} as const;

/** Today in Korea (picks are per Korean date). */
export const kstToday = (now = new Date()) => new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

const todayColumns = {
  day: todayPhotos.day,
  note: todayPhotos.note,
  postKey: todayPhotos.postKey,
  title: posts.subject,
  userNo: posts.userNo,
  nickName: posts.nickName,
  userId: users.userId,
  points: users.points,
  status: users.status,
  // The chosen photo, or the item's first.
  photo: sql<PhotoJson | null>`coalesce(
    (select ${photoJson(true)} from ${files} f where f.key = ${todayPhotos.fileKey} and f.post_key = ${todayPhotos.postKey}),
    (select ${photoJson(true)} from ${files} f where f.post_key = ${todayPhotos.postKey} and f.image order by f.sort, f.key limit 1))`,
};

type TodayRow = { day: string; note: string; postKey: number; title: string; userNo: number | null; nickName: string; userId: string | null; points: number | null; status: string | null; photo: PhotoJson | null };

async function presentToday(db: Db, rows: TodayRow[]): Promise<TodayPhoto[]> {
  const ranks = await ranksFor(db, rows);
  return rows.map((r) => ({
    date: r.day,
    note: r.note,
    galleryKey: Number(r.postKey),
    title: r.title,
    author: presentAuthor(r, ranks),
    photo: presentPhotoOrEmpty(r.photo),
  }));
}

/** Picks of items still shown: not deleted and, in public, not hidden after a report. */
const shownPick = (admin: boolean) => and(isNull(posts.deletedAt), admin ? undefined : isNull(posts.hiddenAt));

function pickQuery(db: Db, where: SQL | undefined) {
  return db
    .select(todayColumns)
    .from(todayPhotos)
    .innerJoin(posts, eq(posts.key, todayPhotos.postKey))
    .leftJoin(users, eq(users.no, posts.userNo))
    .where(where)
    .orderBy(desc(todayPhotos.day));
}

async function pagedPicks(db: Db, where: SQL, page: number, size: number) {
  const [rows, [count]] = await Promise.all([
    pickQuery(db, where)
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: sql<number>`count(*)::int` }).from(todayPhotos).innerJoin(posts, eq(posts.key, todayPhotos.postKey)).where(where),
  ]);
  return { items: await presentToday(db, rows), page, pageSize: size, total: Number(count?.n ?? 0) };
}

/** /api/today/list: picks up to today (a pick for a later date waits for its day), newest first. */
export const listToday = (db: Db, page: number) => pagedPicks(db, and(lte(todayPhotos.day, kstToday()), shownPick(false))!, page, TODAY_SIZE);

/** The admin's list: every pick, later dates and hidden items too. */
export const adminListToday = (db: Db, page: number) => pagedPicks(db, shownPick(true)!, page, ADMIN_SIZE);

/** The home page's photo: today's pick, or the latest before it (a hidden item's pick is passed over). */
export async function currentToday(db: Db): Promise<TodayPhoto | null> {
  const rows = await pickQuery(db, and(lte(todayPhotos.day, kstToday()), shownPick(false))).limit(1);
  return (await presentToday(db, rows))[0] ?? null;
}

async function pickOf(tx: Tx, day: string) {
  const [row] = await tx.select().from(todayPhotos).where(eq(todayPhotos.day, day)).limit(1);
  return row ?? null;
}

const auditable = (r: typeof todayPhotos.$inferSelect | null) => r && { day: r.day, postKey: r.postKey, fileKey: r.fileKey, note: r.note };

const validDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
};

/** Picks (or re-picks) the date's photo; a newly picked item earns its photographer points and an alarm. */
export async function saveToday(db: Db, admin: Member, input: z.output<typeof TodaySave>): Promise<void> {
  if (!validDay(input.date)) throw badRequest(MSG.badDate);
  await db.transaction(async (tx) => {
    const [item] = await tx
      .select({ key: posts.key, boardId: posts.boardId, userNo: posts.userNo, subject: posts.subject, deletedAt: posts.deletedAt, hiddenAt: posts.hiddenAt })
      .from(posts)
      .where(eq(posts.key, input.galleryKey))
      .limit(1);
    if (!item || item.boardId !== GALLERY_BOARD || item.deletedAt) throw badRequest(MSG.noItem);
    // An item hidden after a report is not put on the home page.
    if (item.hiddenAt) throw badRequest(MSG.hidden);
    if (input.fileKey) {
      const [f] = await tx.select({ postKey: files.postKey, image: files.image }).from(files).where(eq(files.key, input.fileKey)).limit(1);
      if (!f || f.postKey !== item.key || !f.image) throw badRequest(MSG.badPhoto);
    }
    const before = await pickOf(tx, input.date);
    const values = { day: input.date, postKey: item.key, fileKey: input.fileKey ?? null, note: stripBidi(input.note), pickedBy: admin.no };
    await tx
      .insert(todayPhotos)
      .values(values)
      .onConflictDoUpdate({ target: todayPhotos.day, set: { postKey: values.postKey, fileKey: values.fileKey, note: values.note, pickedBy: admin.no } });
    await audit(tx, admin, { action: 'today.save', targetKind: 'todayPhoto', targetKey: input.date, before: auditable(before), after: values });
    const newlyPicked = before?.postKey !== item.key;
    if (newlyPicked && before?.postKey) await unaward(tx, before.postKey);
    if (newlyPicked && item.userNo !== null) {
      await awardPoints(tx, item.userNo, TODAY_POINTS, `오늘의 사진 (${input.date})`);
      await createAlarms(tx, [
        {
          userNo: item.userNo,
          kind: 'today',
          boardId: GALLERY_BOARD,
          boardName: '오늘의 사진',
          articleKey: item.key,
          subject: item.subject,
          content: `회원님의 사진이 ${input.date} 오늘의 사진으로 뽑혔습니다: ${item.subject}`,
        },
      ]);
    }
  });
  answersChanged(db, [TODAY_TAG, `post:${input.galleryKey}`]);
}

/** The points of a pick go back when it is removed or replaced by another item. */
async function unaward(tx: Tx, postKey: number) {
  const [item] = await tx.select({ userNo: posts.userNo }).from(posts).where(eq(posts.key, postKey)).limit(1);
  if (item?.userNo != null) await awardPoints(tx, item.userNo, -TODAY_POINTS, '오늘의 사진 취소');
}

export async function deleteToday(db: Db, admin: Member, day: string): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const before = await pickOf(tx, day);
    if (!before) throw notFound(MSG.noPick);
    await tx.delete(todayPhotos).where(eq(todayPhotos.day, day));
    await audit(tx, admin, { action: 'today.delete', targetKind: 'todayPhoto', targetKey: day, before: auditable(before) });
    await unaward(tx, before.postKey);
    return before.postKey;
  });
  answersChanged(db, [TODAY_TAG, `post:${removed}`]);
}
