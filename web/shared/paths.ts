// Every address the web app links or navigates to, in one place (the route table is web/routes.tsx).
// Reading a feature's own searches and filters back from an address stays with the feature, in its
// route-params.ts; the page number every list reads is here.
import type { SEARCH_FIELDS } from '../../common/api/boards';

const seg = (v: string | number) => encodeURIComponent(String(v));
/** '' on page 1, '/{page}' after it: page 1 has no page segment. */
const pageSeg = (page: number) => (page > 1 ? `/${page}` : '');

/** Fills a route pattern such as '/board/:id/:category/list/:page?' with values. */
export function buildPath(pattern: string, params: Record<string, string | number | undefined>): string {
  const parts = pattern.split('/').flatMap((part) => {
    if (!part.startsWith(':')) return [part];
    const optional = part.endsWith('?');
    const key = part.slice(1, optional ? -1 : undefined);
    const value = params[key];
    if (value === undefined || value === '') {
      if (optional) return [];
      throw new Error(`missing route parameter ${key}`);
    }
    return [encodeURIComponent(String(value))];
  });
  return parts.join('/') || '/';
}

/** A page number from the address: 1 when missing or not a whole number from 1 to max. */
export function pageParam(raw: string | undefined, max = 100_000): number {
  const n = Number(raw ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : 1;
}

// Site pages.
export const errorPath = (message: string) => `/error/${seg(message)}`;
export const joinPath = '/user/join';
export const niceCheckPath = '/user/nice/check';
export const donateThanksPath = (year: number) => `/donate/thanks?year=${year}`;

// Posts, wherever they are listed (board lists, the all lists, a member's space). Posts of the
// marketplace and gallery boards open on their own pages (docs/product/boards.md).
export function postPath(boardId: string, key: number): string {
  if (boardId === 'market') return marketViewPath(key);
  if (boardId === 'gallery') return galleryViewPath(key);
  return boardViewPath(boardId, key);
}

/** What a list link hands to the post view, so 목록 returns to the same page and search. */
export interface FromList {
  listPath: string;
}

// Boards.
export type SearchField = (typeof SEARCH_FIELDS)[number];

export interface ListSearch {
  q: string;
  field: SearchField;
  /** The search's slice: posts with keys below this one (absent: from the newest post). */
  before?: number | undefined;
}

/** /board/{id}/{category}/list/{page?}?q=…&field=… */
export function boardListPath(boardId: string, category = 'c0', page = 1, search?: ListSearch | null): string {
  return `/board/${seg(boardId)}/${seg(category)}/list${pageSeg(page)}` + searchQuery(search);
}

function searchQuery(search?: ListSearch | null): string {
  if (!search || search.q === '') return '';
  const params = new URLSearchParams({ q: search.q });
  if (search.field !== 'all') params.set('field', search.field);
  if (search.before) params.set('before', String(search.before));
  return `?${params.toString()}`;
}

export const boardViewPath = (boardId: string, key: number) => `/board/${seg(boardId)}/view/${seg(key)}`;
export const writePath = (boardId: string) => `/board/${seg(boardId)}/write`;
export const editPath = (boardId: string, key: number) => `/board/${seg(boardId)}/edit/${seg(key)}`;
export const summaryPath = (boardId: string) => `/board/${seg(boardId)}/summary`;
/** The lists of every board: '/all/list' (new posts) and '/all/topic' (topics). */
export const allListPath = '/all/list';
export const topicListPath = '/all/topic';

// The market, its list's filters kept in the query string so back/forward and a shared link keep them.
export interface ListFilters {
  q?: string;
  status?: string;
  region?: string;
  min?: number;
  max?: number;
  auction?: boolean;
  /** The product's key, and its name for the chip (not sent to the server). */
  product?: string;
  productName?: string;
  /** 'wanted': the 삽니다 list (items for sale when absent). */
  kind?: string;
}

function filterSearch(f: ListFilters): string {
  const p = new URLSearchParams();
  if (f.kind) p.set('kind', f.kind);
  if (f.q) p.set('q', f.q);
  if (f.status) p.set('status', f.status);
  if (f.region) p.set('region', f.region);
  if (f.min !== undefined) p.set('min', String(f.min));
  if (f.max !== undefined) p.set('max', String(f.max));
  if (f.auction) p.set('auction', '1');
  if (f.product) {
    p.set('product', f.product);
    if (f.productName) p.set('pn', f.productName);
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const marketListPath = (category = 'c0', page = 1, f: ListFilters = {}) => `/market/${category}/list${pageSeg(page)}${filterSearch(f)}`;
export const marketViewPath = (key: number | string) => `/market/view/${seg(key)}`;
export const marketEditPath = (key: number) => `/market/edit/${key}`;
/** The member's price alerts (my-info links here). */
export const marketAlertsPath = '/user/market-alerts';
export const marketWritePath = (kind?: 'wanted') => (kind ? `/market/write?kind=${kind}` : '/market/write');
/** The market's price trace of a product. */
export const priceTracePath = (productKey: string) => `/market/trace/${seg(productKey)}`;

// Products.
/** /info/{type}/{company}/list/{page?}?search=… */
export function productListPath(type: string, company = 'all', page = 1, search = ''): string {
  const base = `/info/${seg(type)}/${seg(company)}/list${pageSeg(page)}`;
  const q = search.trim();
  return q === '' ? base : `${base}?${new URLSearchParams({ search: q }).toString()}`;
}
export const productViewPath = (productKey: string) => `/info/view/${seg(productKey)}`;

// Galleries.
export const galleryViewPath = (galleryKey: number) => `/gallery/view/${seg(galleryKey)}`;
export const myGalleryPath = '/gallery/my/list';
/** The member's watermark and credit for their gallery photos (my-info links here). */
export const watermarkSettingsPath = '/gallery/my/watermark';
/** The owner's manager with the edit form of one item open. */
export const galleryEditPath = (galleryKey: number) => `${myGalleryPath}?edit=${seg(galleryKey)}`;
export const galleryNewPath = `${myGalleryPath}?edit=new`;
export const todayListPath = (page = 1) => `/today/photo/list${pageSeg(page)}`;

// A member's space and museum.
export type SpaceTab = 'home' | 'board' | 'gallery' | 'market' | 'comment' | 'museum';

/** /space/{userId}, or /space/{userId}/{tab}/{page?} */
export function spacePath(userId: string, tab: SpaceTab = 'home', page = 1): string {
  const base = `/space/${seg(userId)}`;
  if (tab === 'home') return base;
  return `${base}/${tab}${pageSeg(page)}`;
}
export const spaceGalleryPath = (userId: string) => spacePath(userId, 'gallery');
export const museumPath = (userId: string, page = 1) => spacePath(userId, 'museum', page);
/** /space/{userId}/museum/show/{galleryKey?}: the slideshow, from an exhibit when given. */
export const museumShowPath = (userId: string, galleryKey?: number) => `/space/${seg(userId)}/museum/show${galleryKey ? `/${seg(galleryKey)}` : ''}`;

// The admin pages (the side navigation lists them in web/features/admin/shared/admin-nav.ts).
export const adminPaths = {
  adminHome: '/system',
  boardManage: '/system/board/list',
  programManage: '/system/program/list',
  communityManage: '/system/setup/info',
  menuManage: '/system/menu/list',
  userManage: '/system/user/list',
  productManage: '/system/product/list',
  productMapManage: '/system/product/map/list',
  productExifManage: '/system/product/exif/list',
  donateManage: '/system/donate/list',
  reportManage: '/system/report/list',
  logoManage: '/system/logo/list',
  todayPhotoManage: '/system/todayphoto/list',
  auditManage: '/system/audit/list',
} as const;

// Letters and scraps.
export type LetterBox = 'receive' | 'send';
export const letterBoxPath = (box: LetterBox = 'receive', page = 1) => `/letter/${box}${pageSeg(page)}`;
export const favoriteListPath = (page = 1) => `/favorite/list${pageSeg(page)}`;
/** The member's notification settings (docs/product/notifications.md); mails link here too. */
export const notifySettingsPath = '/notify/settings';
/** The member's passkeys (docs/product/sign-in.md#passkeys); my-info links here. */
export const passkeysPath = '/user/passkeys';
/** The members the caller ignores (decision 46); my-info links here. */
export const ignoredPath = (page = 1) => `/user/ignored${pageSeg(page)}`;
/** Two-step sign-in (docs/product/sign-in.md#two-step-sign-in): my-info and the admin gate lead here. */
export const twoStepSettingsPath = '/user/two-step/settings';
/** The member's gear (docs/product/gear.md): my-info and their space link here. */
export const myGearPath = '/user/gear';
/** 팔기 on a gear entry: the market's write form filled from the product (market/product-prefill.ts). */
export const sellPath = (productKey: string) => `/market/write?product=${encodeURIComponent(productKey)}`;

/** The site search (docs/product/search.md): /search?q=…, one kind's pages with &kind=…&page=…. */
export function siteSearchPath(q: string, kind?: string, page = 1): string {
  const p = new URLSearchParams({ q: q.trim() });
  if (kind) p.set('kind', kind);
  if (kind && page > 1) p.set('page', String(page));
  return `/search?${p.toString()}`;
}
