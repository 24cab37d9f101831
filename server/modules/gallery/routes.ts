// Personal space, gallery, museum, today's photo and home page calls (issue 10). Handlers parse,
// find the caller, call the service and return the contract. Visitors' reads are served from the
// answer cache (decision 22) under tags every write drops.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PostPage } from '../../../common/api/boards.js';
import { Empty, Ok } from '../../../common/api/common.js';
import {
  GalleryKeyQuery,
  GalleryListQuery,
  GalleryPage,
  GallerySave,
  GallerySaveResult,
  GalleryView,
  HomePage,
  MuseumListQuery,
  MuseumPage,
  MuseumSave,
  MuseumShow,
  MuseumShowQuery,
  ProductPhotoPage,
  ProductPhotosQuery,
  SpaceComments,
  SpaceInfo,
  SpaceMarket,
  SpacePageQuery,
  SpaceQuery,
  TodayDelete,
  TodayListQuery,
  TodayPage,
  TodaySave,
} from '../../../common/api/gallery.js';
import { adminBeforeBody, requireAdmin } from '../../lib/admin.js';
import { sendAnswer } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { actorOf, getBoard, requireRead } from '../boards/board-rules.js';
import { GALLERY_BOARD } from './policy.js';
import { type Actor, VISITOR } from '../boards/policy.js';
import { viewerId } from '../boards/post-view.js';
import { countView } from '../boards/view-counter.js';
import { listGallery, viewGallery, withOwnerBadges } from './gallery-read.js';
import { deleteGallery, saveGallery } from './gallery-write.js';
import { HOME_TAGS, homePage } from './home.js';
import { listMuseum, saveMuseum, showMuseum } from './museum.js';
import { productPhotos } from './product-photos.js';
import { spaceComments, spaceInfo, spaceMarket, spacePosts } from './space.js';
import { adminListToday, deleteToday, listToday, saveToday, TODAY_TAG } from './today.js';

/** How long a cached answer may lag what no write signals (view counts, stars, the date turning). */
const LIST_TTL_MS = 30_000;
const VIEW_TTL_MS = 10_000;

