// A post's address wherever it is listed (board lists, the all lists, a member's space). Posts of
// the marketplace and gallery boards open on their own pages (SPEC §2).
const seg = (v: string | number) => encodeURIComponent(String(v));

export function postPath(boardId: string, key: number): string {
  if (boardId === 'market') return `/market/view/${seg(key)}`;
  if (boardId === 'gallery') return `/gallery/view/${seg(key)}`;
  return `/board/${seg(boardId)}/view/${seg(key)}`;
}

/** What a list link hands to the post view, so 목록 returns to the same page and search. */
export interface FromList {
  listPath: string;
}
