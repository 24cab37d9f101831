// Board calls (issue 4): info, list, view, save, delete, recommend, summary, and the lists
// across boards. Handlers parse, find the caller, call the service and return the contract.
import {
  BoardInfo,
  BoardInfoQuery,
  BoardListQuery,
  BoardSummary,
  PageQuery,
  PostKeyQuery,
  PostPage,
  PostSave,
  PostView,
  PostVersions,
  PostVersionsQuery,
  RecommendResult,
  SaveResult,
} from '../../../common/api/boards.js';
import type { FastifyRequest } from 'fastify';
import { Ok } from '../../../common/api/common.js';
import { cachedAnswer, readerKind, sendAnswer, sendJoined, sendVisitorView } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { getSettings, requireRealName } from '../community/service.js';
import { actorOf, getBoard } from '../posts/board-rules.js';
import { boardInfo } from './board-info.js';
import { allList, boardSummary, listPosts, topicList } from './lists.js';
import { loadPost, readableBoard, readAlarmsOnView, readerPart, readerTail, requireSecretReader, sharedAnswer, type SharedMeta, viewerId, viewMarks, visitorView } from '../posts/view.js';
import { countView } from '../posts/view-counter.js';
import { listVersions } from '../posts/versions.js';
import { deletePost, recommendPost, savePost } from '../posts/write.js';
import { searchPosts } from './search-list.js';
import { spamGuard } from '../spam/guard.js';
import { GALLERY_BOARD, MARKET_BOARD } from '../posts/kinds.js';
import { VISITOR } from '../posts/policy.js';
import { pollForReader } from '../polls/service.js';

/**
 * How long a cached answer may be kept without a write invalidating it: what no write signals
 * (view counts, authors' stars) lags by at most this much.
 */
const LIST_TTL_MS = 30_000;
const VIEW_TTL_MS = 10_000;

/** Boards whose posts are written through their own calls: the market's items (price, photos, bids), the galleries' items (photos, museums). */
function refuseOwnPages(boardId: string) {
  if (boardId === MARKET_BOARD) throw badRequest('장터 매물은 장터에서 올리고 고쳐 주세요.');
  if (boardId === GALLERY_BOARD) throw badRequest('갤러리 사진은 내 갤러리에서 올리고 고쳐 주세요.');
}

