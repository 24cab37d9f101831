// productMapManage (/system/product/map/list): the title rules that link market items to a
// product when the seller picked none, 50 a page, with add/edit, preview and delete.
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../../../common/format';
import { productViewPath } from '../../../shared/paths';
import { koAdminProductMap } from './texts';
import { confirm } from '../../../ui/confirm';
import { toast } from '../../../ui/toast-store';
import { AdminActions, AdminFrame } from '../shared/admin-frame';
import { AdminFilters, AdminList, DeleteButton, EditButton } from '../shared/admin-list';
import { pageOf, useListAddress } from '../shared/list-address';
import { useProductMapDelete } from './api/product-map-delete';
import { useProductMaps, type ProductMapRow } from './api/product-map-list';
import { ProductMapDialog, type MapTarget } from './product-map-dialog';
import './product-maps.css';

const t = koAdminProductMap;

const readParams = (params: URLSearchParams) => ({ q: (params.get('q') ?? '').slice(0, 60), page: pageOf(params) });

export default function ProductMapManagePage() {
  return (
    <AdminFrame page="productMapManage">
      <ProductMapManage />
    </AdminFrame>
  );
}

function ProductMapManage() {
  const { filters, change, hrefOf } = useListAddress(readParams);
  const { q, page } = filters;
  const list = useProductMaps({ page, ...(q && { search: q }) });
  const remove = useProductMapDelete();
  const [target, setTarget] = useState<MapTarget | null>(null);

  const askDelete = (row: ProductMapRow) =>
    confirm({
      message: t.deleteConfirm(row.pattern),
      defaultFocus: 'reject',
      accept: () => remove.mutate(row.id, { onSuccess: () => toast.success(t.deleted) }),
    });

  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-plus" label={t.newRule} size="small" onClick={() => setTarget({ row: null })} />
      </AdminActions>
      <p className="admin-intro">{t.intro}</p>
      <AdminFilters
        key={q}
        label={t.search}
        search={{ id: 'admin-map-q', label: t.search, placeholder: t.searchPlaceholder, submit: t.searchSubmit, value: q, onSearch: (words) => change({ q: words }) }}
      />
      <AdminList data={list.data} loading={list.isFetching} count={(d) => t.total(formatNumber(d.total))} hrefOf={hrefOf} dataKey="id" emptyMessage={t.empty} label={t.tableLabel}>
        <Column header={t.colPattern} body={(row: ProductMapRow) => <code className="map-pattern">{row.pattern}</code>} />
        <Column header={t.colProduct} body={(row: ProductMapRow) => <Link to={productViewPath(row.productKey)}>{row.productName}</Link>} />
        <Column header={t.colNote} body={(row: ProductMapRow) => row.note || '–'} />
        <Column header={t.colUpdated} body={(row: ProductMapRow) => formatDate(row.updatedAt)} />
        <Column
          header={t.colActions}
          body={(row: ProductMapRow) => (
            <span className="row-actions">
              <EditButton label={t.editLabel(row.pattern)} onClick={() => setTarget({ row })} />
              <DeleteButton label={t.deleteLabel(row.pattern)} onClick={() => askDelete(row)} />
            </span>
          )}
        />
      </AdminList>
      <ProductMapDialog target={target} onHide={() => setTarget(null)} />
    </>
  );
}
