// marketList (/market/{category}/list/{page?}): category tabs, the filters (kept in the query
// string), 20 cards a page — one column on a phone, a grid on a desktop — and the pager.
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSessionUser } from '../../app/session-store';
import { koMarket } from '../../i18n/ko-market';
import { useDocumentTitle } from '../../ui/document-title';
import { ListPager } from '../../ui/list-pager';
import { ListEmpty, ListFailed, ListLoading } from '../../ui/list-state';
import { useMarketCategories } from './api/market-categories';
import { useMarketList } from './api/market-list';
import { MarketCard } from './market-card';
import { MarketFilters } from './market-filters';
import { filterCount, marketListPath, marketWritePath, pageParam, readFilters, toListQuery, type ListFilters } from './paths';
import { useNow } from './use-now';
import './market.css';

const m = koMarket;

function CategoryTabs({ current, filters }: { current: string; filters: ListFilters }) {
  const categories = useMarketCategories().data ?? [];
  const all = [{ code: 'c0', name: m.allCategories }, ...categories];
  return (
    <nav className="market-tabs" aria-label={m.categories}>
      <ul>
        {all.map((c) => (
          <li key={c.code}>
            <Link to={marketListPath(c.code, 1, filters)} className={c.code === current ? 'active' : undefined} aria-current={c.code === current ? 'page' : undefined}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
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

  return (
    <section className="market-page market-list-page">
      <header className="market-head">
        <div>
          <h1>{m.title}</h1>
          <p className="lead">{m.lead}</p>
        </div>
        {user.logined && (
          <Link to={marketWritePath()} className="p-button p-component market-write-button">
            <span className="p-button-icon p-button-icon-left pi pi-pencil" aria-hidden="true" />
            <span className="p-button-label">{m.write}</span>
          </Link>
        )}
      </header>
      <CategoryTabs current={category} filters={filters} />
      <MarketFilters current={filters} onApply={(next) => navigate(marketListPath(category, 1, next))} />

      {data && (
        <p className="market-total" role="status">
          {m.total(data.total)}
        </p>
      )}
      {list.isPending ? (
        <ListLoading text={m.loading} />
      ) : list.isError && !data ? (
        <ListFailed onRetry={() => void list.refetch()} />
      ) : data && data.items.length > 0 ? (
        <ul className={list.isPlaceholderData ? 'market-cards is-stale' : 'market-cards'} aria-label={m.listLabel}>
          {data.items.map((item) => (
            <MarketCard key={item.key} item={item} now={now} />
          ))}
        </ul>
      ) : (
        <ListEmpty text={filtered ? m.empty : m.emptyAll} />
      )}

      {data && <ListPager page={page} pageSize={data.pageSize} total={data.total} label={m.pager} hrefOf={(p) => marketListPath(category, p, filters)} />}
    </section>
  );
}
