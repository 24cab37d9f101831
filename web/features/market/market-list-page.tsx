// marketList (/market/{category}/list/{page?}): category tabs, the filters (kept in the query
// string; inline on a desktop, behind one button with chips on a phone), 20 cards a page — one
// column on a phone, a grid on a desktop — and the pager.
import { lazy } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSessionUser } from '../../shared/session-store';
import { useMedia } from '../../shared/use-media';
import { useDocumentTitle } from '../../ui/document-title';
import { ListPager } from '../../ui/list-pager';
import { MarketAlertButton } from '../../ui/market-alert-button';
import { ListEmpty, ListFailed, ListLoading } from '../../ui/list-state';
import { ScrollRow } from '../../ui/scroll-row';
import { useMarketCategories } from './api/market-categories';
import { useMarketList } from './api/market-list';
import { MarketCard } from './market-card';
import { MarketFilterBar } from './market-filter-bar';
import { marketListPath, marketWritePath, pageParam, type ListFilters } from '../../shared/paths';
import { filterCount, readFilters, toListQuery } from './route-params';
import { useNow } from './use-now';
import './market.css';
import { koMarket } from './texts';

// A desktop's inline filters load with the page, which waits for them (the shell's loading line)
// rather than move down when they come; a phone's are in a sheet (market-filter-bar.tsx).
const MarketFilters = lazy(() => import('./market-filters').then((m) => ({ default: m.MarketFilters })));

/** About as many cards as a phone's first screen shows. */
const FIRST_SCREEN_CARDS = 4;
const m = koMarket;
const w = koMarket.wanted;
/** market.css's phone layout: one column of cards, the filters in a sheet. */
const PHONE_QUERY = '(max-width: 600px)';

/** 팝니다 / 삽니다: the list of items for sale or of wanted ads, the other filters cleared of statuses. */
function KindTabs({ category, filters }: { category: string; filters: ListFilters }) {
  const wanted = filters.kind === 'wanted';
  const tabs = [
    { kind: undefined, label: w.sellTab, on: !wanted },
    { kind: 'wanted', label: w.wantedTab, on: wanted },
  ];
  return (
    <nav className="market-kinds" aria-label={w.kinds}>
      {tabs.map((t) => (
        <Link key={t.label} to={marketListPath(category, 1, { ...filters, kind: t.kind, status: undefined, auction: undefined })} className={t.on ? 'active' : undefined} aria-current={t.on ? 'page' : undefined}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

function CategoryTabs({ current, filters }: { current: string; filters: ListFilters }) {
  const categories = useMarketCategories().data ?? [];
  const all = [{ code: 'c0', name: m.allCategories }, ...categories];
  return (
    <ScrollRow className="market-tabs" label={m.categories} watch={`${all.length}:${current}`}>
      {all.map((c) => (
        <li key={c.code}>
          <Link to={marketListPath(c.code, 1, filters)} className={c.code === current ? 'active' : undefined} aria-current={c.code === current ? 'page' : undefined}>
            {c.name}
          </Link>
        </li>
      ))}
    </ScrollRow>
  );
}

export default function MarketListPage() {
  const { category: rawCategory = 'c0', page: rawPage } = useParams();
  const category = /^c\d{1,3}$/.test(rawCategory) ? rawCategory : 'c0';
  const page = pageParam(rawPage);
  const [params] = useSearchParams();
  const filters = readFilters(params);
  const navigate = useNavigate();
  const user = useSessionUser();
  useDocumentTitle(m.title);
  const list = useMarketList(toListQuery(category === 'c0' ? 'all' : category, page, filters));
  const now = useNow(30_000);
  const data = list.data;
  const filtered = filterCount(filters) > 0 || filters.q !== undefined;
  const phone = useMedia(PHONE_QUERY);
  const apply = (next: ListFilters) => navigate(marketListPath(category, 1, next));
  const wanted = filters.kind === 'wanted';
  // 알림 받기 keeps the search in use: its words or product, highest price and region.
  const alertTerms = { query: filters.q ?? null, productKey: filters.product ?? null, maxPrice: filters.max ?? null, region: filters.region ?? null };
  const total = data && (
    <p className="market-total" role="status">
      {wanted ? w.total(data.total) : m.total(data.total)}
    </p>
  );
  const alert = !wanted && (filters.q || filters.product) ? <MarketAlertButton terms={alertTerms} productName={filters.productName} /> : null;

  return (
    <section className="market-page market-list-page">
      <header className="market-head">
        <h1>{m.title}</h1>
        <p className="lead">{m.lead}</p>
        {user.logined && (
          <Link to={marketWritePath(wanted ? 'wanted' : undefined)} className="p-button p-component market-write-button">
            <span className="p-button-icon p-button-icon-left pi pi-pencil" aria-hidden="true" />
            <span className="p-button-label">{wanted ? w.write : m.write}</span>
          </Link>
        )}
      </header>
      <KindTabs category={category} filters={filters} />
      <CategoryTabs current={category} filters={filters} />
      {phone ? (
        <MarketFilterBar current={filters} onApply={apply}>
          {total}
          {alert}
        </MarketFilterBar>
      ) : (
        <>
          <MarketFilters current={filters} onApply={apply} />
          <div className="market-total-row">
            {total}
            {alert}
          </div>
        </>
      )}
      {list.isPending ? (
        <ListLoading text={m.loading} />
      ) : list.isError && !data ? (
        <ListFailed onRetry={() => void list.refetch()} />
      ) : data && data.items.length > 0 ? (
        <ul className={list.isPlaceholderData ? 'market-cards is-stale' : 'market-cards'} aria-label={wanted ? w.listLabel : m.listLabel}>
          {data.items.map((item, i) => (
            <MarketCard key={item.key} item={item} now={now} eager={i < FIRST_SCREEN_CARDS} />
          ))}
        </ul>
      ) : (
        <ListEmpty text={wanted ? (filtered ? w.empty : w.emptyAll) : filtered ? m.empty : m.emptyAll} />
      )}

      {data && <ListPager page={page} pageSize={data.pageSize} total={data.total} label={m.pager} hrefOf={(p) => marketListPath(category, p, filters)} />}
    </section>
  );
}
