// The footer: the community setup's links (site pages open in the app, other addresses as plain
// links) and the site name with its tagline. The usual links show until the setup arrives.
import { Link } from 'react-router';
import { linkKind } from '../../common/content/urls';
import { ko } from '../i18n/ko';
import { SITE_FALLBACK, useSite } from '../shared/api/site';

export function Footer() {
  const site = useSite().data ?? SITE_FALLBACK;
  // The default name reads as the full bilingual one; a renamed club shows its own.
  const name = site.siteName === SITE_FALLBACK.siteName ? ko.site.fullName : site.siteName;
  return (
    <footer className="site-footer">
      <nav aria-label={ko.footer.label}>
        <ul>
          {site.footerLinks.map((l, i) => (
            <li key={`${i}-${l.url}`}>
              {linkKind(l.url) === 'path' ? (
                <Link to={l.url}>{l.label}</Link>
              ) : (
                <a href={l.url} rel="noopener noreferrer">
                  {l.label}
                </a>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <p className="tagline">{site.tagline ? `${name} · ${site.tagline}` : name}</p>
    </footer>
  );
}
