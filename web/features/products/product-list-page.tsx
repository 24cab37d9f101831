// productList (/info/{type}/{company}/list/{page?}?search=…): the type tabs with counts, the
// maker tabs with logos, the search box, a page of product cards and the pager.
import { useCallback } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatNumber } from '../../../common/format';
import { makerOf, type ProductType } from '../../../common/products/makers';
import { useDocumentTitle } from '../../ui/document-title';
import { ListPager } from '../../ui/list-pager';
import NotFoundPage from '../../ui/not-found-page';
import { useMakers } from './api/makers';
import { useProductList } from './api/product-list';
import { ProductCardItem, ProductCardSkeletons } from './product-card';
import { ProductSearch } from './product-search';
import { countsOf, MakerTabs, TypeTabs } from './product-tabs';
import { pageParam, productListPath } from '../../shared/paths';
import { isCompany, isProductType, readSearch } from './route-params';
import { ListEmpty, ListFailed } from '../../ui/list-state';
import './products.css';
import { koProducts } from './texts';

const t = koProducts;

export default function ProductListPage() {
  const { type = '', company = '', page: rawPage } = useParams();
  if (!isProductType(type) || !isCompany(company)) return <NotFoundPage />;
  return <ProductList type={type} company={company} page={pageParam(rawPage)} />;
}

function ProductList({ type, company, page }: { type: ProductType; company: string; page: number }) {
  const [params] = useSearchParams();
  const search = readSearch(params);
  const navigate = useNavigate();
  const makers = useMakers();
  const list = useProductList({ type, company, page, ...(search ? { search } : {}) });
  const data = list.data;

  const typeName = t.types[type] ?? '';
  const makerName = company === 'all' ? t.allMakers : (makerOf(company)?.name ?? '');
  const heading = `${makerName} ${typeName}`;
  useDocumentTitle(`${heading} - ${t.title}`);

  const onSearch = useCallback(
    (words: string, replace: boolean) => navigate(productListPath(type, company, 1, words), { replace }),
    [navigate, type, company],
  );

  return (
    <section className="product-page product-list-page">
      <header className="product-head">
        <h1>{t.title}</h1>
        <p className="lead">{t.lead}</p>
      </header>
      <TypeTabs type={type} company={company} counts={countsOf(makers.data?.items, company)} />
      <MakerTabs type={type} company={company} makers={makers.data?.items} />
      <ProductSearch current={search} onSearch={onSearch} />

      {search && data && (
        <p className="search-summary" role="status">
          {data.total > 0 && `${t.search.result(search, formatNumber(data.total))} `}
          {company !== 'all' && <Link to={productListPath(type, 'all', 1, search)}>{t.search.everyMaker}</Link>}{' '}
          <Link to={productListPath(type, company)}>{t.search.clear}</Link>
        </p>
      )}

      <h2 className="visually-hidden" id="product-list-title">
        {heading}
      </h2>
      {list.isPending ? (
        <ProductCardSkeletons />
      ) : list.isError && !data ? (
        <ListFailed text={t.loadFailed} onRetry={() => void list.refetch()} />
      ) : data && data.items.length > 0 ? (
        <ul className={list.isPlaceholderData ? 'product-grid is-stale' : 'product-grid'} aria-labelledby="product-list-title">
          {data.items.map((p) => (
            <ProductCardItem key={p.key} product={p} />
          ))}
        </ul>
      ) : (
        <ListEmpty text={search ? t.search.noResult(search) : company === 'all' ? t.emptyAll(typeName) : t.empty(typeName)} />
      )}

      {data && <ListPager page={page} pageSize={data.pageSize} total={data.total} hrefOf={(p) => productListPath(type, company, p, search)} label={t.pager} />}
    </section>
  );
}
