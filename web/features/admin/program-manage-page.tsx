// programManage (/system/program/list): the registered pages menu entries point at, 50 a page
// from the server, with search, sort, a new program, edit, and delete (refused while a menu
// entry uses it: the button says why instead of failing).
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { ProgramRow } from '../../../common/api/admin-menus';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { confirm } from '../../ui/confirm';
import { ListPager } from '../../ui/list-pager';
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { AdminActions, AdminFrame } from './admin-frame';
import { useProgramDelete, usePrograms } from './menu-api';
import { ProgramDialog, type ProgramTarget } from './program-dialog';
import './menu-manage.css';
import { AdminTable } from './admin-table';

const t = ko.admin.program;
const PAGE_SIZE = 50;
const SORTS = ['id', 'name', 'url'] as const;
type Sort = (typeof SORTS)[number];

function readParams(params: URLSearchParams) {
  const sort = params.get('sort') ?? 'id';
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').slice(0, 60),
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : 'id',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function queryString(f: ReturnType<typeof readParams>): string {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.sort !== 'id') p.set('sort', f.sort);
  if (f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export default function ProgramManagePage() {
  return (
    <AdminFrame page="programManage">
      <ProgramManage />
    </AdminFrame>
  );
}

function ProgramManage() {
  const [params, setParams] = useSearchParams();
  const f = readParams(params);
  const list = usePrograms({ page: f.page, sort: f.sort, ...(f.q && { search: f.q }) });
  const remove = useProgramDelete();
  const [editing, setEditing] = useState<ProgramTarget | null>(null);
  const [q, setQ] = useState(f.q);

  const change = (next: Partial<ReturnType<typeof readParams>>) => setParams(queryString({ ...f, ...next, page: 1 }).slice(1));
  const search = (e: FormEvent) => {
    e.preventDefault();
    change({ q: q.trim().slice(0, 60) });
  };

  const askDelete = (row: ProgramRow) =>
    confirm({
      message: t.deleteConfirm(row.name),
      defaultFocus: 'reject',
      accept: () => remove.mutate({ id: row.id }, { onSuccess: () => toast.success(t.deleted) }),
    });

  const actions = (row: ProgramRow) => {
    const used = row.menuCount > 0;
    return (
      <span className="row-actions">
        <Button type="button" icon="pi pi-pencil" label={ko.admin.edit} size="small" text aria-label={t.editLabel(row.name)} onClick={() => setEditing({ row })} />
        <Button
          type="button"
          icon="pi pi-trash"
          label={ko.admin.deleteAction}
          size="small"
          text
          severity="danger"
          aria-label={t.deleteLabel(row.name)}
          disabled={used}
          tooltip={used ? t.inUseTitle(formatNumber(row.menuCount)) : undefined}
          tooltipOptions={{ showOnDisabled: true }}
          onClick={() => askDelete(row)}
        />
      </span>
    );
  };
  const data = list.data;

  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-plus" label={t.newProgram} size="small" onClick={() => setEditing({ row: null })} />
      </AdminActions>
      <p className="admin-intro">{t.intro}</p>
      <form role="search" aria-label={t.filters} className="admin-filters" onSubmit={search}>
        <div className="filter-search">
          <label htmlFor="admin-program-q" className="visually-hidden">
            {t.search}
          </label>
          <InputText id="admin-program-q" type="search" value={q} maxLength={60} placeholder={t.searchPlaceholder} onChange={(e) => setQ(e.target.value)} enterKeyHint="search" />
          <LiteButton type="submit" icon="pi pi-search" label={t.searchSubmit} />
        </div>
        <div className="filter-selects">
          <label>
            <span className="filter-label">{t.sort}</span>
            <select className="p-inputtext p-component" value={f.sort} onChange={(e) => change({ sort: e.target.value as Sort })}>
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t.sorts[s]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </form>
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
        <Column header={t.colId} body={(row: ProgramRow) => <code>{row.id}</code>} />
        <Column header={t.colName} field="name" />
        <Column header={t.colUrl} body={(row: ProgramRow) => <span className="program-url">{row.url}</span>} />
        <Column header={t.colUsed} body={(row: ProgramRow) => (row.menuCount > 0 ? t.used(formatNumber(row.menuCount)) : t.unused)} />
        <Column header={t.colActions} body={actions} />
      </AdminTable>
      {data && <ListPager page={data.page} pageSize={data.pageSize || PAGE_SIZE} total={data.total} hrefOf={(page) => queryString({ ...f, page }) || '?'} label={ko.admin.pager} />}
      <ProgramDialog target={editing} onHide={() => setEditing(null)} />
    </>
  );
}
