// Gallery calls (issue 10): list, view, save, delete and a product's photos. Handlers parse, find
// the caller, call the service and return the contract. Visitors' reads are served from the
// answer cache (decision 22) under tags every write drops.
import type { FastifyRequest } from 'fastify';
import { Ok } from '../../../common/api/common.js';
import { GalleryKeyQuery, GalleryListQuery, GalleryPage, GallerySave, GallerySaveResult, GalleryView, ProductPhotoPage, ProductPhotosQuery } from '../../../common/api/gallery.js';
import { cachedAnswer, PRODUCTS_TAG, readerKind, sendAnswer, sendVisitorView } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { spamGuard } from '../spam/guard.js';
import { actorOf } from '../posts/board-rules.js';
import { VISITOR } from '../posts/policy.js';
import { viewerId } from '../posts/view.js';
import { countView } from '../posts/view-counter.js';
import { listGallery, viewGallery, withOwnerBadges } from './gallery-read.js';
import { deleteGallery, saveGallery } from './gallery-write.js';
import { requireGalleryRead } from './policy.js';
import { productPhotos } from './product-photos.js';

/** How long a cached answer may lag what no write signals (view counts, stars). */
const LIST_TTL_MS = 30_000;
const VIEW_TTL_MS = 10_000;

export default async function galleryRoutes(app: App) {
  const { db, answers } = app.ctx;
  const actor = async (req: FastifyRequest) => actorOf(db, await req.member());
  // One limit with the museums' saves.
  const saveLimit = memberLimiter(app, 'gallery-save', 10, 60_000);
  const spam = spamGuard(app);

  app.post('/api/gallery/list', { schema: { body: GalleryListQuery, response: { 200: GalleryPage } } }, async (req, reply) => {
    const caller = await actor(req);
    const q = req.body;
    const key = `gallery-list:${readerKind(caller)}:${q.userId ?? ''}:${q.productKey ?? ''}:${q.page}`;
    // The owner's own list carries their badges (in the museum, today's photo dates): never cached.
    if (q.userId !== undefined && !q.productKey && caller.member?.userId === q.userId) return withOwnerBadges(db, await listGallery(db, caller, q));
    return sendAnswer(req, reply, await cachedAnswer(answers, GalleryPage, key, LIST_TTL_MS, ['board:gallery', PRODUCTS_TAG], () => listGallery(db, caller, q)));
  });

  app.post('/api/gallery/view', { schema: { body: GalleryKeyQuery, response: { 200: GalleryView } } }, async (req, reply) => {
    const member = await req.member();
    const key = req.body.galleryKey;
    const viewer = viewerId(member, req.ip, req.headers['user-agent']);
    if (member) return viewGallery(db, await actorOf(db, member), key, viewer);
    const answer = cachedAnswer(answers, GalleryView, `gallery-view:${key}`, VIEW_TTL_MS, [`post:${key}`, 'board:gallery', PRODUCTS_TAG], () => viewGallery(db, VISITOR, key, viewer));
    return sendVisitorView(req, reply, answer, () => countView(db, key, viewer));
  });

  app.post('/api/gallery/save', { schema: { body: GallerySave, response: { 200: GallerySaveResult } } }, async (req) => {
    const member = await requireMember(req);
    await saveLimit(req, member);
    // A new item is a post to the spam rules, an edit is not (as for a market item).
    const ticket = req.body.galleryKey === undefined ? await spam.before(req, member, 'post', `${req.body.title}\n${req.body.description}`) : null;
    const galleryKey = await saveGallery(db, await actorOf(db, member), req.body);
    if (ticket) await spam.after(ticket, galleryKey);
    return { galleryKey };
  });

  app.post('/api/gallery/delete', { schema: { body: GalleryKeyQuery, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await deleteGallery(db, await actorOf(db, member), req.body.galleryKey);
    return { ok: true as const };
  });

  // The product page's "photos taken with it", page by page.
  app.post('/api/gallery/photos', { schema: { body: ProductPhotosQuery, response: { 200: ProductPhotoPage } } }, async (req, reply) => {
    const { productKey, page } = req.body;
    await requireGalleryRead(db, await actor(req));
    const answer = await cachedAnswer(answers, ProductPhotoPage, `gallery-photos:${productKey}:${page}`, LIST_TTL_MS, ['board:gallery', PRODUCTS_TAG], () => productPhotos(db, productKey, page));
    return sendAnswer(req, reply, answer);
  });
}
