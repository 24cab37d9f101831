// The frame of an admin list page, under the title: the filter form (search words sent on Enter or
// the button, selects that apply at once), the count, the table (empty and loading states from
// PrimeReact) and the pager. The page brings its filters, columns, row actions and dialogs.
import { Button, type ButtonProps } from 'primereact/button';
import type { DataTableProps, DataTableValue, DataTableValueArray } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ko } from '../../../i18n/ko';
import { koAdmin } from '../texts';
import { ListPager } from '../../../ui/list-pager';
import { LiteButton } from '../../../ui/lite-button';
import { AdminTable } from './admin-table';

/** The admin lists' page size, for an answer that does not say. */
const PAGE_SIZE = 50;

export interface ListSearch {
  id: string;
  label: string;
  placeholder: string;
  submit: string;
  /** The words in the address; the box starts with them. */
  value: string;
  maxLength?: number;
  onSearch: (q: string) => void;
}

/** The filter form: a search box when `search` is given, then the selects (children). */
export function AdminFilters({ label, search, children }: { label: string; search?: ListSearch; children?: ReactNode }) {
  const [q, setQ] = useState(search?.value ?? '');
  const max = search?.maxLength ?? 60;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    search?.onSearch(q.trim().slice(0, max));
  };
  return (
    <form role={search ? 'search' : undefined} aria-label={label} className="admin-filters" onSubmit={submit}>
      {search && (
        <div className="filter-search">
          <label htmlFor={search.id} className="visually-hidden">
            {search.label}
          </label>
          <InputText id={search.id} type="search" value={q} maxLength={max} placeholder={search.placeholder} onChange={(e) => setQ(e.target.value)} enterKeyHint="search" />
          <LiteButton type="submit" icon="pi pi-search" label={search.submit} />
        </div>
      )}
      {children && <div className="filter-selects">{children}</div>}
    </form>
  );
}

/** A select of the filter form; its options are the children. */
export function FilterSelect({ label, value, onChange, children }: { label: string; value: string | number; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <label>
      <span className="filter-label">{label}</span>
      <select className="p-inputtext p-component" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

/** A page of rows as the admin list calls answer it. */
export interface ListAnswer<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminListProps<A extends ListAnswer<DataTableValue>> {
  /** The server's answer; undefined until the first one arrives. */
  data: A | undefined;
  loading: boolean;
  /** The count line of an answer (제품 12개). */
  count: (data: A) => string;
  hrefOf: (page: number) => string;
  dataKey: string;
  emptyMessage: string;
  /** The table's name for screen readers. */
  label: string;
  /** The columns. */
  children: ReactNode;
  /** Shown between the count and the table (the board list's order hint). */
  note?: ReactNode;
  /** Rows shown instead of the answer's (the board list while a new order is being saved). */
  rows?: A['items'];
  /** More of the table's props (row reorder, row expansion); a className replaces the admin one. */
  table?: Pick<DataTableProps<DataTableValueArray>, 'className' | 'stripedRows' | 'reorderableRows' | 'onRowReorder' | 'expandedRows' | 'onRowToggle' | 'rowExpansionTemplate'>;
}

export function AdminList<A extends ListAnswer<DataTableValue>>({ data, loading, count, hrefOf, dataKey, emptyMessage, label, children, note, rows, table }: AdminListProps<A>) {
  return (
    <>
      <p className="admin-count" aria-live="polite">
        {data ? count(data) : ko.common.loading}
      </p>
      {note}
      <AdminTable value={rows ?? data?.items ?? []} lazy dataKey={dataKey} loading={loading} emptyMessage={emptyMessage} aria-label={label} {...table}>
        {children}
      </AdminTable>
      {data && <ListPager page={data.page} pageSize={data.pageSize || PAGE_SIZE} total={data.total} hrefOf={hrefOf} label={koAdmin.pager} />}
    </>
  );
}

/** A row's 수정 button; `label` names the row for screen readers. */
export function EditButton({ label, onClick, caption = koAdmin.edit, disabled }: { label: string; onClick: () => void; caption?: string; disabled?: boolean }) {
  return <Button type="button" icon="pi pi-pencil" label={caption} size="small" text aria-label={label} disabled={disabled} onClick={onClick} />;
}

/** A row's 삭제 button; `label` names the row for screen readers. */
export function DeleteButton({ label, onClick, ...rest }: { label: string; onClick: () => void } & Pick<ButtonProps, 'disabled' | 'tooltip' | 'tooltipOptions'>) {
  return <Button type="button" icon="pi pi-trash" label={koAdmin.deleteAction} size="small" text severity="danger" aria-label={label} onClick={onClick} {...rest} />;
}
