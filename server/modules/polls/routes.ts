// Poll calls (docs/api.md#polls): vote, voters, and the author's early end. Members only; the
// post's own read rules and reach decide first (service.ts).
import { PollAnswer, PollKey, PollVote, PollVoters, PollVotersQuery } from '../../../common/api/polls.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { actorOf } from '../posts/board-rules.js';
import { endPoll, listVoters, vote } from './service.js';

export default async function pollRoutes(app: App) {
  const { db } = app.ctx;
  // Like other member writes: a vote (or a changed one) is a write.
  const voteLimit = memberLimiter(app, 'poll-vote', 20, 60_000);

  app.post('/api/poll/vote', { schema: { body: PollVote, response: { 200: PollAnswer } } }, async (req) => {
    const member = await requireMember(req);
    await voteLimit(req, member);
    return { poll: await vote(db, await actorOf(db, member), req.body.postKey, req.body.options) };
  });

  app.post('/api/poll/end', { schema: { body: PollKey, response: { 200: PollAnswer } } }, async (req) => {
    const member = await requireMember(req);
    await voteLimit(req, member);
    return { poll: await endPoll(db, await actorOf(db, member), req.body.postKey) };
  });

  app.post('/api/poll/voters', { schema: { body: PollVotersQuery, response: { 200: PollVoters } } }, async (req) => {
    const member = await requireMember(req);
    return listVoters(db, await actorOf(db, member), req.body.postKey, req.body.option);
  });
}
