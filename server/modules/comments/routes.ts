// Comment calls: list under a post, save (create, reply, edit), delete.
import { CommentKeyQuery, CommentList, CommentSave, CommentSaveResult, PostKeyQuery } from '../../../common/api/boards.js';
import { Ok } from '../../../common/api/common.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { actorOf } from '../posts/board-rules.js';
import { spamGuard } from '../spam/guard.js';
import { deleteComment, listComments, saveComment } from './service.js';

export default async function commentRoutes(app: App) {
  const { db } = app.ctx;
  const saveLimit = memberLimiter(app, 'comment-save', 30, 60_000);
  const spam = spamGuard(app);

  app.post('/api/comment/list', { schema: { body: PostKeyQuery, response: { 200: CommentList } } }, async (req) =>
    listComments(db, await actorOf(db, await req.member()), req.body.key),
  );

  app.post('/api/comment/save', { schema: { body: CommentSave, response: { 200: CommentSaveResult } } }, async (req) => {
    const member = await requireMember(req);
    await saveLimit(req, member);
    // A new comment passes the spam rules (an edit does not).
    const ticket = req.body.commentKey === undefined ? await spam.before(req, member, 'comment', req.body.content) : null;
    const commentKey = await saveComment(db, await actorOf(db, member), req.body);
    if (ticket) await spam.after(ticket, commentKey);
    return { commentKey };
  });

  app.post('/api/comment/delete', { schema: { body: CommentKeyQuery, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await deleteComment(db, await actorOf(db, member), req.body.commentKey);
    return { ok: true as const };
  });
}
