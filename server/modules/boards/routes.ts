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
  RecommendResult,
  SaveResult,
} from '../../../common/api/boards.js';
import type { FastifyRequest } from 'fastify';
import { Ok } from '../../../common/api/common.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { getSettings } from '../community/service.js';
import {
  actorOf,
  allList,
  boardInfo,
  boardSummary,
  deletePost,
  getBoard,
  listPosts,
  recommendPost,
  savePost,
  topicList,
  viewerId,
  viewPost,
} from './service.js';

export default async function boardRoutes(app: App) {
  const { db } = app.ctx;
  const actor = async (req: FastifyRequest) => actorOf(db, await req.member());
  const saveLimit = memberLimiter(app, 'post-save', 10, 60_000);

  app.post('/api/board/info', { schema: { body: BoardInfoQuery, response: { 200: BoardInfo } } }, async (req) => {
    const [caller, board, settings] = await Promise.all([actor(req), getBoard(db, req.body.boardId), getSettings(db)]);
    return boardInfo(caller, board, settings.emoticons);
  });

  app.post('/api/board/list', { schema: { body: BoardListQuery, response: { 200: PostPage } } }, async (req) =>
    listPosts(db, await actor(req), req.body),
  );

  app.post('/api/board/view', { schema: { body: PostKeyQuery, response: { 200: PostView } } }, async (req) => {
    const member = await req.member();
    return viewPost(db, await actorOf(db, member), req.body.key, viewerId(member, req.ip, req.headers['user-agent']));
  });

  app.post('/api/board/save', { schema: { body: PostSave, response: { 200: SaveResult } } }, async (req) => {
    const member = await requireMember(req);
    await saveLimit(req, member);
    return { key: await savePost(db, await actorOf(db, member), req.body) };
  });

  app.post('/api/board/delete', { schema: { body: PostKeyQuery, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await deletePost(db, await actorOf(db, member), req.body.key);
    return { ok: true as const };
  });

  app.post('/api/board/recommend', { schema: { body: PostKeyQuery, response: { 200: RecommendResult } } }, async (req) => {
    const member = await requireMember(req);
    return { recommends: await recommendPost(db, await actorOf(db, member), req.body.key) };
  });

  app.post('/api/board/summary', { schema: { body: BoardInfoQuery, response: { 200: BoardSummary } } }, async (req) =>
    boardSummary(db, await actor(req), req.body.boardId),
  );

  app.post('/api/all/list', { schema: { body: PageQuery, response: { 200: PostPage } } }, async (req) =>
    allList(db, await actor(req), req.body.page),
  );

  app.post('/api/all/topic', { schema: { body: PageQuery, response: { 200: PostPage } } }, async (req) =>
    topicList(db, await actor(req), req.body.page),
  );
}
