// Every route of the site (docs/product/site.md#screens-and-addresses) and the admin routes. Each page is its
// own lazy chunk; the shell re-creates the page whenever the path changes.
import type { ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { lazyPage } from './app/lazy-page';
import { buildPath } from './shared/paths';
import { Shell } from './app/shell';

export interface RouteDef {
  name: string;
  path: string;
  page: ComponentType;
}

export const routeTable = [
  { name: 'index', path: '/', page: lazyPage(() => import('./features/home/index-page')) },
  { name: 'errorPage', path: '/error/:message', page: lazyPage(() => import('./features/message/error-page')) },
  { name: 'infoPage', path: '/info/:message', page: lazyPage(() => import('./features/message/info-page')) },
  { name: 'joinPage', path: '/user/join', page: lazyPage(() => import('./features/join/join-page')) },
  { name: 'userSpace', path: '/space/:userId', page: lazyPage(() => import('./features/space/user-space-page')) },
  { name: 'userSpaceBoard', path: '/space/:userId/board/:page?', page: lazyPage(() => import('./features/space/user-space-board-page')) },
  { name: 'userSpaceGallery', path: '/space/:userId/gallery/:page?', page: lazyPage(() => import('./features/space/user-space-gallery-page')) },
  { name: 'userSpaceMarket', path: '/space/:userId/market/:page?', page: lazyPage(() => import('./features/space/user-space-market-page')) },
  { name: 'userSpaceComment', path: '/space/:userId/comment/:page?', page: lazyPage(() => import('./features/space/user-space-comment-page')) },
  { name: 'userSpaceMuseum', path: '/space/:userId/museum/:page?', page: lazyPage(() => import('./features/space/user-space-museum-page')) },
  { name: 'userSpaceMuseumShow', path: '/space/:userId/museum/show/:galleryKey?', page: lazyPage(() => import('./features/space/user-space-museum-show-page')) },
  { name: 'userNiceCheck', path: '/user/nice/check', page: lazyPage(() => import('./features/identity/user-nice-check-page')) },
  { name: 'userNiceSuccess', path: '/user/nice/success', page: lazyPage(() => import('./features/identity/user-nice-success-page')) },
  { name: 'userNiceFail', path: '/user/nice/fail', page: lazyPage(() => import('./features/identity/user-nice-fail-page')) },
  { name: 'emailVerify', path: '/user/email/verify', page: lazyPage(() => import('./features/account/verify-email-page')) },
  { name: 'passwordResetLink', path: '/user/password/reset', page: lazyPage(() => import('./features/account/reset-link-page')) },
  { name: 'oauthComplete', path: '/user/oauth/complete', page: lazyPage(() => import('./features/oauth/oauth-complete-page')) },
  { name: 'favoritePage', path: '/favorite/list/:page?', page: lazyPage(() => import('./features/favorites/favorite-page')) },
  { name: 'secondStep', path: '/user/two-step', page: lazyPage(() => import('./features/two-step/second-step-page')) },
  { name: 'twoStepSettings', path: '/user/two-step/settings', page: lazyPage(() => import('./features/two-step/two-step-settings-page')) },
  { name: 'setupLink', path: '/user/setup', page: lazyPage(() => import('./features/two-step/setup-link-page')) },
  { name: 'notifySettings', path: '/notify/settings', page: lazyPage(() => import('./features/notify/notify-settings-page')) },
  { name: 'passkeys', path: '/user/passkeys', page: lazyPage(() => import('./features/passkeys/passkeys-page')) },
  { name: 'ignoredMembers', path: '/user/ignored/:page?', page: lazyPage(() => import('./features/ignores/ignored-page')) },
  { name: 'myGear', path: '/user/gear', page: lazyPage(() => import('./features/gear/my-gear-page')) },
  { name: 'boardAllList', path: '/all/list/:page?', page: lazyPage(() => import('./features/boards/board-all-list-page')) },
  { name: 'boardTopicAllList', path: '/all/topic/:page?', page: lazyPage(() => import('./features/boards/board-topic-all-list-page')) },
  { name: 'boardList', path: '/board/:id/:category/list/:page?', page: lazyPage(() => import('./features/boards/board-list-page')) },
  { name: 'boardSummary', path: '/board/:id/summary', page: lazyPage(() => import('./features/boards/board-summary-page')) },
  { name: 'boardView', path: '/board/:id/view/:key', page: lazyPage(() => import('./features/boards/board-view-page')) },
  { name: 'boardEdit', path: '/board/:id/edit/:key', page: lazyPage(() => import('./features/boards/board-edit-page')) },
  { name: 'boardWrite', path: '/board/:id/write', page: lazyPage(() => import('./features/boards/board-write-page')) },
  { name: 'letterReceive', path: '/letter/receive/:page?', page: lazyPage(() => import('./features/letters/letter-receive-page')) },
  { name: 'letterSend', path: '/letter/send/:page?', page: lazyPage(() => import('./features/letters/letter-send-page')) },
  { name: 'productList', path: '/info/:type/:company/list/:page?', page: lazyPage(() => import('./features/products/product-list-page')) },
  { name: 'productView', path: '/info/view/:product', page: lazyPage(() => import('./features/products/product-view-page')) },
  { name: 'marketPriceTrace', path: '/market/trace/:productKey', page: lazyPage(() => import('./features/market/market-price-trace-page')) },
  { name: 'marketList', path: '/market/:category/list/:page?', page: lazyPage(() => import('./features/market/market-list-page')) },
  { name: 'marketAlerts', path: '/user/market-alerts', page: lazyPage(() => import('./features/market/market-alerts-page')) },
  { name: 'marketWrite', path: '/market/write', page: lazyPage(() => import('./features/market/market-write-page')) },
  { name: 'marketEdit', path: '/market/edit/:key', page: lazyPage(() => import('./features/market/market-edit-page')) },
  { name: 'marketView', path: '/market/view/:key', page: lazyPage(() => import('./features/market/market-view-page')) },
  { name: 'myGalleryList', path: '/gallery/my/list', page: lazyPage(() => import('./features/gallery/my-gallery-list-page')) },
  { name: 'watermarkSettings', path: '/gallery/my/watermark', page: lazyPage(() => import('./features/watermark/watermark-settings-page')) },
  { name: 'galleryView', path: '/gallery/view/:galleryKey', page: lazyPage(() => import('./features/gallery/gallery-view-page')) },
  { name: 'todayPhotoList', path: '/today/photo/list/:page?', page: lazyPage(() => import('./features/today/today-photo-list-page')) },
  { name: 'donateThanks', path: '/donate/thanks', page: lazyPage(() => import('./features/donations/donate-thanks-page')) },
  { name: 'siteSearch', path: '/search', page: lazyPage(() => import('./features/search/search-page')) },
  { name: 'adminHome', path: '/system', page: lazyPage(() => import('./features/admin/dashboard/dashboard-page')) },
  { name: 'auditManage', path: '/system/audit/list', page: lazyPage(() => import('./features/admin/audit/audit-manage-page')) },
  { name: 'boardManage', path: '/system/board/list', page: lazyPage(() => import('./features/admin/boards/board-manage-page')) },
  { name: 'programManage', path: '/system/program/list', page: lazyPage(() => import('./features/admin/programs/program-manage-page')) },
  { name: 'communityManage', path: '/system/setup/info', page: lazyPage(() => import('./features/admin/community/community-manage-page')) },
  { name: 'menuManage', path: '/system/menu/list', page: lazyPage(() => import('./features/admin/menus/menu-manage-page')) },
  { name: 'userManage', path: '/system/user/list', page: lazyPage(() => import('./features/admin/users/user-manage-page')) },
  { name: 'productManage', path: '/system/product/list', page: lazyPage(() => import('./features/admin/products/product-manage-page')) },
  { name: 'productMapManage', path: '/system/product/map/list', page: lazyPage(() => import('./features/admin/product-maps/product-map-manage-page')) },
  { name: 'productExifManage', path: '/system/product/exif/list', page: lazyPage(() => import('./features/admin/product-exif/product-exif-manage-page')) },
  { name: 'donateManage', path: '/system/donate/list', page: lazyPage(() => import('./features/admin/donations/donate-manage-page')) },
  { name: 'reportManage', path: '/system/report/list', page: lazyPage(() => import('./features/admin/reports/report-manage-page')) },
  { name: 'logoManage', path: '/system/logo/list', page: lazyPage(() => import('./features/admin/logos/logo-manage-page')) },
  { name: 'todayPhotoManage', path: '/system/todayphoto/list', page: lazyPage(() => import('./features/admin/today/today-photo-manage-page')) },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof routeTable)[number]['name'];

const NotFound = lazyPage(() => import('./ui/not-found-page'));
/** A market item opened by its post address goes to the item page. */
const MarketBoardRedirect = lazyPage(() => import('./features/market/market-board-redirect'));

export const routeObjects: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      ...routeTable.map(({ name, path, page: Page }) => ({ id: name, path, element: <Page /> })),
      { id: 'marketBoardView', path: '/board/market/view/:key', element: <MarketBoardRedirect /> },
      { id: 'notFound', path: '*', element: <NotFound /> },
    ],
  },
];

/** The path of a named route with its parameters filled in; optional ones may be left out. */
export function pathOf(name: RouteName, params: Record<string, string | number | undefined> = {}): string {
  const route = routeTable.find((r) => r.name === name);
  if (!route) throw new Error(`unknown route ${name}`);
  return buildPath(route.path, params);
}

/** The routes, rendered inside a BrowserRouter (declarative mode keeps the first load small). */
export function AppRoutes() {
  return useRoutes(routeObjects);
}
