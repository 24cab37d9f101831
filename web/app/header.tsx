// Header (SPEC §2): menu icon on small screens, the site logo, an optional second logo with a
// tooltip and year label, and either the member's nickname with home and logout icons or a
// 로그인 link.
import { Button } from 'primereact/button';
import { Tooltip } from 'primereact/tooltip';
import { Link } from 'react-router';
import { ko } from '../i18n/ko';
import { useLogo } from './api/logo';
import { loginPopup } from './login-popup-store';
import { logout } from './session-actions';
import { useSessionUser } from './session-store';

function SecondLogo() {
  const { data } = useLogo();
  if (!data || !data.image) return null;
  const img = <img src={data.image} alt={data.name} className="second-logo-img" />;
  return (
    <span className="second-logo">
      <Tooltip target=".second-logo-link" position="bottom" />
      {data.imageUrl ? (
        <a href={data.imageUrl} className="second-logo-link" data-pr-tooltip={data.name} aria-label={data.name}>
          {img}
        </a>
      ) : (
        <span className="second-logo-link" data-pr-tooltip={data.name} tabIndex={0}>
          {img}
        </span>
      )}
      {data.year && <span className="second-logo-year">{data.year}</span>}
    </span>
  );
}

export function Header({ showMenuButton, onMenu }: { showMenuButton: boolean; onMenu: () => void }) {
  const user = useSessionUser();
  return (
    <header className="site-header">
      <div className="header-inner">
        {showMenuButton && (
          <Button type="button" icon="pi pi-bars" text rounded aria-label={ko.header.openMenu} onClick={onMenu} className="menu-button" />
        )}
        <Link to="/" className="site-logo" aria-label={ko.site.logoAlt}>
          <img src="/logo.svg" alt={ko.site.logoAlt} />
        </Link>
        <SecondLogo />
        <div className="header-user">
          {user.logined ? (
            <>
              <span className="nick">
                {user.nickName}
                <span className="nick-suffix">{ko.header.nickSuffix}</span>
              </span>
              <Link to={`/space/${encodeURIComponent(user.userId)}`} className="icon-link" aria-label={ko.header.mySpace} title={ko.header.mySpace}>
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
