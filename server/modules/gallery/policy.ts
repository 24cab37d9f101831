// Who may do what with gallery items, museums and today's photo. A gallery item is a post of the
// hidden board 'gallery', so reading, recommending, scrapping and commenting follow the boards'
// rules (posts/policy.ts); what differs is written here and sent with the data as abilities.
import type { Db } from '../../db/client.js';
import { isAdmin, isOwner } from '../../lib/roles.js';
import { getBoard, requireRead } from '../posts/board-rules.js';
import { type Actor, type BoardRules, can, inReach, mayReport, type PostRef } from '../posts/policy.js';
import { GALLERY_BOARD } from '../posts/kinds.js';

export type GalleryAction = 'edit' | 'delete';

/** Edits are the photographer's own (an admin may delete, not rewrite someone's work). */
export function canGallery(actor: Actor, action: GalleryAction, item: PostRef): boolean {
  if (item.deleted) return false;
  if (action === 'edit') return isOwner(actor, item.userNo);
  return isOwner(actor, item.userNo) || isAdmin(actor);
}

/** GalleryView.abilities. */
export function galleryAbilities(actor: Actor, board: BoardRules, item: PostRef) {
  return {
    canEdit: canGallery(actor, 'edit', item),
    canDelete: canGallery(actor, 'delete', item),
    canRecommend: can(actor, 'recommend', board, item),
    canComment: inReach(item) && can(actor, 'comment', board),
    canScrap: can(actor, 'scrap', board, item),
    canReport: mayReport(actor, item),
  };
}

/**
 * Museums, today's photos and a product's photos are gallery items: a reader below the gallery's
 * read level is refused, as by its list, before a shared answer is served.
 */
export async function requireGalleryRead(db: Db, actor: Actor): Promise<void> {
  requireRead(actor, await getBoard(db, GALLERY_BOARD));
}
