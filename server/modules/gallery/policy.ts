// Who may do what with gallery items, museums and today's photo. A gallery item is a post of the
// hidden board 'gallery', so reading, recommending, scrapping and commenting follow the boards'
// rules (boards/policy.ts); what differs is written here and sent with the data as abilities.
import { type Actor, type BoardRules, can, type PostRef } from '../boards/policy.js';

export const GALLERY_BOARD = 'gallery';

export type GalleryAction = 'edit' | 'delete';

const isOwner = (a: Actor, userNo: number | null) => a.member !== null && userNo !== null && a.member.no === userNo;

/** Edits are the photographer's own (an admin may delete, not rewrite someone's work). */
export function canGallery(actor: Actor, action: GalleryAction, item: PostRef): boolean {
  if (item.deleted) return false;
  if (action === 'edit') return isOwner(actor, item.userNo);
  return isOwner(actor, item.userNo) || actor.member?.admin === true;
}

/** GalleryView.abilities. */
export function galleryAbilities(actor: Actor, board: BoardRules, item: PostRef) {
  return {
    canEdit: canGallery(actor, 'edit', item),
    canDelete: canGallery(actor, 'delete', item),
    canRecommend: can(actor, 'recommend', board, item),
    canComment: !item.deleted && can(actor, 'comment', board),
    canScrap: can(actor, 'scrap', board, item),
  };
}

/** A museum is curated by its owner only. */
export const canCurate = (actor: Actor, ownerNo: number) => isOwner(actor, ownerNo);
