// Every admin page, in the order of the admin side navigation (route names = those of web/routes.tsx).
import type { PageName } from '../../../i18n/ko';
import { adminPaths } from '../../../shared/paths';

export const ADMIN_PAGES = [
  { name: 'adminHome', path: adminPaths.adminHome, icon: 'pi pi-home' },
  { name: 'boardManage', path: adminPaths.boardManage, icon: 'pi pi-list' },
  { name: 'programManage', path: adminPaths.programManage, icon: 'pi pi-th-large' },
  { name: 'communityManage', path: adminPaths.communityManage, icon: 'pi pi-cog' },
  { name: 'menuManage', path: adminPaths.menuManage, icon: 'pi pi-bars' },
  { name: 'userManage', path: adminPaths.userManage, icon: 'pi pi-users' },
  { name: 'productManage', path: adminPaths.productManage, icon: 'pi pi-camera' },
  { name: 'productMapManage', path: adminPaths.productMapManage, icon: 'pi pi-link' },
  { name: 'productExifManage', path: adminPaths.productExifManage, icon: 'pi pi-tags' },
  { name: 'donateManage', path: adminPaths.donateManage, icon: 'pi pi-heart' },
  { name: 'reportManage', path: adminPaths.reportManage, icon: 'pi pi-flag' },
  { name: 'logoManage', path: adminPaths.logoManage, icon: 'pi pi-image' },
  { name: 'todayPhotoManage', path: adminPaths.todayPhotoManage, icon: 'pi pi-sun' },
  { name: 'auditManage', path: adminPaths.auditManage, icon: 'pi pi-history' },
] as const satisfies ReadonlyArray<{ name: PageName; path: string; icon: string }>;

export type AdminPageName = (typeof ADMIN_PAGES)[number]['name'];

/** The pages a board manager may open (their boards' reports; docs/product/board-managers.md). */
export const MANAGER_PAGES = ['reportManage'] as const satisfies readonly AdminPageName[];
