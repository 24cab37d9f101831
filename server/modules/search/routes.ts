// /api/search: one search for the whole site (docs/api.md#search, decision 47).
import { SiteSearchQuery, SiteSearchResult } from '../../../common/api/search.js';
import { cachedAnswer, PRODUCTS_TAG, readerKind, sendAnswer } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { tooManyRequests } from '../../lib/errors.js';
import { actorOf } from '../posts/board-rules.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { now } from '../../lib/clock.js';
import { siteSearch } from './service.js';

/** Kept as long as a board search's answer: what no write signals (a nickname change) lags this much. */
const SEARCH_TTL_MS = 30_000;
/**
 * Dropped by any post's write ('all': boards, galleries, hiding after a report), the market's
 * ('market'), a product's (PRODUCTS_TAG) and a board's settings ('boards', and '*').
 */
const TAGS = ['all', 'market', `board:${MARKET_BOARD}`, PRODUCTS_TAG, 'boards'];

export default async function searchRoutes(app: App) {
  const { db, config, answers, searchGate } = app.ctx;
  const limit = config.rateLimit ? { max: 120, timeWindow: 60_000, errorResponseBuilder: () => tooManyRequests() } : false;

  app.post(
    '/api/search',
    { schema: { body: SiteSearchQuery, response: { 200: SiteSearchResult } }, config: { rateLimit: limit } },
    async (req, reply) => {
      const caller = await actorOf(db, await req.member());
      const { q, kind, page } = req.body;
      // Nothing personal in the answer: one per kind of reader (what they may read), decision 22.
      const key = `site-search:${readerKind(caller)}:${JSON.stringify([q, kind ?? '', kind ? page : 1])}`;
      const produce = () => siteSearch({ db, gate: searchGate, limits: config.search }, caller, { q, kind, page }, now());
      return sendAnswer(req, reply, await cachedAnswer(answers, SiteSearchResult, key, SEARCH_TTL_MS, TAGS, produce));
    },
  );
}
