// donateManage (/system/donate/list): every donation, 50 a page from the server, with search,
// year and sort in the address; record, edit and delete (confirmed).
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { koDonate as t } from '../../i18n/ko-moderation';
import { confirm } from '../../ui/confirm';
import { ListPager } from '../../ui/list-pager';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { AdminActions, AdminFrame } from './admin-frame';
import { useAdminDonations, useDonateDelete, type DonateListParams, type DonationRow } from './api/donate-api';
import { DonateDialog, type DonateTarget } from './donate-dialog';
import './moderation.css';
import { AdminTable } from './admin-table';

const PAGE_SIZE = 50;
const FIRST_YEAR = 2000;

interface Filters {
  q: string;
  year: number | null;
  sort: 'date' | 'amount';
  page: number;
}

function readFilters(params: URLSearchParams): Filters {
  const year = Number(params.get('year'));
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').slice(0, 60),
    year: Number.isInteger(year) && year >= FIRST_YEAR && year <= 2200 ? year : null,
    sort: params.get('sort') === 'amount' ? 'amount' : 'date',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function queryString(f: Filters): string {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.year) p.set('year', String(f.year));
  if (f.sort !== 'date') p.set('sort', f.sort);
  if (f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

const donorOf = (row: DonationRow) => (row.donorKind === 'anonymous' ? t.anonymous : row.donorName);

export default function DonateManagePage() {
  return (
    <AdminFrame page="donateManage">
      <DonateManage />
    </AdminFrame>
  );
}

function DonateManage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const request: DonateListParams = { page: filters.page, sort: filters.sort, ...(filters.q && { search: filters.q }), ...(filters.year && { year: filters.year }) };
  const list = useAdminDonations(request);
  const remove = useDonateDelete();
  const [editing, setEditing] = useState<DonateTarget | null>(null);
  const [q, setQ] = useState(filters.q);
  const change = (next: Partial<Filters>) => setParams(queryString({ ...filters, ...next, page: 1 }).slice(1));
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => thisYear - i);

  const search = (e: FormEvent) => {
    e.preventDefault();
    change({ q: q.trim().slice(0, 60) });
  };

  const askDelete = (row: DonationRow) =>
    confirm({
      message: t.deleteConfirm(donorOf(row), row.donatedOn),
      defaultFocus: 'reject',
      accept: () => remove.mutate(row.id, { onSuccess: () => toast.success(t.deleted) }),
    });

  const data = list.data;
  const donorCell = (row: DonationRow) => (
    <span className="product-cell">
      <span className="product-cell-name">{donorOf(row)}</span>
      {row.donorUserId && <span className="product-cell-ko">{row.donorUserId}</span>}
      <span className="product-tags">
        {row.donorKind === 'member' && <span className="tag">{t.memberTag}</span>}
        {!row.amountPublic && <span className="tag tag-hidden">{t.privateTag}</span>}
      </span>
    </span>
  );
  const actionsCell = (row: DonationRow) => (
    <span className="row-actions">
      <Button type="button" icon="pi pi-pencil" label={ko.admin.edit} size="small" text aria-label={t.editLabel(donorOf(row))} onClick={() => setEditing({ row })} />
      <Button type="button" icon="pi pi-trash" label={ko.admin.deleteAction} size="small" text severity="danger" aria-label={t.deleteLabel(donorOf(row))} onClick={() => askDelete(row)} />
    </span>
  );

  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-plus" label={t.newDonation} size="small" onClick={() => setEditing({ row: null })} />
      </AdminActions>
      <form role="search" aria-label={t.filters} className="admin-filters" onSubmit={search}>
        <div className="filter-search">
          <label htmlFor="admin-donate-q" className="visually-hidden">
            {t.search}
          </label>
          <InputText id="admin-donate-q" type="search" value={q} maxLength={60} placeholder={t.searchPlaceholder} onChange={(e) => setQ(e.target.value)} enterKeyHint="search" />
          <LiteButton type="submit" icon="pi pi-search" label={t.searchSubmit} />
        </div>
        <div className="filter-selects">
          <label>
            <span className="filter-label">{t.year}</span>
            <select className="p-inputtext p-component" value={filters.year ?? ''} onChange={(e) => change({ year: e.target.value ? Number(e.target.value) : null })}>
              <option value="">{t.allYears}</option>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="filter-label">{t.sort}</span>
            <select className="p-inputtext p-component" value={filters.sort} onChange={(e) => change({ sort: e.target.value === 'amount' ? 'amount' : 'date' })}>
              <option value="date">{t.sorts.date}</option>
              <option value="amount">{t.sorts.amount}</option>
            </select>
          </label>
        </div>
      </form>
      <p className="admin-count" aria-live="polite">
        {data ? t.total(formatNumber(data.total), formatNumber(data.sum)) : ko.common.loading}
      </p>
      <AdminTable
        value={data?.items ?? []}
        lazy
        dataKey="id"
        loading={list.isFetching}
        emptyMessage={t.empty}
        aria-label={t.tableLabel}
      >
        <Column header={t.colDate} field="donatedOn" />
        <Column header={t.colDonor} body={donorCell} />
        <Column header={t.colAmount} body={(row: DonationRow) => t.won(formatNumber(row.amount))} />
        <Column header={t.colMessage} body={(row: DonationRow) => <span className="donate-message">{row.message || '–'}</span>} />
        <Column header={t.colActions} body={actionsCell} />
      </AdminTable>
      {data && <ListPager page={data.page} pageSize={data.pageSize || PAGE_SIZE} total={data.total} hrefOf={(page) => queryString({ ...filters, page }) || '?'} label={ko.admin.pager} />}
      <DonateDialog target={editing} onHide={() => setEditing(null)} />
    </>
  );
}
