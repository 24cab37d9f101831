// Feeds (issue 14): GET /feed/board/{boardId}.xml[?category=cN] and GET /feed/all.xml, RSS 2.0.
// Each is kept in the per-node answer cache (decision 22) under its board's tags, so a new, edited,
// hidden or deleted post changes the feed at once; readers polling with If-None-Match get a 304.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptsGzip, type Answer } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { MSG } from '../posts/board-rules.js';
import { rssXml, type FeedChannel } from './rss.js';
import { allFeed, boardFeed, type FeedPlace } from './service.js';
import { marketFeed } from './market.js';
import { galleryFeed } from './gallery.js';

/** Kept at most this long without a write dropping it (what no write signals: a nickname's star). */
const FEED_TTL_MS = 60_000;
/**
 * Public (a feed is the visitor's view, the same for everyone), a minute in a reader's or a
 * proxy's cache, then asked again with the ETag.
 */
const CACHE_CONTROL = 'public, max-age=60';

const BoardFeedParams = z.object({ file: z.string().regex(/^[^/]+\.xml$/, MSG.noBoard) });
const BoardFeedQuery = z.object({ category: z.string().regex(/^c\d{1,4}$/, MSG.noCategory).default('c0') });
const MarketFeedQuery = z.object({ category: z.string().regex(/^(all|c\d{1,4})$/, MSG.noCategory).default('all') });

const matches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((t) => t.trim() === etag || t.trim() === etag.slice(2) || t.trim() === '*');

function sendFeed(req: FastifyRequest, reply: FastifyReply, answer: Answer) {
  reply.header('etag', answer.etag).header('cache-control', CACHE_CONTROL).header('vary', 'accept-encoding');
  if (matches(req.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  reply.type('application/rss+xml; charset=utf-8');
  if (answer.gzip && acceptsGzip(req.headers['accept-encoding'])) {
    reply.header('content-encoding', 'gzip');
    return reply.send(answer.gzip);
  }
  return reply.send(answer.json);
}

export default async function feedRoutes(app: App) {
  const { db, answers, config } = app.ctx;
  const place = (req: FastifyRequest): FeedPlace => ({ origin: config.publicOrigin ?? `${req.protocol}://${req.host}` });
  // The answer cache keeps bytes whatever they are; here they are the feed's XML.
  const cached = (key: string, tags: string[], produce: () => Promise<FeedChannel>) =>
    answers.get(key, FEED_TTL_MS, async () => ({ json: rssXml(await produce()), tags }));

  app.get('/feed/board/:file', { schema: { params: BoardFeedParams, querystring: BoardFeedQuery } }, async (req, reply) => {
    const boardId = req.params.file.slice(0, -'.xml'.length);
    const { category } = req.query;
    const where = place(req);
    if (!boardId) throw notFound(MSG.noBoard);
    // 'boards': a board's rules or name changed (forgetBoards drops everything anyway).
    const answer = await cached(`feed:board:${where.origin}:${boardId}:${category}`, [`board:${boardId}`, 'boards'], () => boardFeed(db, where, boardId, category));
    return sendFeed(req, reply, answer);
  });

  // The gallery's own feed: items link to their gallery pages (/feed/board/gallery.xml links posts).
  app.get('/feed/gallery.xml', async (req, reply) => {
    const where = place(req);
    return sendFeed(req, reply, await cached(`feed:gallery:${where.origin}`, ['board:gallery', 'boards'], () => galleryFeed(db, where)));
  });

  // The market's feed (market.ts): dropped by every item write (tag 'market').
  app.get('/feed/market.xml', { schema: { querystring: MarketFeedQuery } }, async (req, reply) => {
    const where = place(req);
    const { category } = req.query;
    const answer = await cached(`feed:market:${where.origin}:${category}`, ['market', 'board:market', 'boards'], () => marketFeed(db, where.origin, category));
    return sendFeed(req, reply, answer);
  });

  app.get('/feed/all.xml', async (req, reply) => {
    const where = place(req);
    return sendFeed(req, reply, await cached(`feed:all:${where.origin}`, ['all', 'boards'], () => allFeed(db, where)));
  });
}
