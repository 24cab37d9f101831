// donateManage (/system/donate/list): every donation, 50 a page from the server, with search,
// year and sort in the address; record, edit and delete (confirmed).
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { formatNumber, siteYear } from '../../../../common/format';
import { koDonate as t } from './texts';
import { confirm } from '../../../ui/confirm';
import { toast } from '../../../ui/toast-store';
import { AdminActions, AdminFrame } from '../shared/admin-frame';
import { AdminFilters, AdminList, DeleteButton, EditButton, FilterSelect } from '../shared/admin-list';
import { pageOf, useListAddress } from '../shared/list-address';
import { useAdminDonations, useDonateDelete, type DonateListParams, type DonationRow } from './api/donate-api';
import { DonateDialog, type DonateTarget } from './donate-dialog';
import './donations.css';

const FIRST_YEAR = 2000;

interface Filters {
  q: string;
  year: number | null;
  sort: 'date' | 'amount';
  page: number;
}

function readFilters(params: URLSearchParams): Filters {
  const year = Number(params.get('year'));
  return {
    q: (params.get('q') ?? '').slice(0, 60),
    year: Number.isInteger(year) && year >= FIRST_YEAR && year <= 2200 ? year : null,
    sort: params.get('sort') === 'amount' ? 'amount' : 'date',
    page: pageOf(params),
  };
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
  const { filters, change, hrefOf } = useListAddress(readFilters, { sort: 'date' });
  const request: DonateListParams = { page: filters.page, sort: filters.sort, ...(filters.q && { search: filters.q }), ...(filters.year && { year: filters.year }) };
  const list = useAdminDonations(request);
  const remove = useDonateDelete();
  const [editing, setEditing] = useState<DonateTarget | null>(null);
  const thisYear = siteYear();
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => thisYear - i);

  const askDelete = (row: DonationRow) =>
    confirm({
      message: t.deleteConfirm(donorOf(row), row.donatedOn),
      defaultFocus: 'reject',
      accept: () => remove.mutate(row.id, { onSuccess: () => toast.success(t.deleted) }),
    });

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
      <EditButton label={t.editLabel(donorOf(row))} onClick={() => setEditing({ row })} />
      <DeleteButton label={t.deleteLabel(donorOf(row))} onClick={() => askDelete(row)} />
    </span>
  );

  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-plus" label={t.newDonation} size="small" onClick={() => setEditing({ row: null })} />
      </AdminActions>
      <AdminFilters
        label={t.filters}
        search={{ id: 'admin-donate-q', label: t.search, placeholder: t.searchPlaceholder, submit: t.searchSubmit, value: filters.q, onSearch: (q) => change({ q }) }}
      >
        <FilterSelect label={t.year} value={filters.year ?? ''} onChange={(v) => change({ year: v ? Number(v) : null })}>
          <option value="">{t.allYears}</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={t.sort} value={filters.sort} onChange={(v) => change({ sort: v === 'amount' ? 'amount' : 'date' })}>
          <option value="date">{t.sorts.date}</option>
          <option value="amount">{t.sorts.amount}</option>
        </FilterSelect>
      </AdminFilters>
      <AdminList
        data={list.data}
        loading={list.isFetching}
        count={(d) => t.total(formatNumber(d.total), formatNumber(d.sum))}
        hrefOf={hrefOf}
        dataKey="id"
        emptyMessage={t.empty}
        label={t.tableLabel}
      >
        <Column header={t.colDate} field="donatedOn" />
        <Column header={t.colDonor} body={donorCell} />
        <Column header={t.colAmount} body={(row: DonationRow) => t.won(formatNumber(row.amount))} />
        <Column header={t.colMessage} body={(row: DonationRow) => <span className="donate-message">{row.message || '–'}</span>} />
        <Column header={t.colActions} body={actionsCell} />
      </AdminList>
      <DonateDialog target={editing} onHide={() => setEditing(null)} />
    </>
  );
}
