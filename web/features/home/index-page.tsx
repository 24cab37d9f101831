// index (/): the club's front door. Today's photo large, the newest gallery items, posts and
// market items, all from one call (/api/home); the login box and the ways around the site in the
// side column (under the main one on a phone). Built for a phone on a slow connection: the today
// photo is the only picture loaded at once (srcset, never the 2560 px file below 960 px, width and
// height so nothing moves), everything under it loads when scrolled near, and nothing heavy (no
// lightbox, no chart, no PrimeReact widget) is imported.
import { Link } from 'react-router';
import type { HomePage } from '../../../common/api/gallery';
import { formatNumber } from '../../../common/format';
import { SITE_FALLBACK, useSite } from '../../shared/api/site';
import { InlineLogin } from '../../ui/inline-login';
import { useSessionKnown, useSessionUser } from '../../shared/session-store';
import { useWithoutIgnored } from '../../shared/ignored';
import { FoldedTile, useFold } from '../../ui/ignored-fold';
import { ko } from '../../i18n/ko';
import { AuthorLink } from '../../ui/author-link';
import { useDocumentTitle } from '../../ui/document-title';
import { ExifLine } from '../../ui/exif-line';
import { formatListDate, useListNow } from '../../ui/list-date';
import { postPath, allListPath, boardListPath, galleryViewPath, marketListPath, marketViewPath, myGalleryPath, todayListPath, topicListPath } from '../../shared/paths';
import { ResponsivePhoto } from '../../ui/responsive-photo';
import { useHome } from './api/home';
import '../../ui/row-link.css';
import './home.css';
import { koHome, koHomeBoxes } from './texts';

const h = koHome;
const hb = koHomeBoxes;

const SECTIONS = [
  { to: boardListPath('free'), icon: 'pi pi-comments', title: h.freeBoard, desc: h.freeBoardDesc },
  { to: allListPath, icon: 'pi pi-list', title: h.allList, desc: h.allListDesc },
  { to: topicListPath, icon: 'pi pi-star', title: h.topic, desc: h.topicDesc },
  { to: todayListPath(), icon: 'pi pi-image', title: h.todayPhoto, desc: h.todayPhotoDesc },
  { to: boardListPath('manual'), icon: 'pi pi-question-circle', title: h.help, desc: h.helpDesc },
] as const;

/** The main column: the page less the 20rem login box and the gap from 960 px; else the screen. */
const TODAY_SIZES = '(min-width: 1232px) 860px, (min-width: 960px) calc(100vw - 23.5rem), calc(100vw - 2rem)';

type Today = NonNullable<HomePage['today']>;

export default function IndexPage() {
  useDocumentTitle('');
  // The tagline the community setup gives (the footer shows the same).
  const tagline = (useSite().data ?? SITE_FALLBACK).tagline;
  const home = useHome();
  const data = home.data;
  const failed = home.isError && !data;
  return (
    <div className="home has-aside">
      <div className="home-main">
        <section className="home-hero">
          <h1>
            <i className="pi pi-camera" aria-hidden="true" /> {h.heading}
          </h1>
          <p className="home-intro">{ko.site.intro}</p>
          {tagline && <p className="home-tagline">{tagline}</p>}
        </section>

        <TodayBox today={data?.today} pending={home.isPending} failed={failed} onRetry={() => void home.refetch()} />
        {failed ? null : (
          <>
            <GalleryBox items={data?.gallery} />
            <div className="home-columns">
              <PostsBox items={data?.posts} />
              <MarketBox items={data?.market} />
            </div>
          </>
        )}
      </div>
      {/* Visitors log in here; members see the welcome line, their buttons and logout (docs/product/members.md#logging-in-and-out).
          The ways around the site stand under it, so the side column on a wide screen is not a box above empty space. */}
      <aside className="home-aside">
        <InlineLogin title={ko.login.boxTitle} />
        <Sections />
      </aside>
    </div>
  );
}

function Sections() {
  return (
    <section className="home-sections" aria-labelledby="home-sections">
      <h2 id="home-sections" className="section-title">
        {h.sections}
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
        <i className="pi pi-info-circle" aria-hidden="true" /> {h.shortcuts}
      </p>
    </section>
  );
}

