// Reading galleries: a page of items (everyone's, a member's, or those with a photo taken with a
// product) and one item with its photos. One statement per page and per view.
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { GalleryPage, GalleryView } from '../../../common/api/gallery.js';
import { HIDDEN_NOTICE_HTML } from '../../../common/api/reports.js';
import { decodeEntities } from '../../../common/content/escape.js';
import { PAGE_SIZE } from '../../../common/constants.js';
import { type Db, perDatabase, type Tx } from '../../db/client.js';
import { files, museumExhibits, posts, products, todayPhotos, users } from '../../db/schema/index.js';
import { forward } from '../../lib/errors.js';
import { isOwner } from '../../lib/roles.js';
import { markArticleAlarmsRead, unreadArticleAlarms } from '../alarms/service.js';
import { allBoards, MSG as BOARD_MSG, requireRead } from '../posts/board-rules.js';
import { renderPost, tokenRefs } from '../posts/content.js';
import { scopeTotal } from '../posts/page-chunks.js';
import { type Actor, mayReadHidden } from '../posts/policy.js';
import { renderLookups } from '../posts/view.js';
import { countView } from '../posts/view-counter.js';
import { ranksFor } from '../posts/present.js';
import { GALLERY_BOARD } from '../posts/kinds.js';
import { galleryAbilities } from './policy.js';
import { coverJson, type GalleryRow, photoJson, type PhotoJson, presentGallery, presentPhoto } from './present.js';

export const GALLERY_SIZE = PAGE_SIZE.gallery;

export const MSG = {
  noItem: '사진을 찾을 수 없습니다.',
  deleted: '삭제된 사진입니다.',
} as const;

/** Live, not hidden after a report: what lists show. */
export const listed = and(eq(posts.boardId, GALLERY_BOARD), isNull(posts.deletedAt), isNull(posts.hiddenAt));

export const galleryColumns = {
  key: posts.key,
  subject: posts.subject,
  userNo: posts.userNo,
  nickName: posts.nickName,
  userId: users.userId,
  points: users.points,
  status: users.status,
  createdAt: posts.createdAt,
  views: posts.views,
  recommends: posts.recommends,
  commentCount: posts.commentCount,
  cover: coverJson(posts.key),
  photoCount: sql<number>`(select count(*)::int from ${files} f where f.post_key = ${posts.key} and f.image)`,
};

/** The member's number by userId, active or suspended, as their space (a withdrawn member's lists nothing). */
export async function listedMemberNo(db: Tx, userId: string): Promise<number | null> {
  const [row] = await db.select({ no: users.no, status: users.status }).from(users).where(eq(users.userId, userId)).limit(1);
  return row && row.status !== 'withdrawn' ? row.no : null;
}

/** A product by key (merged ones follow to where they went is not needed: photos moved with the merge). */
async function productId(db: Tx, key: string): Promise<number | null> {
  const [row] = await db.select({ id: products.id, hidden: products.hidden }).from(products).where(eq(products.key, key)).limit(1);
  return row && !row.hidden ? row.id : null;
}

export interface GalleryListInput {
  userId?: string | undefined;
  page: number;
  productKey?: string | undefined;
}

const emptyPage = (page: number): GalleryPage => ({ items: [], page, pageSize: GALLERY_SIZE, total: 0 });

export async function presentGalleryRows(db: Db, rows: GalleryRow[]) {
  const ranks = await ranksFor(db, rows);
  return rows.map((r) => presentGallery(r, ranks));
}

/** /api/gallery/list: 24 a page, newest first. */
export async function listGallery(db: Db, actor: Actor, q: GalleryListInput): Promise<GalleryPage> {
  const board = (await allBoards(db)).get(GALLERY_BOARD);
  if (!board) throw forward(404, BOARD_MSG.noBoard);
  requireRead(actor, board);
  const where: SQL[] = [listed!];
  if (q.userId !== undefined) {
    const no = await listedMemberNo(db, q.userId);
    if (no === null) return emptyPage(q.page);
    where.push(eq(posts.userNo, no));
  }
  if (q.productKey) {
    const id = await productId(db, q.productKey);
    if (id === null) return emptyPage(q.page);
    where.push(sql`exists (select 1 from ${files} f where f.post_key = ${posts.key} and (f.camera_product_id = ${id} or f.lens_product_id = ${id}))`);
  }
  const offset = (q.page - 1) * GALLERY_SIZE;
  const filtered = where.length > 1;
  const [rows, total] = await Promise.all([
    db
      .select(galleryColumns)
      .from(posts)
      .leftJoin(users, eq(users.no, posts.userNo))
      .where(and(...where))
      .orderBy(desc(posts.key))
      .limit(GALLERY_SIZE)
      .offset(offset),
    // The whole gallery's total is kept by the write path (page chunks); a member's is counted.
    filtered
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(posts)
          .where(and(...where))
          .then((r) => Number(r[0]?.n ?? 0))
      : scopeTotal(db, GALLERY_BOARD, 'c0'),
  ]);
  return { items: await presentGalleryRows(db, rows), page: q.page, pageSize: GALLERY_SIZE, total };
}

/**
 * The owner's badges on their own list (/gallery/my/list): whether each item is in their museum
 * and the dates it was today's photo. Personal, so added after the shared cached answer.
 */
