// Header (SPEC §2): menu icon on small screens, the site logo, an optional second logo with a
// tooltip and year label, and either the member's nickname with home and logout icons or a
// 로그인 link; for a member also the unread letter and alarm indicators.
import { Link } from 'react-router';
import { ko } from '../i18n/ko';
import { LevelStar } from '../ui/level-star';
import { useLogo } from './api/logo';
import { loginPopup } from './login-popup-store';
import SecondLogoImage from './second-logo';
import { logout } from './session-actions';
import { UnreadIndicators } from './unread-indicators';
import { useSessionUser } from './session-store';
import { ThemeMenuButton } from './theme-toggle';

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
  const space = `/space/${encodeURIComponent(user.userId)}`;
  return (
    <header className="site-header">
      <div className={user.logined ? 'header-inner member' : 'header-inner'}>
        {showMenuButton && (
          <button type="button" className="icon-link menu-button" aria-label={ko.header.openMenu} onClick={onMenu}>
            <i className="pi pi-bars" aria-hidden="true" />
          </button>
        )}
        <SiteLogo />
        <SecondLogo />
        <div className="header-user">
          {/* On a phone the choice lives in the drawer, leaving the header its room. */}
          {!showMenuButton && <ThemeMenuButton />}
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
