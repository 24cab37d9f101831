// Writing market items: save (new or edit), delete and bump. The item's post is written by the
// posts module's write path as a board's post is (sanitising, files, search columns, mentions,
// points, list counts) inside the same transaction as its market_items row. Status changes: item-status.ts.
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AUCTION_MAX_MS, AUCTION_MIN_MS, type MarketSave } from '../../../common/api/market.js';
import type { Db, Tx } from '../../db/client.js';
import { files, levels, marketItems, users } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { answersChanged } from '../../lib/answer-cache.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isAdmin, isOwner } from '../../lib/roles.js';
import { getBoard } from '../posts/board-rules.js';
import type { Actor } from '../posts/policy.js';
import { deletePost, savePost } from '../posts/write.js';
import { MARKET_BOARD } from '../posts/kinds.js';
import { bumpDue, isOpen, mayDelete, MSG, type ItemRef } from './policy.js';
import { queueMatch } from './alert-match.js';
import { linkProduct } from './product-link.js';

type SaveInput = z.output<typeof MarketSave>;

/**
 * After a committed write to an item (or an auction's bid or ending): every node drops the cached
 * answers showing it: the market lists and trace (market), the board's (board:market) and the
 * item's own view (post:{key}).
 */
export function marketChanged(db: Db, key?: number) {
  answersChanged(db, ['market', `board:${MARKET_BOARD}`, ...(key === undefined ? [] : [`post:${key}`])]);
}

export type LockedItem = typeof marketItems.$inferSelect;

/**
 * The item row locked for the rest of the transaction (its post not deleted): every write to an
 * item, the auction's bids included, starts here, so they take turns.
 */
export async function loadItemForUpdate(tx: Tx, key: number): Promise<LockedItem> {
  const [row] = await tx.select().from(marketItems).where(eq(marketItems.postKey, key)).for('update');
  if (!row) throw notFound(MSG.noItem, 'no_item');
  if (row.deletedAt !== null) throw notFound(MSG.deleted, 'item_deleted');
  return row;
}

/** Whether the member may sell: the admin's word on them, else their level's (admins always may). */
export async function maySell(db: Tx, member: { no: number; admin: boolean }): Promise<boolean> {
  if (isAdmin({ member })) return true;
  const [row] = await db
    .select({ ok: sql<boolean>`coalesce(${users.canMarket}, ${levels.canMarket}, false)` })
    .from(users)
    .leftJoin(levels, eq(levels.id, users.levelId))
    .where(eq(users.no, member.no));
  return row?.ok === true;
}

interface AuctionTerms {
  startPrice: number;
  bidStep: number;
  buyNowPrice: number | null;
  endsAt: Date;
}

/** The auction's terms, its end checked against the server clock (1 hour to 14 days away). */
export function auctionTerms(a: NonNullable<SaveInput['auction']>, now: Date): AuctionTerms {
  const endsAt = new Date(a.endsAt);
  const ahead = endsAt.getTime() - now.getTime();
  if (ahead < AUCTION_MIN_MS) throw badRequest(MSG.endsTooSoon, 'ends_at');
  if (ahead > AUCTION_MAX_MS) throw badRequest(MSG.endsTooLate, 'ends_at');
  return { startPrice: a.startPrice, bidStep: a.bidStep, buyNowPrice: a.buyNowPrice ?? null, endsAt };
}

const itemRef = (row: LockedItem): ItemRef => row;

/** Price terms of an edit differ from the stored ones. */
function priceTermsChanged(before: LockedItem, price: number, auction: AuctionTerms | null): boolean {
  if (!auction) return before.price !== price;
  return (
    before.price !== auction.startPrice ||
    before.bidStep !== auction.bidStep ||
    before.buyNowPrice !== auction.buyNowPrice ||
    before.endsAt?.getTime() !== auction.endsAt.getTime()
  );
}

const sameMinute = (a: Date, b: Date) => Math.floor(a.getTime() / 60_000) === Math.floor(b.getTime() / 60_000);

