// A member's space calls: the card and the posts, comments and market tabs. Answers depend on the
// reader's level (which boards they read); the card's `mine` is personal, so members get their own.
import type { FastifyRequest } from 'fastify';
import { PostPage } from '../../../common/api/boards.js';
import { SpaceComments, SpaceInfo, SpaceMarket, SpacePageQuery, SpaceQuery } from '../../../common/api/gallery.js';
import { cachedAnswer, readerKind, sendAnswer } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { actorOf } from '../posts/board-rules.js';
import { VISITOR } from '../posts/policy.js';
import { spaceComments, spaceInfo, spaceMarket, spacePosts } from './service.js';

/** How long a cached answer may lag what no write signals (view counts, stars). */
const LIST_TTL_MS = 30_000;

export default async function spaceRoutes(app: App) {
  const { db, answers } = app.ctx;
  const actor = async (req: FastifyRequest) => actorOf(db, await req.member());

  app.post('/api/space/info', { schema: { body: SpaceQuery, response: { 200: SpaceInfo } } }, async (req, reply) => {
    const caller = await actor(req);
    const { userId } = req.body;
    if (caller.member) return spaceInfo(db, caller, userId);
    const answer = await cachedAnswer(answers, SpaceInfo, `space-info:${userId}`, LIST_TTL_MS, ['all', 'museum', 'gallery', 'market'], () => spaceInfo(db, VISITOR, userId));
    return sendAnswer(req, reply, answer);
  });

  app.post('/api/space/posts', { schema: { body: SpacePageQuery, response: { 200: PostPage } } }, async (req, reply) => {
    const caller = await actor(req);
    const { userId, page } = req.body;
    const answer = await cachedAnswer(answers, PostPage, `space-posts:${readerKind(caller)}:${userId}:${page}`, LIST_TTL_MS, ['all'], () => spacePosts(db, caller, userId, page));
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
}
