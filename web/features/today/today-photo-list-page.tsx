// todayPhotoList (/today/photo/list/{page?}): the photos the club picked, newest date first, each
// large with its photographer (to their space), the pick's note and the EXIF line, linking to
// the gallery item.
import { Link, useParams } from 'react-router';
import type { TodayPhoto } from '../../../common/api/gallery';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { koToday } from './texts';
import { AuthorLink } from '../../ui/author-link';
import { useDocumentTitle } from '../../ui/document-title';
import { ExifLine } from '../../ui/exif-line';
import { FoldedTile, useFold } from '../../ui/ignored-fold';
import { ListPager } from '../../ui/list-pager';
import { ListFailed, ListLoading } from '../../ui/list-state';
import { ResponsivePhoto } from '../../ui/responsive-photo';
import { useTodayList } from './api/today-list';
import { galleryViewPath, pageParam, todayListPath } from '../../shared/paths';
import '../../ui/row-link.css';
import './today.css';

const t = koToday;
const PHOTO_SIZES = '(min-width: 1232px) 1200px, calc(100vw - 2rem)';

/** 2026-11-25 (수): the date as the site writes dates, with its day of the week. */
export function dayLabel(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return Number.isNaN(day) ? date : `${date} (${ko.prime.dayNamesShort[day]})`;
}

export default function TodayPhotoListPage() {
  const page = pageParam(useParams().page);
  useDocumentTitle(page > 1 ? `${t.title} ${formatNumber(page)}` : t.title);
  const list = useTodayList(page);
  const data = list.data;

  return (
    <section className="today-page">
      <header className="today-head">
        <h1>
          <i className="pi pi-sun" aria-hidden="true" /> {t.title}
        </h1>
        <p className="lead">{t.lead}</p>
      </header>
      {list.isPending ? (
        <ListLoading text={ko.common.loading} />
      ) : list.isError && !data ? (
        <ListFailed text={t.loadFailed} onRetry={() => void list.refetch()} />
      ) : data && data.items.length > 0 ? (
        <ol className={list.isPlaceholderData ? 'today-list is-stale' : 'today-list'} aria-label={t.listLabel}>
          {data.items.map((p, i) => (
            <TodayEntry key={p.date} pick={p} first={i === 0} />
          ))}
        </ol>
      ) : (
        <p className="list-state">
          <i className="pi pi-sun" aria-hidden="true" /> {t.empty}
        </p>
      )}
      {data && <ListPager page={page} pageSize={data.pageSize} total={data.total} hrefOf={todayListPath} label={t.pager} />}
    </section>
  );
}

function TodayEntry({ pick, first }: { pick: TodayPhoto; first: boolean }) {
  const titleId = `today-${pick.date}`;
  // An ignored member's pick folds under its date, in the photo's place; the photo is not fetched until 보기 (decision 46).
  const { folded, waiting, show, focusShown } = useFold(pick.author.userId);
  const date = (
    <h2 id={titleId} className="today-date">
      <time dateTime={pick.date}>{dayLabel(pick.date)}</time>
    </h2>
  );
  if (folded || waiting) {
    return (
      <li className={folded ? 'today-entry is-ignored' : 'today-entry'} aria-labelledby={titleId}>
        {date}
        <FoldedTile onShow={folded ? show : undefined} className="today-fold" style={{ aspectRatio: `${pick.photo.width} / ${pick.photo.height}` }} />
      </li>
    );
  }
  return (
    // The whole entry opens the gallery item: the title's link is stretched over it (web/ui/row-link.css).
    <li ref={focusShown} className="today-entry has-row-link" aria-labelledby={titleId}>
      {date}
      <div className="today-photo">
        <ResponsivePhoto photo={pick.photo} alt={pick.photo.caption || pick.title} sizes={PHOTO_SIZES} loading={first ? 'eager' : 'lazy'} />
      </div>
      <div className="today-text">
        <p className="today-title">
          <Link to={galleryViewPath(pick.galleryKey)} className="row-link" data-row-link>
            {pick.title}
          </Link>
        </p>
        <p className="today-by">
          <span className="today-by-label">{t.photographer}</span> <AuthorLink author={pick.author} />
        </p>
        {pick.note && <p className="today-note">{pick.note}</p>}
        <ExifLine photo={pick.photo} />
      </div>
    </li>
  );
}