/** Creates (no key) or edits an item; returns its key. */
export async function saveItem(db: Db, actor: Actor, input: SaveInput, now: Date): Promise<number> {
  const member = actor.member!;
  const board = await getBoard(db, MARKET_BOARD);
  if (!board.categories.some((c) => c.code === input.category)) throw badRequest(MSG.noCategory);
  if (input.key === undefined && !(await maySell(db, member))) throw forbidden(MSG.noSell, 'no_market');
  const link = await linkProduct(db, input.productKey, input.subject);
  if (!link) throw badRequest(MSG.noProduct);

  const key = await db.transaction(async (tx) => {
    let before: LockedItem | null = null;
    if (input.key !== undefined) {
      before = await loadItemForUpdate(tx, input.key);
      if (!isOwner(actor, before.sellerNo) && !isAdmin(actor)) throw forbidden(MSG.notSeller);
      if (!isOpen(before.status)) throw badRequest(MSG.finished);
      if (before.auction !== !!input.auction) throw badRequest(MSG.auctionSwitch);
      if (before.kind !== input.kind) throw badRequest(MSG.kindSwitch);
    }
    // An unchanged end is not checked again (an auction near its end keeps it through a text edit).
    // The same minute counts as unchanged: the form's field has no seconds, and anti-sniping's ends do.
    const sameEnd = before?.endsAt && input.auction && sameMinute(new Date(input.auction.endsAt), before.endsAt);
    const auction = input.auction ? (sameEnd ? { ...input.auction, buyNowPrice: input.auction.buyNowPrice ?? null, endsAt: before!.endsAt! } : auctionTerms(input.auction, now)) : null;
    const price = auction ? auction.startPrice : input.price;
    const priceChanged = before !== null && priceTermsChanged(before, price, auction);
    if (before && priceChanged && before.bidCount > 0) throw badRequest(MSG.hasBids, 'has_bids');

    const saved = await savePost(tx, actor, {
      boardId: MARKET_BOARD,
      category: input.category,
      key: input.key,
      subject: input.subject,
      content: input.content,
      files: input.files,
      notice: false,
    });
    const [photos] = await tx
      .select({ n: count() })
      .from(files)
      .where(and(eq(files.postKey, saved), eq(files.image, true)));
    // A wanted ad's photos are optional (the form's files are checked by the contract too).
    if (input.kind === 'sell' && (!photos || Number(photos.n) === 0)) throw badRequest(MSG.noPhoto);

    const values = {
      category: input.category,
      priceMin: input.kind === 'wanted' ? (input.priceMin ?? null) : null,
      condition: input.condition,
      tradeMethod: input.tradeMethod,
      region: input.region,
      productId: link.productId,
      productGuessed: link.guessed,
    };
    const terms = auction
      ? { price: auction.startPrice, auction: true, bidStep: auction.bidStep, buyNowPrice: auction.buyNowPrice, endsAt: auction.endsAt }
      : { price, auction: false };
    if (!before) {
      const status = input.kind === 'wanted' ? ('wanted' as const) : ('selling' as const);
      await tx.insert(marketItems).values({ postKey: saved, sellerNo: member.no, kind: input.kind, status, ...values, ...terms, createdAt: now, bumpedAt: now });
    } else {
      await tx
        .update(marketItems)
        .set({ ...values, ...(priceChanged ? terms : {}) })
        .where(eq(marketItems.postKey, saved));
      if (isAdmin(actor) && !isOwner(actor, before.sellerNo)) {
        await audit(tx, member, { action: 'market.save', targetKind: 'market', targetKey: saved, before: auditFields(before), after: { ...values, ...terms } });
      }
    }
    // Price alerts and wanted ads are matched once this commits, by whichever node takes the job.
    await queueMatch(tx, saved);
    return saved;
  });
  marketChanged(db, key);
  return key;
}

export const auditFields = (r: LockedItem) => ({
  status: r.status,
  price: r.price,
  category: r.category,
  soldPrice: r.soldPrice,
  bidCount: r.bidCount,
  cancelReason: r.cancelReason,
});

/** Soft delete by the seller or an admin; an auction with bids is cancelled by an admin instead. */
export async function deleteItem(db: Db, actor: Actor, key: number): Promise<void> {
  const member = actor.member!;
  await db.transaction(async (tx) => {
    const item = await loadItemForUpdate(tx, key);
    if (!isOwner(actor, item.sellerNo) && !isAdmin(actor)) throw forbidden(MSG.notSellerDelete);
    if (!mayDelete(actor, itemRef(item))) throw conflict(MSG.hasBids, 'has_bids');
    // The post goes as any post does (points back, list counts), then the item.
    await deletePost(tx, actor, key);
    await tx.update(marketItems).set({ deletedAt: new Date() }).where(eq(marketItems.postKey, key));
    if (isAdmin(actor) && !isOwner(actor, item.sellerNo)) {
      await audit(tx, member, { action: 'market.delete', targetKind: 'market', targetKey: key, before: auditFields(item), after: null });
    }
  });
  marketChanged(db, key);
}

/** Moves an open item to the top of the lists, once a day. */
export async function bumpItem(db: Db, actor: Actor, key: number, now: Date): Promise<Date> {
  await db.transaction(async (tx) => {
    const item = await loadItemForUpdate(tx, key);
    if (!isOwner(actor, item.sellerNo)) throw forbidden(MSG.notSellerBump);
    if (!isOpen(item.status)) throw badRequest(MSG.bumpStatus);
    if (!bumpDue(item, now)) throw conflict(MSG.bumpOnce, 'bumped');
    await tx.update(marketItems).set({ bumpedAt: now }).where(eq(marketItems.postKey, key));
  });
  marketChanged(db, key);
  return now;
}