export default async function galleryRoutes(app: App) {
  const { db, answers } = app.ctx;
  const actor = async (req: FastifyRequest) => actorOf(db, await req.member());
  const saveLimit = memberLimiter(app, 'gallery-save', 10, 60_000);
  const readerKind = (a: Actor) => (a.member?.admin ? 'admin' : a.member ? `level${a.level}` : 'visitor');
  const cached = <S extends z.ZodType>(schema: S, key: string, ttlMs: number, tags: string[], produce: () => Promise<z.input<S>>) =>
    answers.get(key, ttlMs, async () => ({ json: JSON.stringify(schema.parse(await produce())), tags }));
  adminBeforeBody(app);
  // Museums and today's photos are gallery items: a reader below the gallery's read level is
  // refused, as by its list, before a shared answer is served.
  const requireGalleryRead = async (req: FastifyRequest) => requireRead(await actor(req), await getBoard(db, GALLERY_BOARD));

  // -------------------------------------------------------------------------------------------
  // Personal space: answers depend on the reader's level (which boards they read); the card's
  // `mine` is personal, so members get their own.

  app.post('/api/space/info', { schema: { body: SpaceQuery, response: { 200: SpaceInfo } } }, async (req, reply) => {
    const caller = await actor(req);
    const { userId } = req.body;
    if (caller.member) return spaceInfo(db, caller, userId);
    const answer = await cached(SpaceInfo, `space-info:${userId}`, LIST_TTL_MS, ['all', 'museum', 'gallery', 'market'], () => spaceInfo(db, VISITOR, userId));
    return sendAnswer(req, reply, answer);
  });

  app.post('/api/space/posts', { schema: { body: SpacePageQuery, response: { 200: PostPage } } }, async (req, reply) => {
    const caller = await actor(req);
    const { userId, page } = req.body;
    const answer = await cached(PostPage, `space-posts:${readerKind(caller)}:${userId}:${page}`, LIST_TTL_MS, ['all'], () => spacePosts(db, caller, userId, page));
    return sendAnswer(req, reply, answer);
  });

  app.post('/api/space/comments', { schema: { body: SpacePageQuery, response: { 200: SpaceComments } } }, async (req) => {
    const { userId, page } = req.body;
    return spaceComments(db, await actor(req), userId, page);
  });

  app.post('/api/space/market', { schema: { body: SpacePageQuery, response: { 200: SpaceMarket } } }, async (req) => {
    const { userId, page } = req.body;
    return spaceMarket(db, await actor(req), userId, page);
  });

  // -------------------------------------------------------------------------------------------
  // Gallery

  app.post('/api/gallery/list', { schema: { body: GalleryListQuery, response: { 200: GalleryPage } } }, async (req, reply) => {
    const caller = await actor(req);
    const q = req.body;
    const key = `gallery-list:${readerKind(caller)}:${q.userId ?? ''}:${q.productKey ?? ''}:${q.page}`;
    // The owner's own list carries their badges (in the museum, today's photo dates): never cached.
    if (q.userId !== undefined && !q.productKey && caller.member?.userId === q.userId) return withOwnerBadges(db, await listGallery(db, caller, q));
    return sendAnswer(req, reply, await cached(GalleryPage, key, LIST_TTL_MS, ['board:gallery', 'products'], () => listGallery(db, caller, q)));
  });

  app.post('/api/gallery/view', { schema: { body: GalleryKeyQuery, response: { 200: GalleryView } } }, async (req, reply) => {
    const member = await req.member();
    const key = req.body.galleryKey;
    const viewer = viewerId(member, req.ip, req.headers['user-agent']);
    if (member) return viewGallery(db, await actorOf(db, member), key, viewer);
    // The reader who fills the entry is counted in it; a later one is noted on its own (the
    // counter notes a viewer once a day, so the filler's second note changes nothing).
    const fill = () => viewGallery(db, VISITOR, key, viewer);
    const answer = await cached(GalleryView, `gallery-view:${key}`, VIEW_TTL_MS, [`post:${key}`, 'board:gallery', 'products'], fill);
    countView(db, key, viewer);
    return sendAnswer(req, reply, answer);
  });

  app.post('/api/gallery/save', { schema: { body: GallerySave, response: { 200: GallerySaveResult } } }, async (req) => {
    const member = await requireMember(req);
    await saveLimit(req, member);
    return { galleryKey: await saveGallery(db, await actorOf(db, member), req.body) };
  });

  app.post('/api/gallery/delete', { schema: { body: GalleryKeyQuery, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await deleteGallery(db, await actorOf(db, member), req.body.galleryKey);
    return { ok: true as const };
  });

  // The product page's "photos taken with it", page by page.
  app.post('/api/gallery/photos', { schema: { body: ProductPhotosQuery, response: { 200: ProductPhotoPage } } }, async (req, reply) => {
    const { productKey, page } = req.body;
    await requireGalleryRead(req);
    const answer = await cached(ProductPhotoPage, `gallery-photos:${productKey}:${page}`, LIST_TTL_MS, ['board:gallery', 'products'], () => productPhotos(db, productKey, page));
    return sendAnswer(req, reply, answer);
  });

  // -------------------------------------------------------------------------------------------
  // Museum: the same for every reader (the owner's own items, public gallery).

  app.post('/api/museum/list', { schema: { body: MuseumListQuery, response: { 200: MuseumPage } } }, async (req, reply) => {
    const { userId, page } = req.body;
    await requireGalleryRead(req);
    const answer = await cached(MuseumPage, `museum-list:${userId}:${page}`, LIST_TTL_MS, ['museum', 'board:gallery', 'products'], () => listMuseum(db, userId, page));
    return sendAnswer(req, reply, answer);
  });

  app.post('/api/museum/show', { schema: { body: MuseumShowQuery, response: { 200: MuseumShow } } }, async (req, reply) => {
    const { userId, galleryKey } = req.body;
    await requireGalleryRead(req);
    const answer = await cached(MuseumShow, `museum-show:${userId}:${galleryKey ?? ''}`, LIST_TTL_MS, ['museum', 'board:gallery', 'products'], () => showMuseum(db, userId, galleryKey));
    return sendAnswer(req, reply, answer);
  });

  app.post('/api/museum/save', { schema: { body: MuseumSave, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await saveLimit(req, member);
    await saveMuseum(db, await actorOf(db, member), req.body);
    return { ok: true as const };
  });

  // -------------------------------------------------------------------------------------------
  // Today's photo

  app.post('/api/today/list', { schema: { body: TodayListQuery, response: { 200: TodayPage } } }, async (req, reply) => {
    const { page } = req.body;
    await requireGalleryRead(req);
    return sendAnswer(req, reply, await cached(TodayPage, `today-list:${page}`, LIST_TTL_MS, [TODAY_TAG, 'board:gallery', 'products'], () => listToday(db, page)));
  });

  app.post('/api/admin/today/list', { schema: { body: TodayListQuery, response: { 200: TodayPage } } }, async (req) => {
    await requireAdmin(req);
    return adminListToday(db, req.body.page);
  });

  app.post('/api/admin/today/save', { schema: { body: TodaySave, response: { 200: Ok } } }, async (req) => {
    const admin = await requireAdmin(req);
    await saveToday(db, admin, req.body);
    return { ok: true as const };
  });

  app.post('/api/admin/today/delete', { schema: { body: TodayDelete, response: { 200: Ok } } }, async (req) => {
    const admin = await requireAdmin(req);
    await deleteToday(db, admin, req.body.date);
    return { ok: true as const };
  });

  // -------------------------------------------------------------------------------------------
  // Home page: one answer per kind of reader (which boards' posts they see).

  app.post('/api/home', { schema: { body: Empty, response: { 200: HomePage } } }, async (req, reply) => {
    const caller = await actor(req);
    return sendAnswer(req, reply, await cached(HomePage, `home:${readerKind(caller)}`, LIST_TTL_MS, [...HOME_TAGS, 'products'], () => homePage(db, caller)));
  });
}
