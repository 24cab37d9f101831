// A member's shown name and status tag, shared by the member list and the member panel.
import type { AdminUserRow } from '../../../../common/api/admin-users';
import { koAdminUser as t } from './texts';

export const displayName = (row: Pick<AdminUserRow, 'nickName' | 'userId'>) => row.nickName || row.userId;

export function StatusTag({ row }: { row: Pick<AdminUserRow, 'status' | 'suspendedUntil'> }) {
  if (row.status === 'active') return <span className="tag">{t.statuses.active}</span>;
  if (row.status === 'withdrawn') return <span className="tag tag-hidden">{t.statuses.withdrawn}</span>;
  return (
    <span className="tag tag-hidden" title={row.suspendedUntil ? t.until(row.suspendedUntil.slice(0, 16)) : t.untilRestore}>
      {t.statuses.suspended} ({row.suspendedUntil ? t.until(row.suspendedUntil.slice(0, 10)) : t.untilRestore})
    </span>
  );
}
