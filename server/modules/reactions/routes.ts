// Reaction calls (공감, docs/product/reactions.md): toggle (members) and who reacted (readers).
import { ReactionList, ReactionListQuery, ReactionState, ReactionToggle } from '../../../common/api/reactions.js';
import type { App } from '../../lib/context.js';
import { tooManyRequests } from '../../lib/errors.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { actorOf } from '../posts/board-rules.js';
import { listReactions } from './list.js';
import { toggleReaction } from './toggle.js';

export default async function reactionRoutes(app: App) {
  const { db } = app.ctx;
  // Generous for a member reading a long thread, short of a script flipping reactions to spam alarms.
  const toggleLimit = memberLimiter(app, 'reaction-toggle', 60, 60_000);
  // Who reacted: per address, like the other reads that page.
  const listLimit = app.ctx.config.rateLimit ? { max: 120, timeWindow: 60_000, errorResponseBuilder: () => tooManyRequests() } : false;

  app.post('/api/reaction/toggle', { schema: { body: ReactionToggle, response: { 200: ReactionState } } }, async (req) => {
    const member = await requireMember(req);
    await toggleLimit(req, member);
    return toggleReaction(db, await actorOf(db, member), req.body);
  });

  app.post(
    '/api/reaction/list',
    { schema: { body: ReactionListQuery, response: { 200: ReactionList } }, config: { rateLimit: listLimit } },
    async (req) => listReactions(db, await actorOf(db, await req.member()), req.body),
  );
}
