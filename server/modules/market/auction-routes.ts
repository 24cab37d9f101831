// Auction calls: /api/market/bid and /api/market/bids (the list the item page polls while the
// auction runs, answered 304 while nothing changed: decision 26), and the ending job of this node.
import type { FastifyReply } from 'fastify';
import { AuctionState, BidInput, BidList, MarketKeyQuery } from '../../../common/api/market.js';
import { now } from '../../lib/clock.js';
import type { App } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { requireMember } from '../../lib/session.js';
import { actorOf, getBoard, requireRead } from '../posts/board-rules.js';
import { requireRealName } from '../community/service.js';
import { auctionVersion, BID_MSG, listBids, placeBid } from './auction-bid.js';
import { settleIfDue, startAuctionJob } from './auction-ending.js';
import { MARKET_BOARD } from '../posts/kinds.js';

/** Bids: 30 a minute per member (a real bidder needs a few). */
export const BID_LIMIT = { perMinute: 30 } as const;

export default async function auctionRoutes(app: App) {
  const { db } = app.ctx;
  const bidLimit = memberLimiter(app, 'market-bid', BID_LIMIT.perMinute, 60_000);

  app.post('/api/market/bid', { schema: { body: BidInput, response: { 200: AuctionState } } }, async (req) => {
    const member = await requireMember(req);
    await bidLimit(req, member);
    requireRead(await actorOf(db, member), await getBoard(db, MARKET_BOARD));
    await requireRealName(db, member, 'bidding');
    return placeBid(db, member, req.body);
  });

  app.post('/api/market/bids', { schema: { body: MarketKeyQuery, response: { 200: BidList } } }, async (req, reply) => {
    const member = await req.member();
    requireRead(await actorOf(db, member), await getBoard(db, MARKET_BOARD));
    const at = now();
    const viewerNo = member?.no ?? null;
    let version = await auctionVersion(db, req.body.key, viewerNo, at);
    // Past its end: ended by this read (unless the job or another read just did), then asked again.
    if (version?.due) {
      await settleIfDue(db, req.body.key, at);
      version = await auctionVersion(db, req.body.key, viewerNo, at);
    }
    if (!version) throw notFound(BID_MSG.noItem);
    reply.header('etag', version.etag);
    if (req.headers['if-none-match']?.split(',').some((t) => t.trim() === version.etag)) return (reply as FastifyReply).status(304).send();
    return listBids(db, req.body.key, viewerNo, at);
  });

  // Every node runs the job; the row locks make each ending happen once (auction-ending.ts).
  let job: ReturnType<typeof startAuctionJob> | null = null;
  app.addHook('onReady', async () => {
    job = startAuctionJob(app);
  });
  // Before the database closes (onClose hooks of the app close it).
  app.addHook('preClose', async () => {
    await job?.stop();
  });
}
