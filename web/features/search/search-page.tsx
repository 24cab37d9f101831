// siteSearch (/search?q=…&kind=…&page=…): one search for the whole site (docs/product/search.md).
// Without a kind, every kind with its count and a few hits, "더 보기" into that kind; with one,
// that kind's hits page by page. Each row opens its page; a post's board and the market lead
// on to their own searches, which go further.
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SearchGroup, SearchHit, SearchKind } from '../../../common/api/search';
import { STATUS_LABEL } from '../../../common/api/market-labels';
import { formatNumber } from '../../../common/format';
import { boardListPath, marketListPath, pageParam, siteSearchPath } from '../../shared/paths';
import { AuthorLink } from '../../ui/author-link';
import { useDocumentTitle } from '../../ui/document-title';
import { FoldNotice, useFold } from '../../ui/ignored-fold';
import { formatListDate, useListNow } from '../../ui/list-date';
import { ListPager } from '../../ui/list-pager';
import { ListEmpty, ListFailed, ListLoading } from '../../ui/list-state';
import { LiteButton } from '../../ui/lite-button';
import { useSiteSearch } from './api/site-search';
import { KIND_NAMES, KIND_ORDER, koSearch } from './texts';
import '../../ui/row-link.css';
import './search.css';

const s = koSearch;
const QUERY_MAX = 50;

const kindOf = (raw: string | null): SearchKind | undefined => KIND_ORDER.find((k) => k === raw);

function SearchBox({ q, kind }: { q: string; kind: SearchKind | undefined }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(q);
  const [empty, setEmpty] = useState(false);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim() === '') {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    navigate(siteSearchPath(value, kind));
  };
  return (
    <form role="search" className="site-search-box" onSubmit={submit}>
      <label htmlFor={`${id}-q`}>{s.label}</label>
      <div className="site-search-row">
        <input
          id={`${id}-q`}
          type="search"
          value={value}
          maxLength={QUERY_MAX}
          placeholder={s.placeholder}
          autoComplete="off"
          enterKeyHint="search"
          aria-invalid={empty || undefined}
          aria-describedby={empty ? `${id}-empty` : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            if (empty) setEmpty(false);
          }}
        />
        <LiteButton type="submit" icon="pi pi-search" label={s.submit} />
      </div>
      {empty && (
        <p id={`${id}-empty`} className="site-search-error" role="alert">
          {s.noQuery}
        </p>
      )}
    </form>
  );
}

/** 전체 and each kind, as links (the current one marked). */
function KindLinks({ q, kind, groups }: { q: string; kind: SearchKind | undefined; groups: SearchGroup[] | undefined }) {
  const counts = new Map((kind ? [] : (groups ?? [])).map((g) => [g.kind, g] as const));
  const shown = kind || !groups ? KIND_ORDER : KIND_ORDER.filter((k) => counts.has(k));
  return (
    <nav className="site-search-kinds" aria-label={s.kindsLabel}>
      <Link to={siteSearchPath(q)} aria-current={kind === undefined ? 'page' : undefined}>
        {s.all}
      </Link>
      {shown.map((k) => {
        const g = counts.get(k);
        return (
          <Link key={k} to={siteSearchPath(q, k)} aria-current={kind === k ? 'page' : undefined}>
            {KIND_NAMES[k]}
            {g && ' '}
            {g && <span className="site-search-kind-count">{formatNumber(g.total)}{g.capped ? '+' : ''}</span>}
          </Link>
        );
      })}
    </nav>
  );
}

function HitRow({ hit, kind, q, now }: { hit: SearchHit; kind: SearchKind; q: string; now: number }) {
  // An ignored member's post, item or gallery item folds, its thumbnail not fetched until 보기 (decision 46).
  const { folded, waiting, show, focusShown } = useFold(kind === 'member' ? '' : (hit.author?.userId ?? ''));
  if (folded) {
    return (
      <li className="site-search-hit is-ignored">
        <FoldNotice what={kind === 'gallery' ? 'photo' : 'post'} onShow={show} />
      </li>
    );
  }
  return (
    <li ref={focusShown} className="site-search-hit has-row-link">
      {hit.thumbUrl && (waiting ? <span className="site-search-thumb" aria-hidden="true" /> : <img className="site-search-thumb" src={hit.thumbUrl} alt="" loading="lazy" width={64} height={64} />)}
      <div className="site-search-main">
        <Link to={hit.href} className="site-search-title row-link" data-row-link>
          {hit.title}
        </Link>
        <span className="site-search-meta">
          {hit.boardId ? (
            <Link to={boardListPath(hit.boardId, 'c0', 1, { q, field: 'all' })} className="site-search-place" title={s.inBoard(hit.place)}>
              {hit.place}
            </Link>
          ) : (
            hit.place && <span className="site-search-place">{hit.place}</span>
          )}
          {hit.price !== null && <span className="site-search-price">{s.won(formatNumber(hit.price))}</span>}
          {hit.status && <span className={`site-search-status status-${hit.status}`}>{STATUS_LABEL[hit.status]}</span>}
          {hit.author && kind !== 'member' && <AuthorLink author={hit.author} />}
          {hit.createdAt && <time dateTime={hit.createdAt}>{formatListDate(hit.createdAt, now)}</time>}
          {hit.commentCount ? <span>{s.comments(formatNumber(hit.commentCount))}</span> : null}
        </span>
      </div>
    </li>
  );
}