export default async function boardRoutes(app: App) {
  const { db } = app.ctx;
  const actor = async (req: FastifyRequest) => actorOf(db, await req.member());
  const saveLimit = memberLimiter(app, 'post-save', 10, 60_000);
  const spam = spamGuard(app);
  const { search: searchLimits } = app.ctx.config;
  const { searchGate } = app.ctx;

  // Lists and summaries depend on the caller only through their level and admin flag: one cached
  // answer per kind of reader. A view is cached for visitors only (members get their own
  // abilities, recommendation and scrap). Decision 22.
  const { answers } = app.ctx;

  app.post('/api/board/info', { schema: { body: BoardInfoQuery, response: { 200: BoardInfo } } }, async (req) => {
    const [caller, board, settings] = await Promise.all([actor(req), getBoard(db, req.body.boardId), getSettings(db)]);
    return boardInfo(caller, board, settings.emoticons);
  });

  app.post('/api/board/list', { schema: { body: BoardListQuery, response: { 200: PostPage } } }, async (req, reply) => {
    const { search, ...list } = req.body;
    const caller = await actor(req);
    if (search) {
      // The same popular word is looked for by many at once: they share one search through the
      // read gate, and repeat searches are answered from memory until the board changes.
      const q = { ...list, search };
      const key = `search:${readerKind(caller)}:${JSON.stringify([q.boardId, q.category, q.searchField, q.before ?? null, q.page, q.search])}`;
      const produce = () => searchPosts(db, searchGate, searchLimits, caller, q);
      return sendAnswer(req, reply, await cachedAnswer(answers, PostPage, key, LIST_TTL_MS, [`board:${q.boardId}`], produce));
    }
    const key = `list:${readerKind(caller)}:${list.boardId}:${list.category}:${list.page}`;
    return sendAnswer(req, reply, await cachedAnswer(answers, PostPage, key, LIST_TTL_MS, [`board:${list.boardId}`], () => listPosts(db, caller, list)));
  });

  app.post('/api/board/view', { schema: { body: PostKeyQuery, response: { 200: PostView } } }, async (req, reply) => {
    const member = await req.member();
    const { key } = req.body;
    const viewer = viewerId(member, req.ip, req.headers['user-agent']);
    if (!member) {
      const answer = answers.get(`view:${key}`, VIEW_TTL_MS, async () => {
        const { view, tags } = await visitorView(db, key, viewer);
        // A visitor's poll: the question and options, counts only once it has ended.
        const poll = await pollForReader(db, VISITOR, key, { userNo: null, deleted: false, hidden: view.hidden === true, hasPoll: view.hasPoll });
        return { json: JSON.stringify(PostView.parse(poll ? { ...view, poll } : view)), tags };
      });
      return sendVisitorView(req, reply, answer, () => countView(db, key, viewer));
    }
    // A member: the part every reader of their kind sees from memory, and their own marks (one
    // small statement) joined to it. Nothing of one member is ever in the shared part.
    const caller = await actorOf(db, member);
    const shared = answers.get(`view:${readerKind(caller)}:${key}`, VIEW_TTL_MS, () => sharedAnswer(db, caller, key));
    const [kept, marks] = await Promise.all([shared, viewMarks(db, key, member.no)]);
    let answer = kept;
    let meta = answer.meta as SharedMeta;
    if (meta.secret) {
      // A secret post's kept copy has no text (decision 39): its few readers get one made and
      // kept for them alone; everyone else is refused.
      requireSecretReader(caller, { userNo: meta.userNo, secret: true, askerNo: meta.secret.askerNo });
      answer = await answers.get(`view:secret:${member.no}:${key}`, VIEW_TTL_MS, () => sharedAnswer(db, caller, key, true));
      meta = answer.meta as SharedMeta;
    }
    const board = await readableBoard(db, caller, meta.boardId);
    countView(db, key, viewer);
    const own = readerPart(db, caller, board, key, meta, marks);
    // The poll is the reader's own (their choice, counts once they voted): read only for posts that have one.
    const poll = meta.hasPoll ? await pollForReader(db, caller, key, { userNo: meta.userNo, deleted: false, hidden: meta.hidden, hasPoll: true }) : null;
    await readAlarmsOnView(db, member.no, key, marks);
    return sendJoined(req, reply, answer, meta.head, readerTail(poll ? { ...own, poll } : own));
  });

  app.post('/api/board/save', { schema: { body: PostSave, response: { 200: SaveResult } } }, async (req) => {
    const member = await requireMember(req);
    // Market items and gallery items have calls of their own, with their own rules.
    refuseOwnPages(req.body.boardId);
    // A new post may need real-name verification (community setup); edits never do.
    if (req.body.key === undefined) await requireRealName(db, member, 'board-write');
    await saveLimit(req, member);
    // A new post passes the spam rules (an edit does not): challenge, hourly limit, repeats, hold.
    const ticket = req.body.key === undefined ? await spam.before(req, member, 'post', `${req.body.subject}\n${req.body.content}`) : null;
    const key = await savePost(db, await actorOf(db, member), req.body);
    if (ticket) await spam.after(ticket, key);
    return { key };
  });

  app.post('/api/board/delete', { schema: { body: PostKeyQuery, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    const post = await loadPost(db, req.body.key);
    refuseOwnPages(post.boardId);
    await deletePost(db, await actorOf(db, member), req.body.key, post);
    return { ok: true as const };
  });

  app.post('/api/board/versions', { schema: { body: PostVersionsQuery, response: { 200: PostVersions } } }, async (req) => {
    const member = await requireMember(req);
    return listVersions(db, { ...(await actorOf(db, member)), member }, req.body.key);
  });

  app.post('/api/board/recommend', { schema: { body: PostKeyQuery, response: { 200: RecommendResult } } }, async (req) => {
    const member = await requireMember(req);
    return { recommends: await recommendPost(db, await actorOf(db, member), req.body.key) };
  });

  app.post('/api/board/summary', { schema: { body: BoardInfoQuery, response: { 200: BoardSummary } } }, async (req, reply) => {
    const caller = await actor(req);
    const { boardId } = req.body;
    const answer = await cachedAnswer(answers, BoardSummary, `summary:${readerKind(caller)}:${boardId}`, LIST_TTL_MS, [`board:${boardId}`], () => boardSummary(db, caller, boardId));
    return sendAnswer(req, reply, answer);
  });

  app.post('/api/all/list', { schema: { body: PageQuery, response: { 200: PostPage } } }, async (req, reply) => {
    const caller = await actor(req);
    const answer = await cachedAnswer(answers, PostPage, `all:${readerKind(caller)}:${req.body.page}`, LIST_TTL_MS, ['all'], () => allList(db, caller, req.body.page));
    return sendAnswer(req, reply, answer);
  });

  app.post('/api/all/topic', { schema: { body: PageQuery, response: { 200: PostPage } } }, async (req, reply) => {
    const caller = await actor(req);
    const answer = await cachedAnswer(answers, PostPage, `topic:${readerKind(caller)}:${req.body.page}`, LIST_TTL_MS, ['all'], () => topicList(db, caller, req.body.page));
    return sendAnswer(req, reply, answer);
  });
}
