// Market calls: categories, list, view, save, status, delete, bump and trace (items); bid and bids
// (auctions) are registered by the auction module. Handlers parse, find the caller, call the
// service and return the contract.
import type { FastifyRequest } from 'fastify';
import { Empty, Ok } from '../../../common/api/common.js';
import {
  MarketBumpResult,
  MarketCategories,
  MarketKeyQuery,
  MarketListQuery,
  MarketPage,
  MarketSave,
  MarketSaveResult,
  MarketSellCheck,
  MarketStatusInput,
  MarketStatusResult,
  MarketView,
  Trace,
  TraceQuery,
} from '../../../common/api/market.js';
import { cachedAnswer, PRODUCTS_TAG, sendAnswer, sendVisitorView } from '../../lib/answer-cache.js';
import { now } from '../../lib/clock.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { isAdmin } from '../../lib/roles.js';
import { requireMember } from '../../lib/session.js';
import { actorOf, getBoard, requireRead } from '../posts/board-rules.js';
import { VISITOR } from '../posts/policy.js';
import { viewerId } from '../posts/view.js';
import { countView } from '../posts/view-counter.js';
import { requireRealName } from '../community/service.js';
import { spamGuard } from '../spam/guard.js';
import { listItems, marketCategories, viewItem } from './item-read.js';
import { changeStatus } from './item-status.js';
import { bumpItem, deleteItem, maySell, saveItem } from './item-write.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { MSG } from './policy.js';
import { traceOf } from './trace.js';

/**
 * How long a cached answer may be kept without a write dropping it: what no write signals (view
 * counts, sellers' stars, an auction passing its end) lags by at most this much.
 */
const LIST_TTL_MS = 30_000;
const VIEW_TTL_MS = 10_000;
const TRACE_TTL_MS = 5 * 60_000;

export default async function marketRoutes(app: App) {
  const { db, answers, searchGate } = app.ctx;
  const actor = async (req: FastifyRequest) => actorOf(db, await req.member());
  const saveLimit = memberLimiter(app, 'market-save', 10, 60_000);
  const spam = spamGuard(app);

  app.post('/api/market/categories', { schema: { body: Empty, response: { 200: MarketCategories } } }, async (req, reply) =>
    sendAnswer(req, reply, await cachedAnswer(answers, MarketCategories, 'market:categories', LIST_TTL_MS, ['boards', 'market'], () => marketCategories(db))),
  );

  // A page of cards holds nothing personal: everyone who may read the market gets the same one
  // (admins also see items hidden after a report). Searches too: the same popular word is looked
  // for by many, and a search that is not kept takes its turn through the read gate.
  app.post('/api/market/list', { schema: { body: MarketListQuery, response: { 200: MarketPage } } }, async (req, reply) => {
    const caller = await actor(req);
    const q = req.body;
    requireRead(caller, await getBoard(db, MARKET_BOARD));
    const kind = isAdmin(caller) ? 'admin' : 'reader';
    const key = `market:list:${kind}:${JSON.stringify(q)}`;
    const produce = () => listItems(db, caller, q, now(), searchGate);
    return sendAnswer(req, reply, await cachedAnswer(answers, MarketPage, key, LIST_TTL_MS, ['market', `board:${MARKET_BOARD}`], produce));
  });

  // Members get their own abilities, scrap and auction standing; visitors share one cached view.
  app.post('/api/market/view', { schema: { body: MarketKeyQuery, response: { 200: MarketView } } }, async (req, reply) => {
    const member = await req.member();
    const { key } = req.body;
    const viewer = viewerId(member, req.ip, req.headers['user-agent']);
    if (member) return viewItem(db, await actorOf(db, member), key, viewer, now());
    const answer = cachedAnswer(answers, MarketView, `market:view:${key}`, VIEW_TTL_MS, [`post:${key}`], () => viewItem(db, VISITOR, key, viewer, now()));
    return sendVisitorView(req, reply, answer, () => countView(db, key, viewer));
  });

  app.post('/api/market/save', { schema: { body: MarketSave, response: { 200: MarketSaveResult } } }, async (req) => {
    const member = await requireMember(req);
    // A new item may need real-name verification (community setup); edits never do.
    if (req.body.key === undefined) await requireRealName(db, member, 'market');
    await saveLimit(req, member);
    // A new item (for sale or wanted) is a post to the spam rules, an edit is not: challenge,
    // the hourly limit shared with posts, repeats, hold.
    const ticket = req.body.key === undefined ? await spam.before(req, member, 'post', `${req.body.subject}\n${req.body.content}`) : null;
    const key = await saveItem(db, await actorOf(db, member), req.body, now());
    if (ticket) await spam.after(ticket, key);
    return { key };
  });

  // Whether the caller may put items up, and why not, in the order the save checks: the write
  // page shows the reason instead of a form the save would refuse.
  app.post('/api/market/can-sell', { schema: { body: Empty, response: { 200: MarketSellCheck } } }, async (req) => {
    const member = await req.member();
    if (!member) return { canSell: false, reason: 'login' as const, message: '장터에 물건을 올리려면 로그인해 주세요.' };
    try {
      await requireRealName(db, member, 'market');
    } catch (e) {
      return { canSell: false, reason: 'real' as const, message: (e as Error).message };
    }
    if (!(await maySell(db, member))) return { canSell: false, reason: 'level' as const, message: MSG.noSell };
    return { canSell: true, reason: null, message: null };
  });

  app.post('/api/market/status', { schema: { body: MarketStatusInput, response: { 200: MarketStatusResult } } }, async (req) => {
    const member = await requireMember(req);
    return { key: req.body.key, status: await changeStatus(db, await actorOf(db, member), req.body, now()) };
  });

  app.post('/api/market/delete', { schema: { body: MarketKeyQuery, response: { 200: Ok } } }, async (req) => {
    const member = await requireMember(req);
    await deleteItem(db, await actorOf(db, member), req.body.key);
    return { ok: true as const };
  });

  app.post('/api/market/bump', { schema: { body: MarketKeyQuery, response: { 200: MarketBumpResult } } }, async (req) => {
    const member = await requireMember(req);
    const at = await bumpItem(db, await actorOf(db, member), req.body.key, now());
    return { key: req.body.key, bumpedAt: at.toISOString() };
  });

  // The same for everyone who may read the market (admins, who also find hidden products, read afresh).
  app.post('/api/market/trace', { schema: { body: TraceQuery, response: { 200: Trace } } }, async (req, reply) => {
    const { productKey } = req.body;
    const caller = await actor(req);
    requireRead(caller, await getBoard(db, MARKET_BOARD));
    if (isAdmin(caller)) return traceOf(db, productKey, true, now());
    const answer = await cachedAnswer(answers, Trace, `market:trace:${productKey}`, TRACE_TTL_MS, ['market', PRODUCTS_TAG], () => traceOf(db, productKey, false, now()));
    return sendAnswer(req, reply, answer);
  });

}
