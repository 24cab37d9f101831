// productMapManage (/system/product/map/list): the title rules that link market items to a
// product when the seller picked none, 50 a page, with add/edit, preview and delete.
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate, formatNumber } from '../../../common/format';
import { buildPath } from '../../app/route-path';
import { ko } from '../../i18n/ko';
import { confirm } from '../../ui/confirm';
import { ListPager } from '../../ui/list-pager';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { AdminActions, AdminFrame } from './admin-frame';
import { useProductMapDelete } from './api/product-map-delete';
import { useProductMaps, type ProductMapRow } from './api/product-map-list';
import { ProductMapDialog, type MapTarget } from './product-map-dialog';
import { AdminTable } from './admin-table';

const t = ko.admin.productMap;

function MapSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [q, setQ] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(q.trim().slice(0, 60));
  };
  return (
    <form role="search" aria-label={t.search} className="admin-filters" onSubmit={submit}>
      <div className="filter-search">
        <label htmlFor="admin-map-q" className="visually-hidden">
          {t.search}
        </label>
        <InputText id="admin-map-q" type="search" value={q} maxLength={60} placeholder={t.searchPlaceholder} onChange={(e) => setQ(e.target.value)} enterKeyHint="search" />
        <LiteButton type="submit" icon="pi pi-search" label={t.searchSubmit} />
      </div>
    </form>
  );
}

export default function ProductMapManagePage() {
  return (
    <AdminFrame page="productMapManage">
      <ProductMapManage />
    </AdminFrame>
  );
}

function ProductMapManage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').slice(0, 60);
  const pageParam = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const list = useProductMaps({ page, ...(q && { search: q }) });
  const remove = useProductMapDelete();
  const [target, setTarget] = useState<MapTarget | null>(null);

  const href = (next: { q?: string; page?: number }) => {
    const p = new URLSearchParams();
    const words = next.q ?? q;
    if (words) p.set('q', words);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    return `?${p.toString()}`;
  };

  const askDelete = (row: ProductMapRow) =>
    confirm({
      message: t.deleteConfirm(row.pattern),
      defaultFocus: 'reject',
      accept: () => remove.mutate(row.id, { onSuccess: () => toast.success(t.deleted) }),
    });

  const data = list.data;
  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-plus" label={t.newRule} size="small" onClick={() => setTarget({ row: null })} />
      </AdminActions>
      <p className="admin-intro">{t.intro}</p>
      <MapSearch key={q} value={q} onSearch={(words) => setParams(href({ q: words, page: 1 }).slice(1))} />
      <p className="admin-count" aria-live="polite">
        {data ? t.total(formatNumber(data.total)) : ko.common.loading}
      </p>
      <AdminTable
        value={data?.items ?? []}
        lazy
        dataKey="id"
        loading={list.isFetching}
        emptyMessage={t.empty}
        aria-label={t.tableLabel}
      >
        <Column header={t.colPattern} body={(row: ProductMapRow) => <code className="map-pattern">{row.pattern}</code>} />
        <Column header={t.colProduct} body={(row: ProductMapRow) => <Link to={buildPath('/info/view/:product', { product: row.productKey })}>{row.productName}</Link>} />
        <Column header={t.colNote} body={(row: ProductMapRow) => row.note || '–'} />
        <Column header={t.colUpdated} body={(row: ProductMapRow) => formatDate(row.updatedAt)} />
        <Column
          header={t.colActions}
          body={(row: ProductMapRow) => (
            <span className="row-actions">
              <Button type="button" icon="pi pi-pencil" label={ko.admin.edit} size="small" text aria-label={t.editLabel(row.pattern)} onClick={() => setTarget({ row })} />
              <Button type="button" icon="pi pi-trash" label={ko.admin.deleteAction} size="small" text severity="danger" aria-label={t.deleteLabel(row.pattern)} onClick={() => askDelete(row)} />
            </span>
          )}
        />
      </AdminTable>
      {data && <ListPager page={data.page} pageSize={data.pageSize} total={data.total} hrefOf={(n) => href({ page: n })} label={ko.admin.pager} />}
      <ProductMapDialog target={target} onHide={() => setTarget(null)} />
    </>
  );
}