function Hits({ group, q, now }: { group: SearchGroup; q: string; now: number }) {
  return (
    <ul className={`site-search-hits kind-${group.kind}`} aria-label={s.resultsLabel(KIND_NAMES[group.kind])}>
      {group.items.map((hit) => (
        <HitRow key={hit.key} hit={hit} kind={group.kind} q={q} now={now} />
      ))}
    </ul>
  );
}

const countText = (g: SearchGroup) => s.count(formatNumber(g.total), g.capped);

/** Every kind with hits: its name and count, a few hits, and the way on. */
function Overview({ q, groups, now }: { q: string; groups: SearchGroup[]; now: number }) {
  const found = groups.filter((g) => g.total > 0);
  if (found.length === 0) return <ListEmpty text={s.nothing(q)} />;
  return (
    <>
      {found.map((g) => (
        <section key={g.kind} className="site-search-group" aria-labelledby={`site-search-${g.kind}`}>
          <h2 id={`site-search-${g.kind}`}>
            {KIND_NAMES[g.kind]} <span className="site-search-count">{countText(g)}</span>
          </h2>
          <Hits group={g} q={q} now={now} />
          <p className="site-search-more">
            {g.total > g.items.length && <Link to={siteSearchPath(q, g.kind)}>{s.more(KIND_NAMES[g.kind])}</Link>}
            {g.kind === 'market' && <Link to={marketListPath('c0', 1, { q })}>{s.inMarket}</Link>}
          </p>
        </section>
      ))}
    </>
  );
}

/** One kind's page of hits and its pager. */
function OneKind({ q, group, now }: { q: string; group: SearchGroup; now: number }) {
  const name = KIND_NAMES[group.kind];
  return (
    <section className="site-search-group" aria-labelledby="site-search-kind">
      <h2 id="site-search-kind">
        {name} <span className="site-search-count">{countText(group)}</span>
      </h2>
      {group.items.length === 0 ? <ListEmpty text={s.kindEmpty(name)} /> : <Hits group={group} q={q} now={now} />}
      {group.kind === 'post' && <p className="site-search-note">{s.cappedNote}</p>}
      {group.kind === 'market' && (
        <p className="site-search-more">
          <Link to={marketListPath('c0', 1, { q })}>{s.inMarket}</Link>
        </p>
      )}
      <ListPager page={group.page} pageSize={group.pageSize} total={group.total} hrefOf={(p) => siteSearchPath(q, group.kind, p)} label={s.pageLabel(name)} />
    </section>
  );
}

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, QUERY_MAX);
  const kind = kindOf(params.get('kind'));
  const page = pageParam(params.get('page') ?? undefined);
  useDocumentTitle(q ? s.titleOf(q) : s.title);
  const result = useSiteSearch({ q, kind, page });
  const now = useListNow();
  const data = result.data;

  let body;
  if (!q) body = <p className="list-state">{s.noQuery}</p>;
  else if (result.isPending) body = <ListLoading text={s.loading} />;
  else if (result.isError || !data) body = <ListFailed text={s.failed} onRetry={() => void result.refetch()} />;
  else if (kind) body = data.groups[0] ? <OneKind q={q} group={data.groups[0]} now={now} /> : <ListEmpty text={s.nothing(q)} />;
  else body = <Overview q={q} groups={data.groups} now={now} />;

  return (
    <section className="site-search-page" aria-busy={result.isFetching || undefined}>
      <h1>{q ? s.titleOf(q) : s.title}</h1>
      {!q && <p className="lead">{s.intro}</p>}
      {/* A new search starts the box again from its words. */}
      <SearchBox key={q} q={q} kind={kind} />
      {q && <KindLinks q={q} kind={kind} groups={kind ? undefined : data?.groups} />}
      {body}
    </section>
  );
}
