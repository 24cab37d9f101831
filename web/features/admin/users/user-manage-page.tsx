// userManage (/system/user/list): every member, 50 a page from the server, found by id, nickname
// or email, filtered by status and role, sorted by join date, points or last login. 보기 opens
// the member's panel (user-panel.tsx) with their records and the actions.
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { USER_SORTS, USER_STATUSES, type AdminUserRow, type UserStatus } from '../../../../common/api/admin-users';
import { formatDate, formatNumber } from '../../../../common/format';
import { AdminFrame } from '../shared/admin-frame';
import { AdminFilters, AdminList, FilterSelect } from '../shared/admin-list';
import { pageOf, useListAddress } from '../shared/list-address';
import { useAdminUsers, type UserListParams } from './api/user-api';
import { UserPanel } from './user-panel';
import { displayName, StatusTag } from './user-status';
import { koAdminUser as t } from './texts';

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
  return {
    q: (params.get('q') ?? '').slice(0, 60),
    status: (USER_STATUSES as readonly string[]).includes(status) ? (status as UserStatus) : '',
    role: role === 'admin' || role === 'member' ? role : '',
    sort: (USER_SORTS as readonly string[]).includes(sort) ? (sort as Sort) : 'joined',
    page: pageOf(params),
  };
}

export default function UserManagePage() {
  return (
    <AdminFrame page="userManage">
      <UserManage />
    </AdminFrame>
  );
}

function UserManage() {
  const { filters, change, hrefOf } = useListAddress(readFilters, { sort: 'joined' });
  const request: UserListParams = {
    page: filters.page,
    sort: filters.sort,
    ...(filters.q && { search: filters.q }),
    ...(filters.status && { status: filters.status }),
    ...(filters.role && { admin: filters.role === 'admin' }),
  };
  const list = useAdminUsers(request);
  const [open, setOpen] = useState<number | null>(null);

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
      <AdminList data={list.data} loading={list.isFetching} count={(d) => t.total(formatNumber(d.total))} hrefOf={hrefOf} dataKey="no" emptyMessage={t.empty} label={t.tableLabel}>
        <Column header={t.colMember} body={memberCell} />
        <Column header={t.colEmail} bodyClassName="cell-address" body={(row: AdminUserRow) => row.email || t.never} />
        <Column header={t.colLevel} bodyClassName="cell-short" body={(row: AdminUserRow) => row.levelName || t.never} />
        <Column header={t.colPoints} bodyClassName="cell-short" body={(row: AdminUserRow) => formatNumber(row.points)} />
        <Column header={t.colStatus} bodyClassName="cell-short" body={(row: AdminUserRow) => <StatusTag row={row} />} />
        <Column header={t.colJoined} bodyClassName="cell-short" body={(row: AdminUserRow) => formatDate(row.joinDate)} />
        <Column header={t.colLastLogin} bodyClassName="cell-short" body={(row: AdminUserRow) => (row.lastLoginAt ? row.lastLoginAt.slice(0, 16) : t.never)} />
        <Column
          header={t.colActions}
          bodyClassName="cell-short"
          body={(row: AdminUserRow) => (
            <span className="row-actions">
              <Button type="button" icon="pi pi-user" label={t.open} size="small" text aria-label={t.openLabel(displayName(row))} onClick={() => setOpen(row.no)} />
            </span>
          )}
        />
      </AdminList>
      <UserPanel userNo={open} onHide={() => setOpen(null)} />
    </>
  );
}

function UserFilters({ values, onChange }: { values: Filters; onChange: (next: Partial<Filters>) => void }) {
  return (
    <AdminFilters
      label={t.filters}
      search={{ id: 'admin-user-q', label: t.search, placeholder: t.searchPlaceholder, submit: t.searchSubmit, value: values.q, onSearch: (q) => onChange({ q }) }}
    >
      <FilterSelect label={t.status} value={values.status} onChange={(v) => onChange({ status: v as Filters['status'] })}>
        <option value="">{t.allStatuses}</option>
        {USER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t.statuses[s]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={t.role} value={values.role} onChange={(v) => onChange({ role: v as Role })}>
        <option value="">{t.allRoles}</option>
        <option value="admin">{t.adminsOnly}</option>
        <option value="member">{t.membersOnly}</option>
      </FilterSelect>
      <FilterSelect label={t.sort} value={values.sort} onChange={(v) => onChange({ sort: v as Sort })}>
        {USER_SORTS.map((s) => (
          <option key={s} value={s}>
            {t.sorts[s]}
          </option>
        ))}
      </FilterSelect>
    </AdminFilters>
  );
}
