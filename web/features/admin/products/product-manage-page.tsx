// productManage (/system/product/list): every product, hidden ones too, 50 a page from the server,
// with filters, edit, hide/delete, merge, a new product and the catalogue update.
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../../../common/format';
import { MAKER_KEYS, PRODUCT_TYPE_NAMES, PRODUCT_TYPES, type ProductType } from '../../../../common/products/makers';
import { productViewPath } from '../../../shared/paths';
import { koAdminProduct } from './texts';
import { confirm } from '../../../ui/confirm';
import { cardName } from '../../../ui/product-picker';
import { toast } from '../../../ui/toast-store';
import { AdminActions, AdminFrame } from '../shared/admin-frame';
import { AdminList, DeleteButton, EditButton } from '../shared/admin-list';
import { pageOf, useListAddress } from '../shared/list-address';
import { useCatalogueUpdate, type CatalogueCounts } from './api/catalogue-update';
import { productDetailQuery } from './api/product-detail';
import { useProductDelete } from './api/product-delete';
import { useAdminProducts, type AdminProductListParams, type AdminProductRow } from './api/product-list';
import { ProductEditDialog, type EditTarget } from './product-edit-dialog';
import { ProductFilters, SORTS, type ProductFilterValues, type ProductSort, type Shown } from './product-filters';
import { MergeDialog } from './product-merge-dialog';
import './products.css';

const t = koAdminProduct;

/** The filters from the address; anything unknown falls back to "all". */
function readFilters(params: URLSearchParams): ProductFilterValues & { page: number } {
  const type = params.get('type') ?? '';
  const company = params.get('company') ?? '';
  const shown = params.get('shown') ?? '';
  const sort = params.get('sort') ?? 'name';
  return {
    q: (params.get('q') ?? '').slice(0, 60),
    type: (PRODUCT_TYPES as readonly string[]).includes(type) ? type : '',
    company: MAKER_KEYS.includes(company) ? company : '',
    shown: shown === 'visible' || shown === 'hidden' ? shown : ('' as Shown),
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : 'name',
    page: pageOf(params),
  };
}

export default function ProductManagePage() {
  return (
    <AdminFrame page="productManage">
      <ProductManage />
    </AdminFrame>
  );
}

function ProductManage() {
  const { filters, change, hrefOf } = useListAddress(readFilters, { sort: 'name' });
  const request: AdminProductListParams = {
    page: filters.page,
    sort: filters.sort,
    ...(filters.q && { search: filters.q }),
    ...(filters.type && { type: filters.type as ProductType }),
    ...(filters.company && { company: filters.company }),
    ...(filters.shown && { hidden: filters.shown === 'hidden' }),
  };
  const list = useAdminProducts(request);
  const client = useQueryClient();
  const remove = useProductDelete();
  const catalogue = useCatalogueUpdate();
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [merging, setMerging] = useState<AdminProductRow | null>(null);
  const [counts, setCounts] = useState<CatalogueCounts | null>(null);

  const openEdit = async (row: AdminProductRow) => {
    try {
      // The form opens on the loaded record, so it starts on its first field.
      await client.fetchQuery(productDetailQuery(row.key));
      setEditing({ key: row.key, hidden: row.hidden });
    } catch {
      // The call helper has said why.
    }
  };

  const askDelete = (row: AdminProductRow) =>
    confirm({
      message: t.deleteConfirm(cardName(row)),
      defaultFocus: 'reject',
      accept: () => remove.mutate(row.key, { onSuccess: ({ result }) => toast.success(result === 'hidden' ? t.hidden : t.deleted) }),
    });

  const askCatalogue = () =>
    confirm({
      message: t.catalogueConfirm,
      accept: () =>
        catalogue.mutate(undefined, {
          onSuccess: (c) => {
            setCounts(c);
            toast.success(t.catalogueDone(formatNumber(c.added), formatNumber(c.updated), formatNumber(c.kept)));
          },
        }),
    });

  const nameCell = (row: AdminProductRow) => (
    <span className="product-cell">
      <Link to={productViewPath(row.key)} className="product-cell-name">
        {cardName(row)}
      </Link>
      {row.nameKo && <span className="product-cell-ko">{row.nameKo}</span>}
      <span className="product-tags">
        {row.hidden && <span className="tag tag-hidden">{t.hiddenTag}</span>}
        {row.source === 'catalogue' && <span className="tag">{t.catalogueTag}</span>}
        {row.edited && <span className="tag">{t.editedTag}</span>}
        {row.mergedInto && (
          <span className="tag tag-hidden" title={t.mergedInto(row.mergedInto)}>
            {t.mergedTag}
          </span>
        )}
      </span>
    </span>
  );
  const actionsCell = (row: AdminProductRow) => {
    const name = cardName(row);
    // A merged product only redirects; it can be deleted, not edited or merged again.
    const merged = row.mergedInto !== null;
    return (
      <span className="row-actions">
        <EditButton label={t.editLabel(name)} disabled={merged} onClick={() => void openEdit(row)} />
        <Button type="button" icon="pi pi-clone" label={t.merge} size="small" text aria-label={t.mergeLabel(name)} disabled={merged} onClick={() => setMerging(row)} />
        <DeleteButton label={t.deleteLabel(name)} onClick={() => askDelete(row)} />
      </span>
    );
  };

  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-plus" label={t.newProduct} size="small" onClick={() => setEditing({ key: null })} />
        <Button type="button" icon="pi pi-refresh" label={t.catalogue} size="small" outlined loading={catalogue.isPending} onClick={askCatalogue} />
      </AdminActions>
      <ProductFilters key={filters.q} values={filters} onChange={change} />
      {counts && (
        <p className="admin-note" role="status">
          {t.catalogueDone(formatNumber(counts.added), formatNumber(counts.updated), formatNumber(counts.kept))}
        </p>
      )}
      <AdminList data={list.data} loading={list.isFetching} count={(d) => t.total(formatNumber(d.total))} hrefOf={hrefOf} dataKey="key" emptyMessage={t.empty} label={t.tableLabel}>
        <Column header={t.colName} body={nameCell} />
        <Column header={t.colType} className="cell-short" headerClassName="cell-short" body={(row: AdminProductRow) => PRODUCT_TYPE_NAMES[row.type]} />
        <Column header={t.colMaker} className="cell-short" headerClassName="cell-short" field="brand" />
        <Column header={t.colMount} body={(row: AdminProductRow) => row.mount || '–'} />
        <Column header={t.colAnnounced} className="cell-short" headerClassName="cell-short" body={(row: AdminProductRow) => row.announced || '–'} />
        <Column header={t.colUpdated} className="cell-short" headerClassName="cell-short" body={(row: AdminProductRow) => formatDate(row.updatedAt)} />
        <Column header={t.colActions} body={actionsCell} />
      </AdminList>
      <ProductEditDialog target={editing} onHide={() => setEditing(null)} />
      <MergeDialog from={merging} onHide={() => setMerging(null)} />
    </>
  );
}
