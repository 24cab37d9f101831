// Museum calls: a member's chosen gallery items, the same for every reader (the owner's own items,
// public gallery), served from the answer cache (decision 22), and the owner's save.
import type { FastifyRequest } from 'fastify';
import { Ok } from '../../../common/api/common.js';
import { MuseumListQuery, MuseumPage, MuseumSave, MuseumShow, MuseumShowQuery } from '../../../common/api/gallery.js';
import { cachedAnswer, PRODUCTS_TAG, sendAnswer } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { actorOf } from '../posts/board-rules.js';
import { requireGalleryRead } from '../gallery/policy.js';
import { listMuseum, saveMuseum, showMuseum } from './service.js';

/** How long a cached answer may lag what no write signals (stars). */
const LIST_TTL_MS = 30_000;

export default async function museumRoutes(app: App) {
  const { db, answers } = app.ctx;
  const actor = async (req: FastifyRequest) => actorOf(db, await req.member());
  // One limit with the gallery's own saves.
  const saveLimit = memberLimiter(app, 'gallery-save', 10, 60_000);

  app.post('/api/museum/list', { schema: { body: MuseumListQuery, response: { 200: MuseumPage } } }, async (req, reply) => {
    const { userId, page } = req.body;
    await requireGalleryRead(db, await actor(req));
    const answer = await cachedAnswer(answers, MuseumPage, `museum-list:${userId}:${page}`, LIST_TTL_MS, ['museum', 'board:gallery', PRODUCTS_TAG], () => listMuseum(db, userId, page));
    return sendAnswer(req, reply, answer);
  });

  app.post('/api/museum/show', { schema: { body: MuseumShowQuery, response: { 200: MuseumShow } } }, async (req, reply) => {
    const { userId, galleryKey } = req.body;
    await requireGalleryRead(db, await actor(req));
    const answer = await cachedAnswer(answers, MuseumShow, `museum-show:${userId}:${galleryKey ?? ''}`, LIST_TTL_MS, ['museum', 'board:gallery', PRODUCTS_TAG], () => showMuseum(db, userId, galleryKey));
    return sendAnswer(req, reply, answer);
  });

  app.post('/api/museum/save', { schema: { body: MuseumSave, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await saveLimit(req, member);
    await saveMuseum(db, await actorOf(db, member), req.body);
    return { ok: true as const };
  });
}
