// Header (docs/product/site.md#header-and-footer): menu icon on small screens, the site logo, an optional second logo with a
// tooltip and year label (on small screens it is in the drawer, with its name), and either the
// member's nickname with home and logout icons or a 로그인 link; for a member also the unread
// letter and alarm indicators.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ko } from '../i18n/ko';
import { LevelStar } from '../ui/level-star';
import { useLogo } from '../shared/api/logo';
import { loginPopup } from '../shared/login-popup-store';
import SecondLogoImage from './second-logo';
import { logout } from '../shared/session-actions';
import { UnreadIndicators } from './unread-indicators';
import { HeaderSearch, HeaderSearchToggle } from './header-search';
import { useLiveUpdates } from './live';
import { useSessionUser } from '../shared/session-store';
import { spacePath } from '../shared/paths';

// The theme menu (PrimeReact's Menu) is a wide screen's only: a phone's entry does without it.
const ThemeMenuButton = lazy(() => import('./theme-toggle').then((m) => ({ default: m.ThemeMenuButton })));

function SecondLogo() {
  const { data } = useLogo();
  if (!data || !data.image) return null;
  return <SecondLogoImage logo={data} />;
}

/** The site logo, or today's replacement from the logo admin (a holiday logo), still leading home. */
function SiteLogo() {
  const main = useLogo().data?.main;
  return (
    <Link to="/" className="site-logo" aria-label={ko.site.logoAlt} title={main?.name || undefined}>
      <img src={main?.image || '/logo.svg'} alt={ko.site.logoAlt} />
    </Link>
  );
}

export function Header({ showMenuButton, onMenu }: { showMenuButton: boolean; onMenu: () => void }) {
  const user = useSessionUser();
  const space = spacePath(user.userId);
  // The tab's live stream (counts, drawers, an open auction): one per tab, and the header is.
  useLiveUpdates();
  return (
    <header className="site-header">
      <div className={user.logined ? 'header-inner member' : 'header-inner'}>
        {showMenuButton && (
          <button type="button" className="icon-link menu-button" aria-label={ko.header.openMenu} onClick={onMenu}>
            <i className="pi pi-bars" aria-hidden="true" />
          </button>
        )}
        <SiteLogo />
        {/* On a phone the bare badge would explain nothing (no tooltip there): the drawer shows it
            with its name. */}
        {!showMenuButton && <SecondLogo />}
        <div className="header-user">
          {/* The site search on every page: a field on a wide screen, an icon on a phone. */}
          {showMenuButton ? <HeaderSearchToggle /> : <HeaderSearch />}
          {/* On a phone the choice lives in the drawer, leaving the header its room. */}
          {!showMenuButton && (
            // Its room is kept while its code loads, so nothing beside it moves.
            <Suspense fallback={<span className="icon-link" aria-hidden="true" />}>
              <ThemeMenuButton />
            </Suspense>
          )}
          {user.logined ? (
            <>
              <UnreadIndicators />
              {/* The nickname also leads to the member's space: on a phone it stands in for the
                  home icon, which gives its room to the nickname. */}
              <Link to={space} className="nick" title={ko.header.mySpace}>
                <LevelStar levelKey={user.levelKey} />
                {user.nickName}
                <span className="nick-suffix">{ko.header.nickSuffix}</span>
              </Link>
              <Link to={space} className="icon-link header-home" aria-label={ko.header.mySpace} title={ko.header.mySpace}>
                <i className="pi pi-home" aria-hidden="true" />
              </Link>
              <button
                type="button"
                className="icon-link"
                aria-label={ko.header.logout}
                title={ko.header.logout}
                onClick={async () => {
                  await logout();
                  window.location.assign('/');
                }}
              >
                <i className="pi pi-sign-out" aria-hidden="true" />
              </button>
            </>
          ) : (
            <button type="button" className="login-link" onClick={() => loginPopup.open()}>
              <i className="pi pi-sign-in" aria-hidden="true" /> {ko.header.login}
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
