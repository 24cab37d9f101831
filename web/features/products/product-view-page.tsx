// productView (/info/view/{product}): the product's name, maker, type, announce date and mount,
// its pictures, its specs as label/value rows, then used prices, items for sale, wanted ads and
// photos taken with it. A merged product's address is corrected to the product it went into.
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ProductView } from '../../../common/api/products';
import { formatNumber } from '../../../common/format';
import { makerOf } from '../../../common/products/makers';
import { ApiError } from '../../api/call';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/document-title';
import { useProductView } from './api/product-view';
import { CatalogueCredit } from './catalogue-credit';
import { ForSale, TakenWith, UsedPrices } from './product-attached';
import { formatAnnounced } from './product-card';
import { ProductImages } from './product-images';
import { ProductWanted } from './product-wanted';
import { productListPath, productViewPath, errorPath } from '../../shared/paths';
import { ListFailed, ListLoading } from '../../ui/list-state';
import { specRows } from './spec-rows';
import './products.css';
import { koProducts } from './texts';

const t = koProducts;
const v = t.view;

function ProductBody({ product: p }: { product: ProductView }) {
  const maker = makerOf(p.company);
  const name = `${p.brand} ${p.name}`;
  const typeName = t.types[p.type] ?? p.type;
  const rows = specRows(p);
  return (
    <article className="product-view" aria-labelledby="product-name">
      <nav className="product-where" aria-label={v.where}>
        <Link to={productListPath(p.type, 'all')}>{typeName}</Link>
        {' › '}
        <Link to={productListPath(p.type, p.company)}>{maker?.name ?? p.brand}</Link>
      </nav>
      <header className="product-view-head">
        {maker && <img src={maker.img} alt="" height={maker.height} className="maker-logo product-view-logo" />}
        <h1 id="product-name">{name}</h1>
        {p.nameKo && <p className="product-name-ko">{p.nameKo}</p>}
        {p.owners > 0 && (
          <p className="product-owners">
            <i className="pi pi-users" aria-hidden="true" /> {v.owners(formatNumber(p.owners))}
          </p>
        )}
      </header>

      <div className={p.images.length > 0 ? 'product-view-top' : 'product-view-top no-images'}>
        <ProductImages product={p} />
        <dl className="product-facts">
          <div>
            <dt>{v.maker}</dt>
            <dd>{p.brand}</dd>
          </div>
          <div>
            <dt>{v.type}</dt>
            <dd>{typeName}</dd>
          </div>
          {p.announced && (
            <div>
              <dt>{v.announced}</dt>
              <dd>{formatAnnounced(p.announced)}</dd>
            </div>
          )}
          {p.mount && (
            <div>
              <dt>{v.mount}</dt>
              <dd>{p.mount}</dd>
            </div>
          )}
        </dl>
      </div>

      <section className="product-section" aria-labelledby="product-specs">
        <div className="product-section-head">
          <h2 id="product-specs">{v.specs}</h2>
        </div>
        {rows.length === 0 ? (
          <p className="product-section-empty">{v.noSpecs}</p>
        ) : (
          <dl className="product-specs">
            {rows.map((r, i) => (
              <div key={`${r.label}-${i}`}>
                <dt>{r.label}</dt>
                <dd>{r.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {p.exifNames.length > 0 && (
          <p className="product-exif">
            <span className="product-exif-label">{v.exifNames}</span> {[p.exifMake, ...p.exifNames].filter(Boolean).join(' · ')}
          </p>
        )}
      </section>

      <UsedPrices productKey={p.key} prices={p.attached.usedPrices} />
      <ForSale items={p.attached.forSale} />
      <ProductWanted productKey={p.key} name={name} />
      <TakenWith productKey={p.key} name={name} photos={p.attached.photos} count={p.attached.photoCount} />

      <p className="product-actions">
        <Link to={productListPath(p.type, p.company)} className="p-button p-component p-button-outlined">
          <span className="p-button-icon p-button-icon-left pi pi-list" aria-hidden="true" />
          <span className="p-button-label">{v.backToList}</span>
        </Link>
      </p>

      {p.source === 'catalogue' && <CatalogueCredit />}
    </article>
  );
}

export default function ProductViewPage() {
  const { product: key = '' } = useParams();
  const navigate = useNavigate();
  const view = useProductView(key);
  const p = view.data;
  useDocumentTitle(p ? `${p.brand} ${p.name}` : ko.pages.productView);

  // A merged product answers with the product it went into: the address follows.
  useEffect(() => {
    if (p && p.key !== key) navigate(productViewPath(p.key), { replace: true });
  }, [p, key, navigate]);

  // A missing or hidden product opens the site's error page, as a deleted post does.
  const error = view.error;
  const missing = error instanceof ApiError && !error.forwarded && error.status === 404;
  useEffect(() => {
    if (missing) navigate(errorPath(error.message), { replace: true });
  }, [missing, error, navigate]);

  return (
    <section className="product-page product-view-page">
      {view.isPending ? (
        <ListLoading text={ko.common.loading} />
      ) : p ? (
        <ProductBody product={p} />
      ) : error instanceof ApiError && (error.forwarded || missing) ? null : (
        <ListFailed text={koProducts.loadFailed} onRetry={() => void view.refetch()} />
      )}
    </section>
  );
}