function BoxHead({ id, icon, title, more }: { id: string; icon: string; title: string; more?: { to: string; label: string } }) {
  return (
    <div className="home-box-head">
      <h2 id={id} className="section-title">
        <i className={icon} aria-hidden="true" /> {title}
      </h2>
      {more && (
        <Link to={more.to} className="home-more">
          {more.label} <i className="pi pi-angle-right" aria-hidden="true" />
        </Link>
      )}
    </div>
  );
}

function TodayBox({ today, pending, failed, onRetry }: { today: Today | null | undefined; pending: boolean; failed: boolean; onRetry: () => void }) {
  return (
    <section className="home-box home-today" aria-labelledby="home-today-title">
      <BoxHead id="home-today-title" icon="pi pi-sun" title={hb.todayTitle} more={today ? { to: todayListPath(), label: hb.todayMore } : undefined} />
      {pending ? (
        // The photo's place is kept while the answer comes, so nothing under it jumps.
        <div className="home-today-placeholder" aria-hidden="true" />
      ) : failed ? (
        <p className="home-state" role="alert">
          <i className="pi pi-exclamation-circle" aria-hidden="true" /> {hb.loadFailed}{' '}
          <button type="button" className="link-button" onClick={onRetry}>
            {hb.retry}
          </button>
        </p>
      ) : today ? (
        <TodayFigure today={today} />
      ) : (
        <p className="home-state home-today-empty">
          <i className="pi pi-sun" aria-hidden="true" /> {hb.todayFirst}
        </p>
      )}
    </section>
  );
}

/** `aspect-ratio` of a photo, for a fold that keeps the photo's place. */
const ratioOf = (p: { width: number; height: number }) => ({ aspectRatio: `${p.width} / ${p.height}` });

function TodayFigure({ today }: { today: Today }) {
  const to = galleryViewPath(today.galleryKey);
  // An ignored member's photo folds in the photo's place, not fetched until 보기 (decision 46).
  const { folded, waiting, show, focusShown } = useFold(today.author.userId);
  if (folded || waiting) {
    return (
      <div className="home-today-figure">
        <FoldedTile onShow={folded ? show : undefined} className="home-today-fold" style={ratioOf(today.photo)} />
      </div>
    );
  }
  return (
    // The whole figure opens the gallery item: the title's link is stretched over it (web/ui/row-link.css).
    <figure ref={focusShown} className="home-today-figure has-row-link">
      <div className="home-today-photo">
        <ResponsivePhoto photo={today.photo} alt={today.photo.caption || today.title} sizes={TODAY_SIZES} loading="eager" fetchPriority="high" />
      </div>
      <figcaption className="home-today-caption">
        <p className="home-today-title">
          <Link to={to} className="row-link" data-row-link>
            {today.title}
          </Link>
        </p>
        <p className="home-today-by">
          <span className="home-muted">{hb.photographer}</span> <AuthorLink author={today.author} />
          <span className="home-muted home-today-date">
            <time dateTime={today.date}>{today.date}</time>
          </span>
        </p>
        {today.note && <p className="home-today-note">{today.note}</p>}
        <ExifLine photo={today.photo} />
      </figcaption>
    </figure>
  );
}

// Ignored members' posts and items are left out of the small boxes; photos fold (decision 46).
const byAuthor = (i: { author: { userId: string } }) => i.author.userId;
const bySeller = (i: { seller: { userId: string } }) => i.seller.userId;

