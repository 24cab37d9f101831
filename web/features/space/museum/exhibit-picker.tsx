// The owner's gallery inside the museum editor, a page at a time: each item's cover, title and
// photo count with 전시에 추가 (or 전시 중 once chosen). Pages turn with buttons, not links: the
// editor's unsaved list lives on this page.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { GallerySummary } from '../../../../common/api/gallery';
import { formatNumber } from '../../../../common/format';
import { ko } from '../../../i18n/ko';
import { useGalleryPick } from './api/gallery-pick';
import type { EditExhibit } from './museum-editor';
import { myGalleryPath } from '../../../shared/paths';
import { koMuseum } from './texts';

const t = koMuseum.editor;

export function ExhibitPicker({ userId, chosen, onAdd, full }: { userId: string; chosen: readonly EditExhibit[]; onAdd: (e: EditExhibit) => void; full: boolean }) {
  const id = useId();
  const [page, setPage] = useState(1);
  const list = useGalleryPick(userId, page);
  const data = list.data;
  const last = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.pageSize))) : 1;
  const isChosen = (g: GallerySummary) => chosen.some((e) => e.galleryKey === g.galleryKey);

  return (
    <section className="exhibit-picker" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="museum-editor-sub">
        {t.gallery}
      </h4>
      {list.isPending ? (
        <p className="list-state museum-state">{t.loading}</p>
      ) : list.isError && !data ? (
        <p className="list-state museum-state" role="alert">
          <i className="pi pi-exclamation-circle" aria-hidden="true" /> {koMuseum.loadFailed}{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            {koMuseum.retry}
          </button>
        </p>
      ) : data && data.items.length > 0 ? (
        <ul className={list.isPlaceholderData ? 'pick-grid is-stale' : 'pick-grid'}>
          {data.items.map((g) => (
            <li key={g.galleryKey} className={isChosen(g) ? 'pick-card is-chosen' : 'pick-card'}>
              <img src={g.cover.thumbUrl} alt="" width={g.cover.width} height={g.cover.height} loading="lazy" />
              <span className="pick-title">{g.title}</span>
              <span className="pick-meta">{koMuseum.photoCount(formatNumber(g.photoCount))}</span>
              {isChosen(g) ? (
                <span className="pick-chosen">
                  <i className="pi pi-check" aria-hidden="true" /> {t.added}
                </span>
              ) : (
                <button
                  type="button"
                  className="p-button p-component p-button-sm p-button-outlined"
                  disabled={full}
                  aria-label={t.addLabel(g.title)}
                  onClick={() => onAdd({ galleryKey: g.galleryKey, title: g.title, cover: g.cover, note: '' })}
                >
                  <span className="p-button-icon p-button-icon-left pi pi-plus" aria-hidden="true" />
                  <span className="p-button-label">{t.add}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="list-state museum-state">
          {t.galleryEmpty} <Link to={myGalleryPath}>{t.toMyGallery}</Link>
        </p>
      )}
      {data && last > 1 && (
        <nav className="pick-pager" aria-label={t.galleryPager}>
          <button type="button" className="p-button p-component p-button-sm p-button-text" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <span className="p-button-icon p-button-icon-left pi pi-angle-left" aria-hidden="true" />
            <span className="p-button-label">{ko.prime.aria.prevPageLabel}</span>
          </button>
          <span className="pick-page" aria-live="polite">
            {formatNumber(page)} / {formatNumber(last)}
          </span>
          <button type="button" className="p-button p-component p-button-sm p-button-text" disabled={page >= last} onClick={() => setPage(page + 1)}>
            <span className="p-button-label">{ko.prime.aria.nextPageLabel}</span>
            <span className="p-button-icon p-button-icon-right pi pi-angle-right" aria-hidden="true" />
          </button>
        </nav>
      )}
    </section>
  );
}
