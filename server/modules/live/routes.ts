// GET /api/live: Server-Sent Events for a member's unread counts and drawers, and for an open
// auction item (docs/api.md#live-updates, decision 35). Polling stays as the fallback: the page
// polls whenever this stream is not open.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { LIVE_EVENTS, LiveQuery } from '../../../common/api/live.js';
import { now } from '../../lib/clock.js';
import type { App } from '../../lib/context.js';
import { HttpError, notFound, tooManyRequests, unauthorized } from '../../lib/errors.js';
import type { Signals } from '../../lib/signals.js';
import { actorOf, getBoard, requireRead } from '../posts/board-rules.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { auctionVersion, BID_MSG } from '../market/auction-bid.js';
import { auctionFor, LiveHub, type LiveStream, memberCounts } from './hub.js';

export const LIVE = {
  /** The browser waits this long before reconnecting after the stream ends (`retry:`). */
  retryMs: 5_000,
  /** A comment line this often keeps proxies and the browser from taking the stream for dead. */
  heartbeatMs: 25_000,
  /** A stream ends after this long; the browser reconnects (the session is checked again then). */
  maxAgeMs: 15 * 60_000,
  /** How often the members' open streams are checked against their sessions (a sign-out ends them). */
  sessionCheckMs: 30_000,
  /** Open streams per member on one node (tabs); more are refused and those tabs poll. */
  perMember: 5,
  /** Open streams of visitors from one address on one node. */
  perAddress: 10,
  /** A stream whose reader does not keep up is ended once this much waits to be sent. */
  maxBuffered: 256 * 1024,
};

export const LIVE_MSG = {
  tooMany: '열어 둔 창이 너무 많습니다. 이 창은 잠시 뒤에 새 소식을 확인합니다.',
  unavailable: '지금은 실시간 알림을 보낼 수 없습니다. 잠시 후 다시 시도해 주세요.',
  loginOrAuction: '로그인이 필요합니다.',
};

export default async function liveRoutes(app: App, opts: { signals: Signals }) {
  const { db, config } = app.ctx;
  const hub = new LiveHub(db, app.log);
  const { signals } = opts;
  signals.onMessage((message) => hub.hear(message));
  // While the node does not listen it may miss messages: the streams end and the browsers poll
  // until they reconnect (refused until the node listens again), reading the current state then.
  signals.onListening((listening) => {
    if (!listening) hub.closeAll();
  });
  const heartbeat = setInterval(() => hub.ping(), LIVE.heartbeatMs).unref();
  const sessionCheck = setInterval(
    () => void hub.checkSessions().catch((err: unknown) => app.log.warn({ err }, 'live: sessions not checked')),
    LIVE.sessionCheckMs,
  ).unref();
  // Before the server stops taking connections: open streams would hold its close forever.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    hub.close();
  });

  const limit = config.rateLimit ? { max: 60, timeWindow: 60_000, errorResponseBuilder: () => tooManyRequests() } : false;

  app.get(
    '/api/live',
    {
      schema: {
        querystring: LiveQuery,
        response: { 200: z.string().describe('text/event-stream: 이벤트 hello, unread {letters, alarms, changed}, auction {key, auction}') },
      },
      config: { rateLimit: limit },
    },
    async (req, reply) => {
      const member = await req.member();
      const key = req.query.auction ?? null;
      // Personal events are for members; a visitor may only watch an auction.
      if (!member && key === null) throw unauthorized(LIVE_MSG.loginOrAuction);
      if (key !== null) {
        requireRead(await actorOf(db, member), await getBoard(db, MARKET_BOARD));
        if (!(await auctionVersion(db, key, null, now()))) throw notFound(BID_MSG.noItem);
      }
      if (!signals.listening) throw new HttpError(503, 'live_unavailable', LIVE_MSG.unavailable);
      const userNo = member?.no ?? null;
      if (hub.countOf(userNo, req.ip) >= (userNo === null ? LIVE.perAddress : LIVE.perMember)) throw tooManyRequests(LIVE_MSG.tooMany);

      reply.hijack();
      const stream = openStream(req.raw, reply.raw, reply.getHeaders(), { userNo, session: member?.sessionHash ?? null, auction: key, ip: req.ip }, () => hub.remove(stream));
      hub.add(stream);
      hub.greet(stream, async () => {
        if (userNo !== null) stream.send(LIVE_EVENTS.unread, { ...(await memberCounts(db, userNo)), changed: [] });
        if (key !== null) {
          const state = await auctionFor(db, key);
          if (state) stream.send(LIVE_EVENTS.auction, { key, auction: state(userNo) });
        }
      });
    },
  );
}

/** Writes the stream's head and hands back its LiveStream; `ended` runs once when it ends. */
function openStream(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, unknown>,
  who: { userNo: number | null; session: string | null; auction: number | null; ip: string },
  ended: () => void,
): LiveStream & { ping(): void } {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(age);
    ended();
  };
  const write = (text: string) => {
    if (done) return;
    // A reader that does not keep up is let go rather than buffered without end.
    if (res.writableLength > LIVE.maxBuffered) return close();
    res.write(text);
  };
  const close = () => {
    if (!done) res.end();
    finish();
  };
  const age = setTimeout(close, LIVE.maxAgeMs).unref();
  req.socket.setTimeout(0);
  req.socket.setNoDelay(true);
  res.on('close', finish);
  res.writeHead(200, {
    ...(headers as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx and proxies like it: pass each event on at once.
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.write(`retry: ${LIVE.retryMs}\n\n`);
  res.write(`event: ${LIVE_EVENTS.hello}\ndata: {}\n\n`);
  return {
    ...who,
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    ping: () => write(': ping\n\n'),
    close,
  };
}
