// The museum as a catalogue (userSpaceMuseum, docs/product/gallery.md#museum): each exhibit large, numbered in the
// member's order, with its title, the member's note and the EXIF line, a page at a time. The
// owner also gets "전시 편집" (loaded on demand) and everyone the slideshow.
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Exhibit } from '../../../../common/api/gallery';
import { formatNumber } from '../../../../common/format';
import { ko } from '../../../i18n/ko';
import { ExifLine } from '../../../ui/exif-line';
import { IgnoredFold } from '../../../ui/ignored-fold';
import { ListPager } from '../../../ui/list-pager';
import { ResponsivePhoto } from '../../../ui/responsive-photo';
import { useMuseumList } from './api/museum-list';
import { galleryViewPath, museumPath, museumShowPath } from '../../../shared/paths';
import '../../../ui/list-state.css';
import '../../../ui/row-link.css';
import './museum.css';
import { koMuseum } from './texts';

const t = koMuseum;
const MuseumEditor = lazy(() => import('./museum-editor'));

/** The catalogue's photo column: the whole content width on a phone, about 60% of 1200 px beside the text. */
const PHOTO_SIZES = '(min-width: 960px) 720px, calc(100vw - 2rem)';

/** `mine`: the space's owner is the caller (the server says so in the space's card). */
export function MuseumCatalogue({ userId, mine, page }: { userId: string; mine: boolean; page: number }) {
  const list = useMuseumList(userId, page);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // Closing the editor (saved or not) hands focus back to 전시 편집 (decision 17).
  const closeEditor = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const data = list.data;
  const offset = data ? (data.page - 1) * data.pageSize : 0;

  return (
    <section className="museum" aria-labelledby="museum-title">
      <header className="museum-head">
        <div>
          <h2 id="museum-title">{t.heading}</h2>
          <p className="museum-lead">
            {t.lead}
            {data && data.total > 0 && <span className="museum-count"> {t.count(formatNumber(data.total))}</span>}
          </p>
        </div>
        <div className="museum-actions">
          {data && data.total > 0 && (
            <Link to={museumShowPath(userId)} className="p-button p-component p-button-sm museum-play">
              <span className="p-button-icon p-button-icon-left pi pi-play" aria-hidden="true" />
              <span className="p-button-label">{t.play}</span>
            </Link>
          )}
          {mine && !editing && (
            <button ref={editButton} type="button" className="p-button p-component p-button-sm p-button-outlined" onClick={() => setEditing(true)}>
              <span className="p-button-icon p-button-icon-left pi pi-pencil" aria-hidden="true" />
              <span className="p-button-label">{t.edit}</span>
            </button>
          )}
        </div>
      </header>

      {mine && editing && (
        <Suspense fallback={<p className="list-state museum-state">{t.editor.loading}</p>}>
          <MuseumEditor userId={userId} onClose={closeEditor} />
        </Suspense>
      )}

      {list.isPending ? (
        <MuseumSkeleton />
      ) : list.isError && !data ? (
        <p className="list-state museum-state" role="alert">
          <i className="pi pi-exclamation-circle" aria-hidden="true" /> {t.loadFailed}{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            {t.retry}
          </button>
        </p>
      ) : data && data.items.length > 0 ? (
        // All the owner's photos: folded once when the reader ignores them (decision 46).
        <IgnoredFold userId={userId} what="photo">
          <ol className={list.isPlaceholderData ? 'museum-list is-stale' : 'museum-list'} aria-label={t.listLabel} start={offset + 1}>
            {data.items.map((e, i) => (
              <ExhibitEntry key={e.galleryKey} exhibit={e} n={offset + i + 1} userId={userId} first={i === 0} />
            ))}
          </ol>
        </IgnoredFold>
      ) : editing ? null : (
        <p className="list-state museum-state museum-empty">
          <i className="pi pi-images" aria-hidden="true" /> {mine ? t.emptyMine : t.empty}
        </p>
      )}

      {data && <ListPager page={page} pageSize={data.pageSize} total={data.total} hrefOf={(p) => museumPath(userId, p)} label={t.pager} />}
    </section>
  );
}

function ExhibitEntry({ exhibit, n, userId, first }: { exhibit: Exhibit; n: number; userId: string; first: boolean }) {
  const titleId = `exhibit-${exhibit.galleryKey}-title`;
  return (
    // The whole exhibit plays the slideshow from it: the 슬라이드쇼 link is stretched over it (web/ui/row-link.css).
    <li className="exhibit has-row-link" aria-labelledby={titleId}>
      <div className="exhibit-photo">
        <ResponsivePhoto photo={exhibit.photo} alt={exhibit.photo.caption || exhibit.title} sizes={PHOTO_SIZES} loading={first ? 'eager' : 'lazy'} />
      </div>
      <div className="exhibit-text">
        <p className="exhibit-no" aria-hidden="true">
          No. {formatNumber(n)}
        </p>
        <h3 id={titleId} className="exhibit-title">
          {exhibit.title}
        </h3>
        {exhibit.note && <p className="exhibit-note">{exhibit.note}</p>}
        <ExifLine photo={exhibit.photo} />
        <p className="exhibit-links">
          <Link to={museumShowPath(userId, exhibit.galleryKey)} className="row-link" data-row-link>
            <i className="pi pi-play" aria-hidden="true" /> {t.play}
            <span className="visually-hidden">: {exhibit.title}</span>
          </Link>
          <Link to={galleryViewPath(exhibit.galleryKey)}>
            <i className="pi pi-images" aria-hidden="true" /> {t.toGallery}
            <span className="visually-hidden">: {exhibit.title}</span>
          </Link>
        </p>
      </div>
    </li>
  );
}

function MuseumSkeleton() {
  return (
    <div className="museum-list museum-skeleton">
      <p className="visually-hidden" role="status">
        {ko.common.loading}
      </p>
      {[0, 1].map((i) => (
        <div key={i} className="exhibit" aria-hidden="true">
          <div className="exhibit-photo skeleton-box" />
          <div className="exhibit-text">
            <div className="skeleton-line" />
            <div className="skeleton-line short" />
          </div>
        </div>
      ))}
    </div>
  );
}
