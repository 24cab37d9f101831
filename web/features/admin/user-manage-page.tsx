// userManage (/system/user/list): every member, 50 a page from the server, found by id, nickname
// or email, filtered by status and role, sorted by join date, points or last login. 보기 opens
// the member's panel (user-panel.tsx) with their records and the actions.
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { USER_SORTS, USER_STATUSES, type AdminUserRow, type UserStatus } from '../../../common/api/admin-users';
import { formatDate, formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { ListPager } from '../../ui/list-pager';
import { LiteButton } from '../../ui/lite-button';
import { AdminFrame } from './admin-frame';
import { useAdminUsers, type UserListParams } from './user-api';
import { UserPanel } from './user-panel';
import { displayName, StatusTag } from './user-status';
import { userText as t } from './user-text';
import { AdminTable } from './admin-table';

type Sort = (typeof USER_SORTS)[number];
type Role = '' | 'admin' | 'member';
interface Filters {
  q: string;
  status: '' | UserStatus;
  role: Role;
  sort: Sort;
  page: number;
}

/** The filters from the address; anything unknown falls back to "all". */
function readFilters(params: URLSearchParams): Filters {
  const status = params.get('status') ?? '';
  const role = params.get('role') ?? '';
  const sort = params.get('sort') ?? 'joined';
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').slice(0, 60),
    status: (USER_STATUSES as readonly string[]).includes(status) ? (status as UserStatus) : '',
    role: role === 'admin' || role === 'member' ? role : '',
    sort: (USER_SORTS as readonly string[]).includes(sort) ? (sort as Sort) : 'joined',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function queryString(f: Filters): string {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.status) p.set('status', f.status);
  if (f.role) p.set('role', f.role);
  if (f.sort !== 'joined') p.set('sort', f.sort);
  if (f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export default function UserManagePage() {
  return (
    <AdminFrame page="userManage">
      <UserManage />
    </AdminFrame>
  );
}

function UserManage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const request: UserListParams = {
    page: filters.page,
    sort: filters.sort,
    ...(filters.q && { search: filters.q }),
    ...(filters.status && { status: filters.status }),
    ...(filters.role && { admin: filters.role === 'admin' }),
  };
  const list = useAdminUsers(request);
  const [open, setOpen] = useState<number | null>(null);
  const change = (next: Partial<Filters>) => setParams(queryString({ ...filters, ...next, page: 1 }).slice(1));
  const data = list.data;

  const memberCell = (row: AdminUserRow) => (
    <span className="product-cell">
      <span className="product-cell-name">{displayName(row)}</span>
      <span className="product-cell-ko">{row.userId}</span>
      <span className="product-tags">
        {row.admin && <span className="tag">{t.adminTag}</span>}
        {row.real && <span className="tag">{t.realTag}</span>}
      </span>
    </span>
  );

  return (
    <>
      <UserFilters key={filters.q} values={filters} onChange={change} />
      <p className="admin-count" aria-live="polite">
        {data ? t.total(formatNumber(data.total)) : ko.common.loading}
      </p>
      <AdminTable
        value={data?.items ?? []}
        lazy
        dataKey="no"
        loading={list.isFetching}
        emptyMessage={t.empty}
        aria-label={t.tableLabel}
      >
        <Column header={t.colMember} body={memberCell} />
        <Column header={t.colEmail} body={(row: AdminUserRow) => row.email || t.never} />
        <Column header={t.colLevel} body={(row: AdminUserRow) => row.levelName || t.never} />
        <Column header={t.colPoints} body={(row: AdminUserRow) => formatNumber(row.points)} />
        <Column header={t.colStatus} body={(row: AdminUserRow) => <StatusTag row={row} />} />
        <Column header={t.colJoined} body={(row: AdminUserRow) => formatDate(row.joinDate)} />
        <Column header={t.colLastLogin} body={(row: AdminUserRow) => (row.lastLoginAt ? row.lastLoginAt.slice(0, 16) : t.never)} />
        <Column
          header={t.colActions}
          body={(row: AdminUserRow) => (
            <span className="row-actions">
              <Button type="button" icon="pi pi-user" label={t.open} size="small" text aria-label={t.openLabel(displayName(row))} onClick={() => setOpen(row.no)} />
            </span>
          )}
        />
      </AdminTable>
      {data && <ListPager page={data.page} pageSize={data.pageSize} total={data.total} hrefOf={(page) => queryString({ ...filters, page }) || '?'} label={ko.admin.pager} />}
      <UserPanel userNo={open} onHide={() => setOpen(null)} />
    </>
  );
}

function UserFilters({ values, onChange }: { values: Filters; onChange: (next: Partial<Filters>) => void }) {
  const [q, setQ] = useState(values.q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ q: q.trim().slice(0, 60) });
  };
  return (
    <form role="search" aria-label={t.filters} className="admin-filters" onSubmit={submit}>
      <div className="filter-search">
        <label htmlFor="admin-user-q" className="visually-hidden">
          {t.search}
        </label>
        <InputText id="admin-user-q" type="search" value={q} maxLength={60} placeholder={t.searchPlaceholder} onChange={(e) => setQ(e.target.value)} enterKeyHint="search" />
        <LiteButton type="submit" icon="pi pi-search" label={t.searchSubmit} />
      </div>
      <div className="filter-selects">
        <label>
          <span className="filter-label">{t.status}</span>
          <select className="p-inputtext p-component" value={values.status} onChange={(e) => onChange({ status: e.target.value as Filters['status'] })}>
            <option value="">{t.allStatuses}</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.statuses[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="filter-label">{t.role}</span>
          <select className="p-inputtext p-component" value={values.role} onChange={(e) => onChange({ role: e.target.value as Role })}>
            <option value="">{t.allRoles}</option>
            <option value="admin">{t.adminsOnly}</option>
            <option value="member">{t.membersOnly}</option>
          </select>
        </label>
        <label>
          <span className="filter-label">{t.sort}</span>
          <select className="p-inputtext p-component" value={values.sort} onChange={(e) => onChange({ sort: e.target.value as Sort })}>
            {USER_SORTS.map((s) => (
              <option key={s} value={s}>
                {t.sorts[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
    </form>
  );
}
