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
import type { z } from 'zod';
import { Ok } from '../../../common/api/common.js';
import { sendAnswer, sendJoined } from '../../lib/answer-cache.js';
import type { App } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { getSettings, requireRealName } from '../community/service.js';
import { actorOf, boardInfo, getBoard } from './board-rules.js';
import { allList, boardSummary, listPosts, topicList } from './lists.js';
import type { Actor } from './policy.js';
import { loadPost, readableBoard, readAlarmsOnView, readerPart, readerTail, sharedAnswer, type SharedMeta, viewerId, viewMarks, visitorView } from './post-view.js';
import { countView } from './view-counter.js';
import { listVersions } from './post-versions.js';
import { deletePost, recommendPost, savePost } from './post-write.js';
import { searchPosts } from './search-list.js';

/**
 * How long a cached answer may be kept without a write invalidating it: what no write signals
 * (view counts, authors' stars) lags by at most this much.
 */
const LIST_TTL_MS = 30_000;
const VIEW_TTL_MS = 10_000;

/** Boards whose posts are written through their own calls: the market's items (price, photos, bids), the galleries' items (photos, museums). */
function refuseOwnPages(boardId: string) {
  if (boardId === 'market') throw badRequest('장터 매물은 장터에서 올리고 고쳐 주세요.');
  if (boardId === 'gallery') throw badRequest('갤러리 사진은 내 갤러리에서 올리고 고쳐 주세요.');
}

export default async function boardRoutes(app: App) {
  const { db } = app.ctx;
  const actor = async (req: FastifyRequest) => actorOf(db, await req.member());
  const saveLimit = memberLimiter(app, 'post-save', 10, 60_000);
  const { search: searchLimits } = app.ctx.config;
  const { searchGate } = app.ctx;

  // Lists and summaries depend on the caller only through their level and admin flag: one cached
  // answer per kind of reader. A view is cached for visitors only (members get their own
  // abilities, recommendation and scrap). Decision 22.
  const { answers } = app.ctx;
  const readerKind = (a: Actor) => (a.member?.admin ? 'admin' : a.member ? `level${a.level}` : 'visitor');
  const cached = <S extends z.ZodType>(schema: S, key: string, ttlMs: number, tags: (value: z.output<S>) => string[], produce: () => Promise<z.input<S>>) =>
    answers.get(key, ttlMs, async () => {
      const value = schema.parse(await produce());
      return { json: JSON.stringify(value), tags: tags(value) };
    });

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
      return sendAnswer(req, reply, await cached(PostPage, key, LIST_TTL_MS, () => [`board:${q.boardId}`], produce));
    }
    const key = `list:${readerKind(caller)}:${list.boardId}:${list.category}:${list.page}`;
    return sendAnswer(req, reply, await cached(PostPage, key, LIST_TTL_MS, () => [`board:${list.boardId}`], () => listPosts(db, caller, list)));
  });

  app.post('/api/board/view', { schema: { body: PostKeyQuery, response: { 200: PostView } } }, async (req, reply) => {
    const member = await req.member();
    const { key } = req.body;
    const viewer = viewerId(member, req.ip, req.headers['user-agent']);
    if (!member) {
      // The reader who fills the entry is counted in it; a later one is noted on its own (the
      // counter notes a viewer once a day, so the filler's second note changes nothing).
      const answer = await answers.get(`view:${key}`, VIEW_TTL_MS, async () => {
        const { view, tags } = await visitorView(db, key, viewer);
        return { json: JSON.stringify(PostView.parse(view)), tags };
      });
      countView(db, key, viewer);
      return sendAnswer(req, reply, answer);
    }
    // A member: the part every reader of their kind sees from memory, and their own marks (one
    // small statement) joined to it. Nothing of one member is ever in the shared part.
    const caller = await actorOf(db, member);
    const shared = answers.get(`view:${readerKind(caller)}:${key}`, VIEW_TTL_MS, () => sharedAnswer(db, caller, key));
    const [answer, marks] = await Promise.all([shared, viewMarks(db, key, member.no)]);
    const meta = answer.meta as SharedMeta;
    const board = await readableBoard(db, caller, meta.boardId);
    countView(db, key, viewer);
    const own = readerPart(db, caller, board, key, meta, marks);
    await readAlarmsOnView(db, member.no, key, marks);
    return sendJoined(req, reply, answer, meta.head, readerTail(own));
  });

  app.post('/api/board/save', { schema: { body: PostSave, response: { 200: SaveResult } } }, async (req) => {
    const member = await requireMember(req);
    // Market items and gallery items have calls of their own, with their own rules.
    refuseOwnPages(req.body.boardId);
    // A new post may need real-name verification (community setup); edits never do.
    if (req.body.key === undefined) await requireRealName(db, member, 'board-write');
    await saveLimit(req, member);
    return { key: await savePost(db, await actorOf(db, member), req.body) };
  });

  app.post('/api/board/delete', { schema: { body: PostKeyQuery, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    refuseOwnPages((await loadPost(db, req.body.key)).boardId);
    await deletePost(db, await actorOf(db, member), req.body.key);
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
    const answer = await cached(BoardSummary, `summary:${readerKind(caller)}:${boardId}`, LIST_TTL_MS, () => [`board:${boardId}`], () => boardSummary(db, caller, boardId));
    return sendAnswer(req, reply, answer);
  });

  app.post('/api/all/list', { schema: { body: PageQuery, response: { 200: PostPage } } }, async (req, reply) => {
    const caller = await actor(req);
    const answer = await cached(PostPage, `all:${readerKind(caller)}:${req.body.page}`, LIST_TTL_MS, () => ['all'], () => allList(db, caller, req.body.page));
    return sendAnswer(req, reply, answer);
  });

  app.post('/api/all/topic', { schema: { body: PageQuery, response: { 200: PostPage } } }, async (req, reply) => {
    const caller = await actor(req);
    const answer = await cached(PostPage, `topic:${readerKind(caller)}:${req.body.page}`, LIST_TTL_MS, () => ['all'], () => topicList(db, caller, req.body.page));
    return sendAnswer(req, reply, answer);
  });
}
