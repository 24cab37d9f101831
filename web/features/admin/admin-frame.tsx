// The one layout every /system/... page shares (DESIGN §7 "Admin frame"): a side navigation of
// all admin pages (a drawer below 960 px), the page title, its actions and the content. Only an
// administrator sees it; visitors and members are sent to the site's error page (the server
// refuses every admin call anyway, this only spares them a broken screen).
import { Button } from 'primereact/button';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { useSessionInfo } from '../../app/api/session-info';
import { sessionStore, useSessionUser } from '../../app/session-store';
import { useWideScreen } from '../../app/use-media';
import { ko } from '../../i18n/ko';
import { AppDrawer } from '../../ui/app-drawer';
import { useDocumentTitle } from '../../ui/document-title';
import { ADMIN_PAGES, type AdminPageName } from './admin-nav';
import './admin.css';

const a = ko.admin;

/** The session as the server sees it now: 'admin', 'refused', or null while it is being asked. */
function useAdminAccess(): 'admin' | 'refused' | null {
  const info = useSessionInfo();
  const user = useSessionUser();
  const [seen, setSeen] = useState(false);
  // The shell asks for the session too; whichever answer lands first fills the store.
  useEffect(() => {
    if (info.data?.logined && info.data.userId) sessionStore.setUser(info.data);
  }, [info.data]);
  if (info.isError) return 'refused';
  if (!info.data) return null;
  if (!info.data.admin) return 'refused';
  if (user.admin) {
    if (!seen) setSeen(true);
    return 'admin';
  }
  // Not in the store yet (loading), or gone from it after a logout on this page.
  return seen ? 'refused' : null;
}

function AdminNav({ current, onPick }: { current: AdminPageName; onPick?: () => void }) {
  return (
    <ul className="admin-nav-list">
      {ADMIN_PAGES.map((p) => (
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
  /** The page's tools. Rendered only for an administrator, so their calls never run for others. */
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
  const access = useAdminAccess();
  const navigate = useNavigate();
  const wide = useWideScreen();
  const [drawer, setDrawer] = useState(false);
  const [slot, setSlot] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (access === 'refused') void navigate(`/error/${encodeURIComponent(a.adminOnly)}`, { replace: true });
  }, [access, navigate]);

  if (access !== 'admin') {
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
          <p className="admin-nav-title">{a.title}</p>
          <AdminNav current={page} />
        </nav>
      )}
      {!wide && (
        <AppDrawer visible={drawer} onHide={() => setDrawer(false)} position="left" header={a.title} style={{ width: '17rem', maxWidth: '85vw' }} className="admin-drawer">
          <nav aria-label={a.navLabel}>
            <AdminNav current={page} onPick={() => setDrawer(false)} />
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
