// Today's photo calls: the public list (served from the answer cache, decision 22) and the
// administrators' picks.
import type { FastifyRequest } from 'fastify';
import { Ok } from '../../../common/api/common.js';
import { TodayDelete, TodayListQuery, TodayPage, TodaySave } from '../../../common/api/gallery.js';
import { adminBeforeBody, requireAdmin } from '../../lib/admin.js';
import { cachedAnswer, PRODUCTS_TAG, sendAnswer } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { actorOf } from '../posts/board-rules.js';
import { requireGalleryRead } from '../gallery/policy.js';
import { adminListToday, deleteToday, listToday, saveToday, TODAY_TAG } from './service.js';

/** How long a cached answer may lag what no write signals (stars, the date turning). */
const LIST_TTL_MS = 30_000;

export default async function todayRoutes(app: App) {
  const { db, answers } = app.ctx;
  const actor = async (req: FastifyRequest) => actorOf(db, await req.member());
  adminBeforeBody(app);

  app.post('/api/today/list', { schema: { body: TodayListQuery, response: { 200: TodayPage } } }, async (req, reply) => {
    const { page } = req.body;
    await requireGalleryRead(db, await actor(req));
    return sendAnswer(req, reply, await cachedAnswer(answers, TodayPage, `today-list:${page}`, LIST_TTL_MS, [TODAY_TAG, 'board:gallery', PRODUCTS_TAG], () => listToday(db, page)));
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
}
