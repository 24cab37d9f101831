// Alarms of an auction (docs/product/market.md#auction-alarms): outbid as it happens, and at the end won (winner),
// sold or unsold (seller) and ended (every other bidder). They point at the item (board 'market',
// articleKey = the item's key) and are written in the transaction that decided them.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import type { Board } from '../posts/board-rules.js';
import { marketBids, posts } from '../../db/schema/index.js';
import { createAlarms, type NewAlarm } from '../alarms/service.js';
import { notifyScrappers } from './item-status.js';
import { marketChanged } from './item-write.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { auctionLive } from '../live/publish.js';

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

export const AUCTION_ALARM_TEXT = {
  outbid: (current: number) => `더 높은 입찰이 들어왔습니다. 현재가 ${won(current)}`,
  won: (price: number, buyNow: boolean) => (buyNow ? `즉시 구매로 ${won(price)}에 낙찰받았습니다.` : `${won(price)}에 낙찰받았습니다.`),
  sold: (price: number, buyNow: boolean) => (buyNow ? `즉시 구매로 ${won(price)}에 판매되었습니다.` : `경매가 끝나 ${won(price)}에 낙찰되었습니다.`),
  unsold: () => '입찰 없이 경매가 끝났습니다(유찰).',
  ended: (price: number) => `경매가 끝났습니다. ${won(price)}에 다른 회원이 낙찰받았습니다.`,
} as const;

/**
 * What an alarm about the item needs: its subject and the market board's name. The board is read
 * before the transaction (getBoard): inside it, a read through the database handle would wait
 * forever for the transaction on PGlite's one connection.
 */
async function about(board: Board, tx: Tx, key: number) {
  const [post] = await tx.select({ subject: posts.subject }).from(posts).where(eq(posts.key, key));
  return { boardId: MARKET_BOARD, boardName: board.name, articleKey: key, subject: post?.subject ?? '' };
}

export async function alarmOutbid(board: Board, tx: Tx, key: number, userNo: number, current: number) {
  await createAlarms(tx, [{ ...(await about(board, tx, key)), userNo, kind: 'outbid', content: AUCTION_ALARM_TEXT.outbid(current) }]);
}

/**
 * The end of an auction: sold to winnerNo at price (or unsold when winnerNo is null). Every other
 * bidder hears that it ended.
 */
export async function alarmEnded(board: Board, tx: Tx, e: { key: number; sellerNo: number; winnerNo: number | null; price: number | null; buyNow: boolean }) {
  const base = await about(board, tx, e.key);
  const list: NewAlarm[] = [];
  if (e.winnerNo === null || e.price === null) {
    list.push({ ...base, userNo: e.sellerNo, kind: 'unsold', content: AUCTION_ALARM_TEXT.unsold() });
  } else {
    list.push({ ...base, userNo: e.winnerNo, kind: 'won', content: AUCTION_ALARM_TEXT.won(e.price, e.buyNow) });
    list.push({ ...base, userNo: e.sellerNo, kind: 'sold', content: AUCTION_ALARM_TEXT.sold(e.price, e.buyNow) });
    const others = await tx
      .selectDistinct({ no: marketBids.bidderNo })
      .from(marketBids)
      .where(and(eq(marketBids.postKey, e.key), ne(marketBids.bidderNo, e.winnerNo), sql`${marketBids.bidderNo} <> ${e.sellerNo}`));
    for (const o of others) list.push({ ...base, userNo: o.no, kind: 'ended', content: AUCTION_ALARM_TEXT.ended(e.price) });
  }
  await createAlarms(tx, list);
  // Members who scrapped the item hear that its status changed (not the buyer, who was told).
  await notifyScrappers(tx, board, e.key, e.winnerNo === null ? 'unsold' : 'sold', e.winnerNo);
}

/** After a committed bid or ending: the item's cached answers (lists, view) on every node. */
export function auctionChanged(db: Db, key: number) {
  marketChanged(db, key);
  // Pages open on the item, on every node (modules/live); a lost message only delays the page's
  // state until its stream reconnects or it polls.
  auctionLive(db, key).catch(() => {});
}
