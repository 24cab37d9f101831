// The calls a first load makes before it can draw, for the route preloader (vite.config.ts) to
// send while the entry is still downloading: on a slow phone the page's answers then wait for the
// entry instead of the other way round (docs/performance.md). web/api/call.ts takes each answer
// for the same call once (earlyAnswer).
//
// The preloader is a classic script built from this function's source (firstCalls.toString()):
// it must use nothing from outside its own body. The bodies are those the pages send (with the
// same keys); a call that differs only costs the server an answer nobody reads, and the pages'
// address forms with a search or filters are left out. e2e/phone-speed.e2e.ts checks each page
// asks for nothing twice.

/** Where the preloader leaves its answers on window (web/api/early-answers.ts takes them). */
export const EARLY_ANSWERS = '__chalkakEarly';

/** A call: its path and its JSON body. */
export type FirstCall = [path: string, data: Record<string, string | number>];

/** The calls the shell and the page at `pathname` (with `search`, as in location) make first. */
export function firstCalls(pathname: string, search: string): FirstCall[] {
  // The shell's: the logo, the site's settings, the menu and the session.
  const calls: FirstCall[] = [
    ['/api/session/logo', {}],
    ['/api/session/site', {}],
    ['/api/menu/topMenu', {}],
    ['/api/session/info', {}],
  ];
  // As the pages read their numbers (shared/paths.ts pageParam): a whole number up to `max`, else
  // 0 here (the page would ask for another).
  const num = (raw: string | undefined, max: number) => {
    const n = Number(raw ?? 1);
    return Number.isInteger(n) && n >= 1 && n <= max ? n : 0;
  };
  const seg = (raw: string) => {
    try {
      return decodeURIComponent(raw);
    } catch {
      return '';
    }
  };
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  let m: RegExpExecArray | null;
  if (path === '/') {
    calls.push(['/api/home', {}]);
  } else if ((m = /^\/board\/([^/]+)\/([^/]+)\/list(?:\/([^/]+))?$/.exec(path)) && search === '') {
    const boardId = seg(m[1]!);
    const page = num(m[3], 1_000_000);
    if (boardId && page) {
      calls.push(['/api/board/info', { boardId }]);
      calls.push(['/api/board/list', { boardId, category: seg(m[2]!), page }]);
    }
  } else if ((m = /^\/board\/([^/]+)\/view\/(\d+)$/.exec(path))) {
    const boardId = seg(m[1]!);
    const key = num(m[2], 1_000_000);
    // The gallery's posts open on their own page; the site's pages seldom show comments.
    if (boardId && key && boardId !== 'gallery' && boardId !== 'market') {
      calls.push(['/api/board/view', { boardId, key }]);
      if (boardId !== 'site') calls.push(['/api/comment/list', { boardId, key }]);
    }
  } else if ((m = /^\/market\/(c\d{1,3})\/list(?:\/([^/]+))?$/.exec(path)) && search === '') {
    const page = num(m[2], 100_000);
    if (page) {
      calls.push(['/api/market/categories', {}]);
      calls.push(['/api/market/list', { category: m[1] === 'c0' ? 'all' : m[1]!, page }]);
    }
  } else if ((m = /^\/gallery\/view\/(\d+)$/.exec(path))) {
    const galleryKey = Number(m[1]);
    if (Number.isSafeInteger(galleryKey) && galleryKey >= 1) {
      calls.push(['/api/gallery/view', { galleryKey }]);
      calls.push(['/api/comment/list', { boardId: 'gallery', key: galleryKey }]);
    }
  }
  return calls;
}