export async function withOwnerBadges(db: Db, page: GalleryPage): Promise<GalleryPage> {
  const keys = page.items.map((i) => i.galleryKey);
  if (keys.length === 0) return page;
  // The outer row named with its table: in a one-table select Drizzle writes columns bare, and a
  // bare user_no inside the subquery would be the exhibit's own.
  const rows = await db
    .select({
      key: posts.key,
      inMuseum: sql<boolean>`exists(select 1 from ${museumExhibits} e where e.post_key = posts.key and e.user_no = posts.user_no)`,
      todayDates: sql<string[] | null>`(select json_agg(t.day::text order by t.day desc) from ${todayPhotos} t where t.post_key = posts.key)`,
    })
    .from(posts)
    .where(inArray(posts.key, keys));
  const byKey = new Map(rows.map((r) => [Number(r.key), r]));
  return {
    ...page,
    items: page.items.map((i) => ({ ...i, inMuseum: Boolean(byKey.get(i.galleryKey)?.inMuseum), todayDates: byKey.get(i.galleryKey)?.todayDates ?? [] })),
  };
}

/** Stored description (sanitised, strip option: text and line breaks) -> the text to edit. */
export const descriptionText = (html: string) => decodeEntities(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p>/gi, '\n').replace(/<[^>]*>/g, ''));

/**
 * Everything the view shows, in one statement: the item with its author, its photos with EXIF
 * and products, the reader's own recommendation and scrap, and for the owner's manager whether
 * it is in their museum, the dates it was today's photo and which photos keep an unmarked original.
 */
function buildViewRow(db: Db) {
  const mine = (table: 'recommendations' | 'favorites') =>
    sql<boolean>`exists(select 1 from ${sql.raw(table)} m where m.post_key = ${posts.key} and m.user_no = ${sql.placeholder('member')})`;
  return db
    .select({
      ...galleryColumns,
      boardId: posts.boardId,
      content: posts.content,
      hiddenAt: posts.hiddenAt,
      deletedAt: posts.deletedAt,
      photos: sql<PhotoJson[] | null>`(select json_agg(${photoJson(true)} order by f.sort, f.key) from ${files} f where f.post_key = ${posts.key} and f.image)`,
      recommended: mine('recommendations'),
      scrapped: mine('favorites'),
      unreadAlarms: unreadArticleAlarms(posts.key),
      inMuseum: sql<boolean>`exists(select 1 from ${museumExhibits} e where e.post_key = posts.key and e.user_no = posts.user_no)`,
      todayDates: sql<string[] | null>`(select json_agg(t.day::text order by t.day desc) from ${todayPhotos} t where t.post_key = posts.key)`,
      // Photos with an unmarked original its uploader (the owner) may download.
      originals: sql<string[] | null>`(select json_agg(f.key order by f.sort, f.key) from ${files} f where f.post_key = ${posts.key} and f.image and f.original_path is not null and f.user_no = ${posts.userNo})`,
    })
    .from(posts)
    .leftJoin(users, eq(users.no, posts.userNo))
    .where(eq(posts.key, sql.placeholder('key')))
    .limit(1)
    .prepare('gallery_view_row');
}
const viewRows = perDatabase(buildViewRow);

/** /api/gallery/view. viewer null: the caller counts the view (a visitor's cached answer). */
export async function viewGallery(db: Db, actor: Actor, key: number, viewer: string | null): Promise<GalleryView> {
  const prepared = viewRows(db);
  const member = actor.member;
  const [[row], boardMap] = await Promise.all([prepared.execute({ key, member: member?.no ?? 0 }), allBoards(db)]);
  if (!row || row.boardId !== GALLERY_BOARD) throw forward(404, MSG.noItem);
  const board = boardMap.get(GALLERY_BOARD)!;
  requireRead(actor, board);
  if (row.deletedAt !== null) throw forward(404, MSG.deleted);
  const hidden = row.hiddenAt !== null;
  const concealed = hidden && !mayReadHidden(actor);
  const item = { userNo: row.userNo, deleted: false, hidden };
  const owner = isOwner(actor, row.userNo);
  const waiting = viewer ? countView(db, key, viewer) : 0;
  const [lookups, ranks] = await Promise.all([
    renderLookups(db, actor, tokenRefs([row.content]), boardMap),
    ranksFor(db, [row]),
    member && row.unreadAlarms ? markArticleAlarmsRead(db, member.no, key) : null,
  ]);
  const summary = presentGallery(row, ranks);
  return {
    ...summary,
    views: row.views + waiting,
    descriptionHtml: concealed ? HIDDEN_NOTICE_HTML : renderPost(row.content, [], lookups),
    description: concealed ? '' : descriptionText(row.content),
    photos: concealed ? [] : (row.photos ?? []).map(presentPhoto),
    abilities: galleryAbilities(actor, board, item),
    recommended: Boolean(row.recommended),
    scrapped: Boolean(row.scrapped),
    // Personal: a member's answer is never cached, a visitor is never the owner.
    ...(owner && { inMuseum: Boolean(row.inMuseum), todayDates: row.todayDates ?? [], originals: concealed ? [] : (row.originals ?? []) }),
  };
}