function GalleryBox({ items }: { items: HomePage['gallery'] | undefined }) {
  const me = useSessionUser();
  return (
    <section className="home-box" aria-labelledby="home-gallery-title">
      <BoxHead id="home-gallery-title" icon="pi pi-images" title={hb.galleryTitle} more={me.logined ? { to: myGalleryPath, label: hb.galleryMine } : undefined} />
      {!items ? (
        <div className="home-gallery-placeholder" aria-hidden="true" />
      ) : items.length === 0 ? (
        <p className="home-state">
          <i className="pi pi-images" aria-hidden="true" /> {hb.galleryEmpty}
        </p>
      ) : (
        <ul className="home-gallery" aria-label={hb.galleryLabel}>
          {items.map((g) => (
            <GalleryTile key={g.galleryKey} item={g} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A strip's tile; an ignored member's folds in its place, its thumbnail not fetched until 보기 (decision 46). */
function GalleryTile({ item: g }: { item: HomePage['gallery'][number] }) {
  const { folded, waiting, show, focusShown } = useFold(g.author.userId);
  if (folded || waiting) {
    return (
      <li>
        <FoldedTile onShow={folded ? show : undefined} className="home-gallery-fold" />
      </li>
    );
  }
  return (
    <li ref={focusShown}>
      <Link to={galleryViewPath(g.galleryKey)} className="home-gallery-item" data-row-link>
        {/* The 400 px thumbnail only: a strip of them must stay light on a phone. */}
        <img src={g.cover.thumbUrl} alt="" width={g.cover.width} height={g.cover.height} loading="lazy" decoding="async" />
        <span className="home-gallery-title">{g.title}</span>
        <span className="home-gallery-by">{g.author.nickName}</span>
      </Link>
    </li>
  );
}

function PostsBox({ items: all }: { items: HomePage['posts'] | undefined }) {
  const items = useWithoutIgnored(all, byAuthor);
  const now = useListNow();
  return (
    <section className="home-box" aria-labelledby="home-posts-title">
      <BoxHead id="home-posts-title" icon="pi pi-list" title={hb.postsTitle} more={{ to: allListPath, label: hb.postsMore }} />
      {!items ? (
        <div className="home-list-placeholder" aria-hidden="true" />
      ) : items.length === 0 ? (
        <p className="home-state">{hb.postsEmpty}</p>
      ) : (
        <ul className="home-list" aria-label={hb.postsLabel}>
          {items.map((p) => (
            <li key={p.key} className="has-row-link">
              <Link to={postPath(p.boardId, p.key)} className="row-link home-list-subject" data-row-link>
                {p.subject}
              </Link>
              {p.commentCount > 0 && (
                <span className="home-list-comments">
                  <span aria-hidden="true">[{formatNumber(p.commentCount)}]</span>
                  <span className="visually-hidden">{hb.comments(formatNumber(p.commentCount))}</span>
                </span>
              )}
              <span className="home-list-meta">
                <span className="home-list-board">{p.boardName}</span>
                <span>{p.author.nickName}</span>
                <time dateTime={p.createdAt}>{formatListDate(p.createdAt, now)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MarketBox({ items: all }: { items: HomePage['market'] | undefined }) {
  const items = useWithoutIgnored(all, bySeller);
  // An ignored seller's item is left out once the session's answer says so; no photo before (decision 46).
  const known = useSessionKnown();
  return (
    <section className="home-box" aria-labelledby="home-market-title">
      <BoxHead id="home-market-title" icon="pi pi-shopping-bag" title={hb.marketTitle} more={{ to: marketListPath(), label: hb.marketMore }} />
      {!items ? (
        <div className="home-list-placeholder" aria-hidden="true" />
      ) : items.length === 0 ? (
        <p className="home-state">{hb.marketEmpty}</p>
      ) : (
        <ul className="home-market" aria-label={hb.marketLabel}>
          {items.map((m) => {
            const price = m.auction ? (m.auction.currentPrice ?? m.price) : m.price;
            return (
              <li key={m.key}>
                <Link to={marketViewPath(m.key)} className="home-market-item">
                  {!known ? (
                    <span className="home-market-nophoto" aria-hidden="true" />
                  ) : m.thumbUrl ? (
                    <img src={m.thumbUrl} alt="" width={56} height={56} loading="lazy" decoding="async" />
                  ) : (
                    <span className="home-market-nophoto" role="img" aria-label={hb.noPhoto}>
                      <i className="pi pi-image" aria-hidden="true" />
                    </span>
                  )}
                  <span className="home-market-text">
                    <span className="home-market-subject">{m.subject}</span>
                    <span className="home-market-meta">
                      <strong className="home-market-price">{hb.won(formatNumber(price))}</strong>
                      {m.auction && <span className="home-tag">{hb.auction}</span>}
                      {m.status !== 'selling' && <span className="home-tag home-tag-muted">{hb.status[m.status] ?? m.status}</span>}
                      <span>{m.categoryName}</span>
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
