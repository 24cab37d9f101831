// An item's status: selling ⇄ reserved → sold for a plain sale (a sale records its final price and
// date: the price trace's data), and an admin's cancel (with a reason, audited) for any open item,
// an auction with bids included. Members who scrapped the item hear of every change; a cancel is
// also told to the seller and to everyone who bid.
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { type MarketStatus, type MarketStatusInput, STATUS_LABEL } from '../../../common/api/market.js';
import { object } from '../../../common/korean.js';
import type { Db, Tx } from '../../db/client.js';
import { favorites, marketBids, marketItems, posts } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { isAdmin, isOwner } from '../../lib/roles.js';
import { createAlarms } from '../alarms/service.js';
import { type Board, getBoard, readersAmong } from '../posts/board-rules.js';
import { type Actor, requireInReach } from '../posts/policy.js';
import { auditFields, loadItemForUpdate, marketChanged } from './item-write.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { isOpen, MSG } from './policy.js';

type StatusInput = z.output<typeof MarketStatusInput>;

/** Whether the item's post is hidden after a report, read in the caller's transaction (decision 33). */
export async function itemHidden(tx: Tx, key: number): Promise<boolean> {
  const [row] = await tx.select({ hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.key, key));
  return row?.hiddenAt != null;
}

/**
 * Alarms to the members who scrapped the item (and may still read the market), except whoever
 * made the change. Call inside the transaction that changed the status; the auction's ending
 * uses it too.
 */
export async function notifyScrappers(tx: Tx, board: Board, key: number, status: MarketStatus, exceptNo: number | null): Promise<void> {
  // The board is read before the transaction (getBoard): on PGlite's one connection a read through
  // the database handle inside it would wait forever.
  const [post] = await tx.select({ subject: posts.subject }).from(posts).where(eq(posts.key, key));
  const fans = await tx
    .select({ userNo: favorites.userNo })
    .from(favorites)
    .where(and(eq(favorites.postKey, key), exceptNo === null ? undefined : ne(favorites.userNo, exceptNo)));
  if (fans.length === 0) return;
  const readers = await readersAmong(tx, board, fans.map((f) => f.userNo));
  const subject = post?.subject ?? '';
  await createAlarms(
    tx,
    [...readers].map((userNo) => ({
      userNo,
      kind: 'market_status' as const,
      boardId: MARKET_BOARD,
      boardName: board.name,
      articleKey: key,
      subject,
      content: `스크랩한 장터 매물이 '${STATUS_LABEL[status]}' 상태가 되었습니다: ${subject}`,
    })),
  );
}

/** An admin's cancel, told to the seller and (an auction) to every bidder, with the reason. */
export async function notifyCancelled(tx: Tx, board: Board, item: { postKey: number; sellerNo: number; auction: boolean }, reason: string, adminNo: number | null) {
  const [post] = await tx.select({ subject: posts.subject }).from(posts).where(eq(posts.key, item.postKey));
  const bidders = item.auction ? await tx.selectDistinct({ no: marketBids.bidderNo }).from(marketBids).where(eq(marketBids.postKey, item.postKey)) : [];
  const subject = post?.subject ?? '';
  const base = { boardId: MARKET_BOARD, boardName: board.name, articleKey: item.postKey, subject };
  const told = new Set([item.sellerNo, ...bidders.map((b) => b.no)]);
  if (adminNo !== null) told.delete(adminNo);
  await createAlarms(
    tx,
    [...told].map((userNo) => ({
      ...base,
      userNo,
      kind: userNo === item.sellerNo ? ('market_status' as const) : ('ended' as const),
      content: `관리자가 ${object(item.auction ? '경매' : '매물')} 취소했습니다(사유: ${reason}): ${subject}`,
    })),
  );
}

/** Changes an item's status; answers the new one. */
export async function changeStatus(db: Db, actor: Actor, input: StatusInput, now: Date): Promise<MarketStatus> {
  const member = actor.member!;
  // Read before the transaction: PGlite has one connection (a read through db inside it would wait forever).
  const board = await getBoard(db, MARKET_BOARD);
  await db.transaction(async (tx) => {
    const item = await loadItemForUpdate(tx, input.key);
    const seller = isOwner(actor, item.sellerNo);
    if (input.status === 'cancelled') {
      if (!isAdmin(actor)) throw forbidden(MSG.cancelAdmin);
      if (!isOpen(item.status)) throw badRequest(MSG.badStep);
      if (!input.reason) throw badRequest(MSG.cancelReason);
      const [after] = await tx
        .update(marketItems)
        .set({ status: 'cancelled', cancelReason: input.reason, endedAt: item.auction ? now : item.endedAt })
        .where(eq(marketItems.postKey, input.key))
        .returning();
      await audit(tx, member, { action: 'market.cancel', targetKind: 'market', targetKey: input.key, before: auditFields(item), after: auditFields(after!) });
      await notifyCancelled(tx, board, item, input.reason, member.no);
    } else {
      if (!seller && !isAdmin(actor)) throw forbidden(MSG.notSellerStatus);
      // A hidden item is out of trade: only its seller still records what became of it.
      if (!seller) requireInReach({ hidden: await itemHidden(tx, input.key) }, 'status');
      if (item.auction) throw badRequest(MSG.auctionStatus);
      if (input.status === 'unsold') throw badRequest(MSG.unsold);
      if (item.status === input.status) throw badRequest(MSG.sameStatus);
      if (!isOpen(item.status)) throw badRequest(MSG.badStep);
      // A wanted ad goes from wanted to found and no further; an item for sale never takes those.
      if (item.kind === 'wanted' && input.status !== 'found') throw badRequest(MSG.wantedStatus);
      if (item.kind === 'sell' && (input.status === 'wanted' || input.status === 'found')) throw badRequest(MSG.sellStatus);
      if (input.soldPrice !== undefined && input.status !== 'sold') throw badRequest(MSG.soldPrice);
      const sold = input.status === 'sold';
      // A found wanted ad records no price: the trace's sales are items sold.
      const [after] = await tx
        .update(marketItems)
        .set({ status: input.status, soldPrice: sold ? (input.soldPrice ?? item.price) : null, soldAt: sold ? now : null })
        .where(eq(marketItems.postKey, input.key))
        .returning();
      if (!seller) {
        await audit(tx, member, { action: 'market.status', targetKind: 'market', targetKey: input.key, before: auditFields(item), after: auditFields(after!) });
      }
    }
    await notifyScrappers(tx, board, input.key, input.status, member.no);
  });
  marketChanged(db, input.key);
  return input.status;
}
