// The boards whose posts are another kind of thing, written through calls of their own: the
// market's items (price, photos, bids) and the galleries' items (photos, museums). The board admin
// may neither rename nor delete them (boards/admin-boards.ts).
export const MARKET_BOARD = 'market';
export const GALLERY_BOARD = 'gallery';

/** The market's and the galleries' boards: their posts are written (and stay) where they are. */
export const isOwnPagesBoard = (boardId: string) => boardId === MARKET_BOARD || boardId === GALLERY_BOARD;

/** The page of a post as the web app links it: market items and gallery photos have pages of their own. */
export function articlePath(boardId: string, key: number): string {
  const k = encodeURIComponent(String(key));
  if (boardId === MARKET_BOARD) return `/market/view/${k}`;
  if (boardId === GALLERY_BOARD) return `/gallery/view/${k}`;
  return `/board/${encodeURIComponent(boardId)}/view/${k}`;
}
