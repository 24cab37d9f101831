// A market item hidden after a report is out of trade (decision 33). Hiding cancels a running
// auction at once (its seller, bidders and scrappers told why), so it is never sold while hidden;
// a plain sale keeps its status, out of trade, until it is restored. Restoring shows the item
// again and tells the seller what happens next: a cancelled auction stays cancelled.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { marketItems, posts } from '../../db/schema/index.js';
import { createAlarms } from '../alarms/service.js';
import type { Board } from '../posts/board-rules.js';
import { notifyCancelled, notifyScrappers } from './item-status.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { queueMatch } from './alert-match.js';

/** The cancel reason recorded and told when hiding ends an auction. */
export const HIDDEN_CANCEL_REASON = '신고 처리로 가려진 매물';

/** What restoring an item means for its trade: the admin's answer and the seller's alarm. */
export const RESTORED_TEXT = {
  auction: '가림이 풀려 매물이 다시 보입니다. 가릴 때 취소된 경매는 다시 열리지 않으니, 다시 팔려면 새로 올려 주세요.',
  other: '가림이 풀려 매물이 다시 보입니다. 거래 상태는 가리기 전 그대로입니다.',
} as const;

type ItemRow = typeof marketItems.$inferSelect;

const running = (item: ItemRow) => item.auction && item.deletedAt === null && item.endedAt === null && item.status === 'selling';

/**
 * Cancels the running auction of a hidden item (its row locked by the caller): never sold, nobody
 * told they won; the seller and every bidder hear why, scrappers that it was cancelled. False
 * when it is no running auction.
 */
export async function cancelHiddenAuction(board: Board, tx: Tx, item: ItemRow, endedAt: Date): Promise<boolean> {
  if (!running(item)) return false;
  await tx.update(marketItems).set({ status: 'cancelled', cancelReason: HIDDEN_CANCEL_REASON, endedAt }).where(eq(marketItems.postKey, item.postKey));
  await notifyCancelled(tx, board, item, HIDDEN_CANCEL_REASON, null);
  await notifyScrappers(tx, board, item.postKey, 'cancelled', null);
  return true;
}

const lockRow = async (tx: Tx, key: number) => (await tx.select().from(marketItems).where(eq(marketItems.postKey, key)).for('update'))[0];

/**
 * Before a hide or a restore touches the post: its market item's row, if it has one. An edit or a
 * delete takes the item row and then the post's, so taking them in that order too waits for one
 * instead of deadlocking with it (PostgreSQL).
 */
export async function lockItemBeforePost(tx: Tx, key: number): Promise<void> {
  await lockRow(tx, key);
}

/** In the transaction that hides the item's post: its running auction ends, cancelled. */
export async function takeOutOfTrade(board: Board, tx: Tx, key: number, now: Date): Promise<void> {
  const item = await lockRow(tx, key);
  if (item) await cancelHiddenAuction(board, tx, item, now);
}

/**
 * In the transaction that shows the item's post again: the seller hears what happens next, which
 * is also the answer (null: no live item).
 */
export async function backInTrade(board: Board, tx: Tx, key: number): Promise<string | null> {
  const item = await lockRow(tx, key);
  if (!item || item.deletedAt !== null) return null;
  const text = item.auction && item.status === 'cancelled' ? RESTORED_TEXT.auction : RESTORED_TEXT.other;
  const [post] = await tx.select({ subject: posts.subject }).from(posts).where(eq(posts.key, key));
  await createAlarms(tx, [
    { userNo: item.sellerNo, kind: 'market_status', boardId: MARKET_BOARD, boardName: board.name, articleKey: key, subject: post?.subject ?? '', content: text },
  ]);
  // Visible again: price alerts and wanted ads meet it now (pairs already told are not told again).
  await queueMatch(tx, key);
  return text;
}
