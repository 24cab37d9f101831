import { Link } from 'react-router';
import { SITE_TAGLINE } from '../../common/constants';
import { ko } from '../i18n/ko';

const LINKS = [
  { to: '/board/site/view/6', label: ko.footer.about },
  { to: '/board/site/view/8', label: ko.footer.terms },
  { to: '/board/site/view/9', label: ko.footer.history },
  { to: '/board/site/view/7', label: ko.footer.thanks },
  { to: '/donate/thanks', label: ko.footer.donations },
  { to: '/board/manual/c0/list', label: ko.footer.help },
] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label={ko.footer.label}>
        <ul>
          {LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="tagline">
        {ko.site.fullName} · {SITE_TAGLINE}
      </p>
    </footer>
  );
}
