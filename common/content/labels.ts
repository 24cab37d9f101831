// Korean words the content renderer writes. The renderer runs on the server too, so these live
// here rather than in web/i18n/ko.ts.

export const CONTENT_TEXT = {
  auction: '경매',
  /** Shown before the browser starts the countdown: "2026-12-01 20:00:00 마감". */
  endsAt: '마감',
  remaining: '남음',
  ended: '종료',
  days: '일',
  market: '매물',
  won: '원',
  exhibit: '전시',
  /** ${boardId} of a board the reader may not read (or that does not exist): no name (the link keeps only the id its writer typed). */
  board: '게시판',
} as const;
