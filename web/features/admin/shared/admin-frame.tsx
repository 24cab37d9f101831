// The one layout every /system/... page shares (docs/product/admin.md#the-frame-and-who-may-enter): a side navigation of
// all admin pages (a drawer below 960 px), the page title, its actions and the content. Only an
// administrator sees it, and a board manager on the pages meant for them (the report queue, with
// only those pages in the navigation); visitors and members are sent to the site's error page
// (the server refuses every admin call anyway, this only spares them a broken screen).
import { Button } from 'primereact/button';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { useSessionInfo } from '../../../shared/api/session-info';
import { sessionStore, useSessionUser } from '../../../shared/session-store';
import { useWideScreen } from '../../../shared/use-media';
import { ko } from '../../../i18n/ko';
import { koAdmin } from '../texts';
import { AppDrawer } from '../../../ui/app-drawer';
import { useDocumentTitle } from '../../../ui/document-title';
import { ADMIN_PAGES, MANAGER_PAGES, type AdminPageName } from './admin-nav';
import { useManagedBoards } from './api/managed-boards';
import './admin.css';
import { errorPath, twoStepSettingsPath } from '../../../shared/paths';

const a = koAdmin;

type Access = 'admin' | 'manager' | 'gate' | 'refused';

/**
 * The session as the server sees it now: 'admin', 'manager' (a board manager on a page meant for
 * them), 'gate', 'refused', or null while it is being asked.
 */
function useAdminAccess(forManagers: boolean): Access | null {
  const info = useSessionInfo();
  const user = useSessionUser();
  const [seen, setSeen] = useState(false);
  const member = info.data?.logined === true && !info.data.admin;
  const managed = useManagedBoards(forManagers && member);
  // The shell asks for the session too; whichever answer lands first fills the store.
  useEffect(() => {
    if (info.data?.logined && info.data.userId) sessionStore.setUser(info.data);
  }, [info.data]);
  if (info.isError) return 'refused';
  if (!info.data) return null;
  if (!info.data.admin) {
    if (!forManagers || !member || managed.isError) return 'refused';
    if (!managed.data) return null;
    return managed.data.boards.length > 0 ? 'manager' : 'refused';
  }
  if (info.data.secondStep === 'needed') return 'gate';
  if (user.admin) {
    if (!seen) setSeen(true);
    return 'admin';
  }
  // Not in the store yet (loading), or gone from it after a logout on this page.
  return seen ? 'refused' : null;
}

function AdminNav({ current, onPick, manager }: { current: AdminPageName; onPick?: () => void; manager: boolean }) {
  const pages = manager ? ADMIN_PAGES.filter((p) => (MANAGER_PAGES as readonly string[]).includes(p.name)) : ADMIN_PAGES;
  return (
    <ul className="admin-nav-list">
      {pages.map((p) => (
        <li key={p.name}>
          <Link to={p.path} className="admin-nav-link" aria-current={p.name === current ? 'page' : undefined} onClick={onPick}>
            <i className={p.icon} aria-hidden="true" />
            <span>{ko.pages[p.name]}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export interface AdminFrameProps {
  page: AdminPageName;
  /** The page's tools. Rendered only for an administrator (or a board manager where the page lets them in), so their calls never run for others. */
  children: ReactNode;
}

const ActionsSlot = createContext<HTMLElement | null>(null);

/** Buttons beside the page title (새 제품, 카탈로그 업데이트 …), from inside the page's content. */
export function AdminActions({ children }: { children: ReactNode }) {
  const slot = useContext(ActionsSlot);
  return slot ? createPortal(children, slot) : null;
}

export function AdminFrame({ page, children }: AdminFrameProps) {
  const title = ko.pages[page];
  useDocumentTitle(title);
  const access = useAdminAccess((MANAGER_PAGES as readonly string[]).includes(page));
  const manager = access === 'manager';
  const navigate = useNavigate();
  const wide = useWideScreen();
  const [drawer, setDrawer] = useState(false);
  const [slot, setSlot] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (access === 'refused') void navigate(errorPath(a.adminOnly), { replace: true });
    // An administrator whose sign-in has not passed a second step is led to set one up (decision 42).
    if (access === 'gate') void navigate(twoStepSettingsPath, { replace: true });
  }, [access, navigate]);

  if (access !== 'admin' && access !== 'manager') {
    return (
      <div className="page-loading" role="status">
        {ko.common.loading}
      </div>
    );
  }

  return (
    <div className="admin-frame">
      {wide && (
        <nav className="admin-nav" aria-label={a.navLabel}>
          <p className="admin-nav-title">{manager ? a.managerTitle : a.title}</p>
          <AdminNav current={page} manager={manager} />
        </nav>
      )}
      {!wide && (
        <AppDrawer visible={drawer} onHide={() => setDrawer(false)} position="left" header={manager ? a.managerTitle : a.title} style={{ width: '17rem', maxWidth: '85vw' }} className="admin-drawer">
          <nav aria-label={a.navLabel}>
            <AdminNav current={page} onPick={() => setDrawer(false)} manager={manager} />
          </nav>
        </AppDrawer>
      )}
      <div className="admin-body">
        <header className="admin-head">
          {!wide && (
            <Button type="button" icon="pi pi-sliders-h" outlined size="small" className="admin-nav-button" aria-label={a.openNav} aria-haspopup="dialog" onClick={() => setDrawer(true)} />
          )}
          <h1 className="admin-title">{title}</h1>
          <div className="admin-actions" ref={setSlot} />
        </header>
        <div className="admin-content">
          <ActionsSlot.Provider value={slot}>{children}</ActionsSlot.Provider>
        </div>
      </div>
    </div>
  );
}

/** An admin page whose tools are still to come, inside the frame. */
export function AdminComingSoon({ page }: { page: AdminPageName }) {
  return (
    <AdminFrame page={page}>
      <section className="notice admin-soon">
        <p>{ko.placeholder.body}</p>
        <p className="notice-sub">{ko.placeholder.detail}</p>
      </section>
    </AdminFrame>
  );
}
