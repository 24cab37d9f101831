// Every admin page, in the order of the admin side navigation (route names = SPEC route names).
import type { PageName } from '../../i18n/ko';

export const ADMIN_PAGES = [
  { name: 'adminHome', path: '/system', icon: 'pi pi-home' },
  { name: 'boardManage', path: '/system/board/list', icon: 'pi pi-list' },
  { name: 'programManage', path: '/system/program/list', icon: 'pi pi-th-large' },
  { name: 'communityManage', path: '/system/setup/info', icon: 'pi pi-cog' },
  { name: 'menuManage', path: '/system/menu/list', icon: 'pi pi-bars' },
  { name: 'userManage', path: '/system/user/list', icon: 'pi pi-users' },
  { name: 'productManage', path: '/system/product/list', icon: 'pi pi-camera' },
  { name: 'productMapManage', path: '/system/product/map/list', icon: 'pi pi-link' },
  { name: 'donateManage', path: '/system/donate/list', icon: 'pi pi-heart' },
  { name: 'reportManage', path: '/system/report/list', icon: 'pi pi-flag' },
  { name: 'logoManage', path: '/system/logo/list', icon: 'pi pi-image' },
  { name: 'todayPhotoManage', path: '/system/todayphoto/list', icon: 'pi pi-sun' },
  { name: 'auditManage', path: '/system/audit/list', icon: 'pi pi-history' },
] as const satisfies ReadonlyArray<{ name: PageName; path: string; icon: string }>;

export type AdminPageName = (typeof ADMIN_PAGES)[number]['name'];
