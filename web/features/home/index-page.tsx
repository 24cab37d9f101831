// index (/): the club's front door.
import { Link } from 'react-router';
import { SITE_FALLBACK, useSite } from '../../app/api/site';
import { InlineLogin } from '../../app/inline-login';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';

const SECTIONS = [
  { to: '/board/free/c0/list', icon: 'pi pi-comments', title: ko.home.freeBoard, desc: ko.home.freeBoardDesc },
  { to: '/all/list', icon: 'pi pi-list', title: ko.home.allList, desc: ko.home.allListDesc },
  { to: '/all/topic', icon: 'pi pi-star', title: ko.home.topic, desc: ko.home.topicDesc },
  { to: '/today/photo/list', icon: 'pi pi-image', title: ko.home.todayPhoto, desc: ko.home.todayPhotoDesc },
  { to: '/board/manual/c0/list', icon: 'pi pi-question-circle', title: ko.home.help, desc: ko.home.helpDesc },
] as const;

export default function IndexPage() {
  useDocumentTitle('');
  // The tagline the community setup gives (the footer shows the same).
  const tagline = (useSite().data ?? SITE_FALLBACK).tagline;
  return (
    <div className="home has-aside">
      <div className="home-main">
        <section className="home-hero">
          <h1>
            <i className="pi pi-camera" aria-hidden="true" /> {ko.home.heading}
          </h1>
          <p className="home-intro">{ko.site.intro}</p>
          {tagline && <p className="home-tagline">{tagline}</p>}
        </section>
        <section aria-labelledby="home-sections">
          <h2 id="home-sections" className="section-title">
            {ko.home.sections}
          </h2>
          <ul className="home-cards">
            {SECTIONS.map((s) => (
              <li key={s.to}>
                <Link to={s.to} className="home-card">
                  <i className={s.icon} aria-hidden="true" />
                  <span className="home-card-title">{s.title}</span>
                  <span className="home-card-desc">{s.desc}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="home-hint keyboard-only">
            <i className="pi pi-info-circle" aria-hidden="true" /> {ko.home.shortcuts}
          </p>
        </section>
      </div>
      {/* Visitors log in here; members see the welcome line, their buttons and logout (SPEC §2). */}
      <aside className="home-aside">
        <InlineLogin title={ko.login.boxTitle} />
      </aside>
    </div>
  );
}
