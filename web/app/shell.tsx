// The app shell: header, menu, the current page (lazy, re-created whenever the path changes),
// footer, and the global toast, confirmation, loading overlay and dialogs.
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { registerNavigate } from '../api/navigate';
import { ko } from '../i18n/ko';
import { ConfirmHost } from '../ui/confirm-host';
import { LoadingOverlay } from '../ui/loading-overlay';
import { toastStore } from '../ui/toast-store';
import { fetchSessionInfo } from '../shared/api/session-info';
import { Footer } from './footer';
import { PageErrorBoundary } from './route-error';
import { Header } from './header';
import { useLoginPopupOpen } from '../shared/login-popup-store';
import { sessionStore } from '../shared/session-store';
import { openMyInfoRechecked, useAccountDialog } from '../shared/account-dialog-store';
import { useMenu } from './use-menu';
import { useWideScreen } from '../shared/use-media';
import { useEver } from './use-ever';
import { useScrollRestore } from './use-scroll-restore';
import { unreadDrawer, useUnreadDrawer } from '../shared/unread-drawer-store';
import { useShortcuts } from './use-shortcuts';
import { composeLetter, useComposeLetter } from '../shared/compose-letter-store';
import { updateStore } from './update-store';
import './sign-in-ways';

// Dialogs and the drawer load when first opened, keeping the first page load small.
const LoginPopup = lazy(() => import('./login-popup'));
const MenuDrawer = lazy(() => import('./menu-drawer'));
const MyInfoDialog = lazy(() => import('../features/account/my-info-dialog'));
const PasswordResetDialog = lazy(() => import('../features/account/password-reset-dialog'));
const UnreadLettersDrawer = lazy(() => import('../features/letters/unread-letters-drawer'));
const AlarmsDrawer = lazy(() => import('../features/letters/alarms-drawer'));
const ComposeDialog = lazy(() => import('../features/letters/compose-dialog').then((m) => ({ default: m.ComposeDialog })));
// The menu bar's code loads while the menu itself is being fetched; the toast layer on the
// first message.
const TopMenuBar = lazy(() => import('./top-menu'));
const ToastHost = lazy(() => import('../ui/toast-host'));
// The new-version bar, once a new version waits (service-worker.ts).
const UpdatePrompt = lazy(() => import('./update-prompt'));
const hasUpdate = () => updateStore.get() !== null;
const hasToasts = () => toastStore.getMessages().length > 0;

let sessionLoaded = false;

export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      {ko.common.loading}
    </div>
  );
}

const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

export function Shell() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const wide = useWideScreen();
  const [drawer, setDrawer] = useState(false);
  const { entries, groups } = useMenu();
  const drawerNeeded = useEver(drawer);
  const popupNeeded = useEver(useLoginPopupOpen());
  const accountDialog = useAccountDialog();
  const myInfoNeeded = useEver(accountDialog === 'myInfo');
  const resetNeeded = useEver(accountDialog === 'reset');
  const unread = useUnreadDrawer();
  const lettersNeeded = useEver(unread === 'letters');
  const alarmsNeeded = useEver(unread === 'alarms');
  const compose = useComposeLetter();
  const composeNeeded = useEver(compose !== null);
  const toastNeeded = useEver(useSyncExternalStore(toastStore.subscribe, hasToasts));
  const updateNeeded = useEver(useSyncExternalStore(updateStore.subscribe, hasUpdate));

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
        else sessionStore.markKnown();
      })
      .catch(() => sessionStore.markKnown());
  }, []);

  // Back from my-info's re-check through Kakao or Naver (the server marked the session): my-info
  // opens without asking again, and the mark leaves the address.
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.get('recheck') !== 'done') return;
    params.delete('recheck');
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
    openMyInfoRechecked();
  }, [search, pathname, hash, navigate]);

  // Growing past the breakpoint closes the drawer (the menu bar takes over).
  if (wide && drawer) setDrawer(false);

  useScrollRestore();
  useShortcuts(entries);

  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {ko.site.skipToContent}
      </a>
      <Header showMenuButton={!wide} onMenu={() => setDrawer(true)} />
      {wide && (
        <Suspense fallback={<div className="top-menu top-menu-loading" />}>
          <TopMenuBar groups={groups} />
        </Suspense>
      )}
      {!wide && drawerNeeded && (
        <Suspense fallback={null}>
          <MenuDrawer open={drawer} onClose={() => setDrawer(false)} groups={groups} />
        </Suspense>
      )}
      <main id="main" className="site-main" tabIndex={-1}>
        <div key={pathname} className="page">
          <PageErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </div>
      </main>
      <Footer />
      <ConfirmHost />
      <LoadingOverlay />
      {/* One boundary each: a layer whose code is still loading (the toast layer on the first
          message) must not hide and re-mount an open dialog, which then stayed open after login. */}
      {popupNeeded && <Lazy><LoginPopup /></Lazy>}
      {myInfoNeeded && <Lazy><MyInfoDialog /></Lazy>}
      {resetNeeded && <Lazy><PasswordResetDialog /></Lazy>}
      {toastNeeded && <Lazy><ToastHost /></Lazy>}
      {updateNeeded && <Lazy><UpdatePrompt /></Lazy>}
      {lettersNeeded && <Lazy><UnreadLettersDrawer open={unread === 'letters'} onClose={unreadDrawer.close} /></Lazy>}
      {alarmsNeeded && <Lazy><AlarmsDrawer open={unread === 'alarms'} onClose={unreadDrawer.close} /></Lazy>}
      {composeNeeded && <Lazy><ComposeDialog init={compose} onHide={composeLetter.close} /></Lazy>}
    </div>
  );
}
