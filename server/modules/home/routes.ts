// The home page call: one answer per kind of reader (which boards' posts they see), served from
// the answer cache (decision 22).
import { Empty } from '../../../common/api/common.js';
import { HomePage } from '../../../common/api/gallery.js';
import { cachedAnswer, PRODUCTS_TAG, readerKind, sendAnswer } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { actorOf } from '../posts/board-rules.js';
import { HOME_TAGS, homePage } from './service.js';

/** How long a cached answer may lag what no write signals (view counts, stars, the date turning). */
const LIST_TTL_MS = 30_000;

export default async function homeRoutes(app: App) {
  const { db, answers } = app.ctx;

  app.post('/api/home', { schema: { body: Empty, response: { 200: HomePage } } }, async (req, reply) => {
    const caller = await actorOf(db, await req.member());
    return sendAnswer(req, reply, await cachedAnswer(answers, HomePage, `home:${readerKind(caller)}`, LIST_TTL_MS, [...HOME_TAGS, PRODUCTS_TAG], () => homePage(db, caller)));
  });
}
