// The page links under a list (boards, scraps): 20 a page, wearing PrimeReact's paginator classes
// so it looks like the Paginator. Each page is a real link to its own address, so back and
// forward walk through the pages and a page opens in a new tab too. PrimeReact's Paginator itself
// would move its aria-label helpers (and primereact/utils) into the first-load bundle of every
// page (docs/decisions/0010-list-pager.md).
import './list-pager.css';
import { Link } from 'react-router';
import { formatNumber } from '../../common/format';
import { useWideScreen } from '../shared/use-media';
import { ko } from '../i18n/ko';

export interface ListPagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** The address of a page. */
  hrefOf: (page: number) => string;
  label?: string;
}

const p = ko.prime.aria;

/** The window of page numbers around the current one, like PrimeReact's pageLinkSize. */
export function pageWindow(page: number, last: number, size: number): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), last - size + 1));
  const end = Math.min(last, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

function Step({ to, label, icon, className }: { to: string | null; label: string; icon: string; className: string }) {
  const classes = `p-paginator-${className} p-paginator-element p-link`;
  const inner = <span className={`p-paginator-icon pi ${icon}`} aria-hidden="true" />;
  // A step that leads nowhere is still announced as a link, marked disabled (a plain span may
  // not carry a label).
  if (to === null) {
    return (
      <span className={`${classes} p-disabled`} role="link" aria-disabled="true" aria-label={label}>
        {inner}
      </span>
    );
  }
  return (
    <Link to={to} className={classes} aria-label={label}>
      {inner}
    </Link>
  );
}

/** "1" on screen, "1페이지" to a screen reader: the name starts with what is seen (WCAG 2.5.3). */
function PageName({ n }: { n: number }) {
  const [before, after] = p.pageLabel.split('{page}') as [string, string];
  return (
    <>
      {before && <span className="visually-hidden">{before}</span>}
      {formatNumber(n)}
      {after && <span className="visually-hidden">{after}</span>}
    </>
  );
}

export function ListPager({ page, pageSize, total, hrefOf, label = ko.postList.pager }: ListPagerProps) {
  const wide = useWideScreen();
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  const current = Math.min(page, last);
  const pages = pageWindow(current, last, wide ? 10 : 5);
  return (
    <nav className="list-pager" aria-label={label}>
      <div className="p-paginator p-component">
        {wide && <Step to={current > 1 ? hrefOf(1) : null} label={p.firstPageLabel} icon="pi-angle-double-left" className="first" />}
        <Step to={current > 1 ? hrefOf(current - 1) : null} label={p.prevPageLabel} icon="pi-angle-left" className="prev" />
        <span className="p-paginator-pages">
          {pages.map((n) => (
            <Link
              key={n}
              to={hrefOf(n)}
              className={n === current ? 'p-paginator-page p-paginator-element p-link p-highlight' : 'p-paginator-page p-paginator-element p-link'}
              aria-current={n === current ? 'page' : undefined}
            >
              <PageName n={n} />
            </Link>
          ))}
        </span>
        <Step to={current < last ? hrefOf(current + 1) : null} label={p.nextPageLabel} icon="pi-angle-right" className="next" />
        {wide && <Step to={current < last ? hrefOf(last) : null} label={p.lastPageLabel} icon="pi-angle-double-right" className="last" />}
      </div>
    </nav>
  );
}
