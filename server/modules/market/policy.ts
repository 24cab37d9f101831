// Who may do what with market items: the one place these rules live. Routes and services ask
// these functions; the abilities sent with an item (MarketAbilities) come from here too.
import type { z } from 'zod';
import type { MarketAbilities, MarketStatus } from '../../../common/api/market.js';
import { isAdmin, isOwner } from '../../lib/roles.js';
import { type Actor, can, inReach, mayReport } from '../posts/policy.js';
import type { Board } from '../posts/board-rules.js';

export const MSG = {
  noItem: '매물을 찾을 수 없습니다.',
  deleted: '삭제된 매물입니다.',
  noCategory: '분류를 찾을 수 없습니다.',
  noProduct: '제품을 찾을 수 없습니다.',
  noPhoto: '사진을 한 장 이상 올려 주세요.',
  noSell: '장터에 물건을 올릴 수 있는 등급이 아닙니다. 활동으로 등급을 올리거나 관리자에게 문의해 주세요.',
  notSeller: '판매자와 관리자만 고칠 수 있습니다.',
  notSellerDelete: '판매자와 관리자만 지울 수 있습니다.',
  notSellerStatus: '판매자와 관리자만 거래 상태를 바꿀 수 있습니다.',
  notSellerBump: '판매자만 끌어올릴 수 있습니다.',
  finished: '거래가 끝난 매물은 고칠 수 없습니다.',
  hasBids: '입찰이 있는 경매는 가격 조건을 바꾸거나 지울 수 없습니다. 관리자에게 취소를 요청해 주세요.',
  auctionStatus: '경매 매물의 거래 상태는 경매가 정합니다. 취소는 관리자만 할 수 있습니다.',
  badStep: '이 거래 상태로는 바꿀 수 없습니다.',
  sameStatus: '이미 그 거래 상태입니다.',
  unsold: '유찰은 경매가 끝날 때만 정해집니다.',
  cancelAdmin: '매물 취소는 관리자만 할 수 있습니다.',
  cancelReason: '취소 사유를 입력해 주세요.',
  soldPrice: '판매 가격은 거래가 끝날 때만 정할 수 있습니다.',
  bumpOnce: '끌어올리기는 매물마다 하루에 한 번만 할 수 있습니다.',
  bumpStatus: '판매 중이거나 예약 중인 매물만 끌어올릴 수 있습니다.',
  endsTooSoon: '마감 시각은 지금부터 1시간 이후로 골라 주세요.',
  endsTooLate: '마감 시각은 지금부터 14일 이내로 골라 주세요.',
  auctionSwitch: '등록한 뒤에는 일반 판매와 경매를 바꿀 수 없습니다.',
  kindSwitch: '등록한 뒤에는 팝니다와 삽니다를 바꿀 수 없습니다.',
  wantedStatus: '삽니다 글은 구하는 중에서 구했음으로만 바꿀 수 있습니다.',
  sellStatus: '구하는 중과 구했음은 삽니다 글의 상태입니다.',
} as const;

/** Statuses in which an item is still being traded (shown by default, editable, bumpable); a wanted ad's: wanted. */
export const OPEN_STATUSES: readonly MarketStatus[] = ['selling', 'reserved', 'wanted'];
export const isOpen = (s: MarketStatus) => OPEN_STATUSES.includes(s);

/** An item as the rules need it. */
export interface ItemRef {
  sellerNo: number;
  status: MarketStatus;
  auction: boolean;
  bidCount: number;
  endedAt: Date | null;
  endsAt: Date | null;
  bumpedAt: Date;
}

export const BUMP_INTERVAL_MS = 24 * 3600_000;

const isSeller = (a: Actor, item: ItemRef) => isOwner(a, item.sellerNo);

/** The seller (or an admin) edits an open item; price terms stay while an auction has no bids. */
export const mayEdit = (a: Actor, item: ItemRef) => (isSeller(a, item) || isAdmin(a)) && isOpen(item.status);
export const mayEditPrice = (a: Actor, item: ItemRef) => mayEdit(a, item) && item.bidCount === 0;
/** Deleting an auction with bids would take the bidders' bids away: only an admin's cancel ends it. */
export const mayDelete = (a: Actor, item: ItemRef) => (isSeller(a, item) || isAdmin(a)) && item.bidCount === 0;
/** A plain sale's status is the seller's; an auction's is decided by the auction (or an admin's cancel). */
export const mayChangeStatus = (a: Actor, item: ItemRef) => (isSeller(a, item) || isAdmin(a)) && !item.auction && isOpen(item.status);
export const mayCancel = (a: Actor, item: ItemRef) => isAdmin(a) && isOpen(item.status);
export const bumpDue = (item: ItemRef, now: Date) => now.getTime() - item.bumpedAt.getTime() >= BUMP_INTERVAL_MS;
export const mayBump = (a: Actor, item: ItemRef, now: Date) => isSeller(a, item) && isOpen(item.status) && bumpDue(item, now);

/** The abilities sent with an item's view; a hidden item is out of trade (decision 33). */
export function marketAbilities(a: Actor, board: Board, item: ItemRef & { hidden: boolean }, now: Date): z.infer<typeof MarketAbilities> {
  const auctionOpen = item.auction && item.endedAt === null && item.endsAt !== null && item.endsAt > now && item.status === 'selling';
  const reach = inReach({ deleted: false, hidden: item.hidden });
  return {
    canEdit: mayEdit(a, item),
    canEditPrice: mayEditPrice(a, item),
    canDelete: mayDelete(a, item),
    canChangeStatus: mayChangeStatus(a, item) && (reach || isSeller(a, item)),
    canBump: mayBump(a, item, now),
    canBid: reach && a.member !== null && !isSeller(a, item) && auctionOpen,
    canComment: reach && can(a, 'comment', board),
    canScrap: reach && a.member !== null && can(a, 'read', board),
    canCancel: mayCancel(a, item),
    canReport: mayReport(a, { userNo: item.sellerNo, deleted: false, hidden: item.hidden }),
    isSeller: isSeller(a, item),
  };
}
