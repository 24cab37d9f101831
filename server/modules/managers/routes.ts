// The calls of a board's staff (an administrator, or a manager of the board): moving a post to
// another board and the boards it may go to, pinning a notice, and the boards a member manages.
// Each checks the caller on the server (posts/policy.ts); every write is audited.
import { ManagedBoards, MoveTargets, MoveTargetsQuery, PostMove, PostMoved, PostNotice, PostNoticed } from '../../../common/api/board-moves.js';
import { Empty } from '../../../common/api/common.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { actorOf } from '../posts/board-rules.js';
import { moveTargets, movePost } from './move.js';
import { setNotice } from './notice.js';
import { managedBoards } from './staff.js';

export default async function managerRoutes(app: App) {
  const { db } = app.ctx;
  // A move rewrites two boards' lists: a burst is a script, not a manager tidying up.
  const moveLimit = memberLimiter(app, 'post-move', 30, 60_000);

  app.post('/api/board/move', { schema: { body: PostMove, response: { 200: PostMoved } } }, async (req) => {
    const member = await requireMember(req);
    await moveLimit(req, member);
    return movePost(db, await actorOf(db, member), req.body);
  });

  app.post('/api/board/move/targets', { schema: { body: MoveTargetsQuery, response: { 200: MoveTargets } } }, async (req) => {
    const member = await requireMember(req);
    return { boards: await moveTargets(db, await actorOf(db, member), req.body.key) };
  });

  app.post('/api/board/notice', { schema: { body: PostNotice, response: { 200: PostNoticed } } }, async (req) => {
    const member = await requireMember(req);
    return { notice: await setNotice(db, await actorOf(db, member), req.body.key, req.body.notice) };
  });

  app.post('/api/board/managed', { schema: { body: Empty, response: { 200: ManagedBoards } } }, async (req) => {
    const boards = await managedBoards(db, await req.member());
    return { boards: boards.map((b) => ({ id: b.id, name: b.name })) };
  });

}
