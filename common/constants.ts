// Business constants (docs/product/README.md#numbers-worth-knowing, docs/product/site.md), shared by server and web.

export const SITE_TAGLINE = 'Since 2000';

/** One name for each cross-board list: the default menu's program names and the pages' titles. */
export const LIST_NAMES = { all: '전체 글', topic: '인기 글' } as const;

export const TOAST_LIFE_MS = 3000;
export const TOAST_RELEASE_MS = 200;
/** Where toasts move to the top of the screen (decision 0018). */
export const PHONE_TOAST_QUERY = '(max-width: 600px)';
export const SCROLL_RESTORE_MS = 300;
export const MENU_BREAKPOINT_PX = 960;
export const MENU_TYPEAHEAD_RESET_MS = 500;
export const QUICK_REPLY_ROWS = 3;

export const PASSWORD_MIN = 8;
export const STRENGTH_MEDIUM_MIN = 6;
export const STRENGTH_STRONG_MIN = 8;

/** Each text field of a request body may carry at most this many megabytes. */
export const FIELD_MAX_MB = 1;
export const FIELD_MAX_BYTES = FIELD_MAX_MB * 1024 * 1024;

export const LAYER = { modal: 1100, overlay: 1000, menu: 1000, tooltip: 1100, drawer: 999 } as const;

export const PAGE_SIZE = { board: 20, market: 20, letters: 20, comments: 100, gallery: 24, admin: 50 } as const;

/** Remember-me sessions last this long; others end when the browser closes or after idling. */
export const REMEMBER_DAYS = 30;
export const SESSION_IDLE_MINUTES = 120;

/** Marker at the start of an error message that asks the client to open the error page. */
export const FORWARD_MARKER = 'forward:';

/**
 * The footer's links when the setup has none of its own. Here rather than in api/admin-setup.ts
 * because every page's footer needs them and that file brings zod into the first load.
 */
export const DEFAULT_FOOTER_LINKS: ReadonlyArray<{ label: string; url: string }> = [
  { label: 'ABOUT', url: '/board/site/view/6' },
  { label: 'TERMS AND CONDITIONS', url: '/board/site/view/8' },
  { label: 'HISTORY', url: '/board/site/view/9' },
  { label: 'SPECIAL THANKS', url: '/board/site/view/7' },
  { label: 'DONATIONS', url: '/donate/thanks' },
  { label: 'HELP', url: '/board/manual/c0/list' },
];
