// Scrap calls: add, delete, list (members only).
import { FavoriteAdd, FavoriteDelete, FavoritePage, PageQuery } from '../../../common/api/boards.js';
import { Ok } from '../../../common/api/common.js';
import type { App } from '../../lib/context.js';
import { requireMember } from '../../lib/session.js';
import { actorOf } from '../posts/board-rules.js';
import { addFavorite, deleteFavorite, listFavorites } from './service.js';

export default async function favoriteRoutes(app: App) {
  const { db } = app.ctx;

  app.post('/api/favorite/add', { schema: { body: FavoriteAdd, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await addFavorite(db, await actorOf(db, member), req.body.key);
    return { ok: true as const };
  });

  app.post('/api/favorite/delete', { schema: { body: FavoriteDelete, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await deleteFavorite(db, member.no, req.body);
    return { ok: true as const };
  });

  app.post('/api/favorite/list', { schema: { body: PageQuery, response: { 200: FavoritePage } } }, async (req) =>
    listFavorites(db, (await requireMember(req)).no, req.body.page),
  );
}
