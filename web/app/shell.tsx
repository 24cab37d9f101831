// The app shell: header, menu, the current page (lazy, re-created whenever the path changes),
// footer, and the global toast, confirmation, loading overlay and dialogs.
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { registerNavigate } from '../api/navigate';
import { ko } from '../i18n/ko';
import { ConfirmHost } from '../ui/confirm';
import { LoadingOverlay } from '../ui/loading-overlay';
import { ToastHost } from '../ui/toast-host';
import { fetchSessionInfo } from './api/session-info';
import { Footer } from './footer';
import { Header } from './header';
import { LoginPopup } from './login-popup';
import { MenuDrawer } from './menu-drawer';
import { sessionStore } from './session-store';
import { StubDialogs } from './stub-dialogs';
import { TopMenuBar } from './top-menu';
import { useMenu } from './use-menu';
import { useWideScreen } from './use-media';
import { useScrollRestore } from './use-scroll-restore';
import { useShortcuts } from './use-shortcuts';

let sessionLoaded = false;

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      {ko.common.loading}
    </div>
  );
}

export function Shell() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wide = useWideScreen();
  const [drawer, setDrawer] = useState(false);
  const { entries, groups } = useMenu();

  useEffect(() => {
    registerNavigate((path) => void navigate(path));
    return () => registerNavigate(null);
  }, [navigate]);

  useEffect(() => {
    if (sessionLoaded) return;
    sessionLoaded = true;
    fetchSessionInfo()
      .then((user) => {
        if (user.logined && user.userId) sessionStore.setUser(user);
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    if (wide) setDrawer(false);
  }, [wide]);

  useScrollRestore();
  useShortcuts(entries);

  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {ko.site.skipToContent}
      </a>
      <Header showMenuButton={!wide} onMenu={() => setDrawer(true)} />
      {wide ? <TopMenuBar groups={groups} /> : <MenuDrawer open={drawer} onClose={() => setDrawer(false)} groups={groups} />}
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <div key={pathname} className="page">
            <Outlet />
          </div>
        </Suspense>
      </main>
      <Footer />
      <ToastHost />
      <ConfirmHost />
      <LoadingOverlay />
      <LoginPopup />
      <StubDialogs />
    </div>
  );
}
