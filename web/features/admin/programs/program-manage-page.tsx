// programManage (/system/program/list): the registered pages menu entries point at, 50 a page
// from the server, with search, sort, a new program, edit, and delete (refused while a menu
// entry uses it: the button says why instead of failing).
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import type { ProgramRow } from '../../../../common/api/admin-menus';
import { formatNumber } from '../../../../common/format';
import { koAdminProgram } from './texts';
import { confirm } from '../../../ui/confirm';
import { toast } from '../../../ui/toast-store';
import { useProgramDelete, usePrograms } from '../menus/api/menu-api';
import { AdminActions, AdminFrame } from '../shared/admin-frame';
import { AdminFilters, AdminList, DeleteButton, EditButton, FilterSelect } from '../shared/admin-list';
import { pageOf, useListAddress } from '../shared/list-address';
import { ProgramDialog, type ProgramTarget } from './program-dialog';
import './programs.css';

const t = koAdminProgram;
const SORTS = ['id', 'name', 'url'] as const;
type Sort = (typeof SORTS)[number];

function readParams(params: URLSearchParams) {
  const sort = params.get('sort') ?? 'id';
  return {
    q: (params.get('q') ?? '').slice(0, 60),
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : 'id',
    page: pageOf(params),
  };
}

export default function ProgramManagePage() {
  return (
    <AdminFrame page="programManage">
      <ProgramManage />
    </AdminFrame>
  );
}

function ProgramManage() {
  const { filters: f, change, hrefOf } = useListAddress(readParams, { sort: 'id' });
  const list = usePrograms({ page: f.page, sort: f.sort, ...(f.q && { search: f.q }) });
  const remove = useProgramDelete();
  const [editing, setEditing] = useState<ProgramTarget | null>(null);

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
        <EditButton label={t.editLabel(row.name)} onClick={() => setEditing({ row })} />
        <DeleteButton
          label={t.deleteLabel(row.name)}
          disabled={used}
          tooltip={used ? t.inUseTitle(formatNumber(row.menuCount)) : undefined}
          tooltipOptions={{ showOnDisabled: true }}
          onClick={() => askDelete(row)}
        />
      </span>
    );
  };

  return (
    <>
      <AdminActions>
        <Button type="button" icon="pi pi-plus" label={t.newProgram} size="small" onClick={() => setEditing({ row: null })} />
      </AdminActions>
      <p className="admin-intro">{t.intro}</p>
      <AdminFilters
        label={t.filters}
        search={{ id: 'admin-program-q', label: t.search, placeholder: t.searchPlaceholder, submit: t.searchSubmit, value: f.q, onSearch: (q) => change({ q }) }}
      >
        <FilterSelect label={t.sort} value={f.sort} onChange={(v) => change({ sort: v as Sort })}>
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t.sorts[s]}
            </option>
          ))}
        </FilterSelect>
      </AdminFilters>
      <AdminList data={list.data} loading={list.isFetching} count={(d) => t.total(formatNumber(d.total))} hrefOf={hrefOf} dataKey="id" emptyMessage={t.empty} label={t.tableLabel}>
        <Column header={t.colId} body={(row: ProgramRow) => <code>{row.id}</code>} />
        <Column header={t.colName} field="name" />
        <Column header={t.colUrl} body={(row: ProgramRow) => <span className="program-url">{row.url}</span>} />
        <Column header={t.colUsed} body={(row: ProgramRow) => (row.menuCount > 0 ? t.used(formatNumber(row.menuCount)) : t.unused)} />
        <Column header={t.colActions} body={actions} />
      </AdminList>
      <ProgramDialog target={editing} onHide={() => setEditing(null)} />
    </>
  );
}
