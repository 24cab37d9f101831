// One member's panel on userManage: their record in tabs (basic facts, points ledger, nickname
// and level history, recent posts, reports against them) and the actions: edit, points, suspend,
// restore. Each action asks for confirmation before it is sent (user-forms.tsx).
import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminUserView } from '../../../../common/api/admin-users';
import { formatNumber } from '../../../../common/format';
import { boardViewPath } from '../../../shared/paths';
import { ko } from '../../../i18n/ko';
import { AppDialog } from '../../../ui/app-dialog';
import { confirm } from '../../../ui/confirm';
import { toast } from '../../../ui/toast-store';
import { useAdminUser, useUserRestore } from './api/user-api';
import { PointsDialog, SuspendDialog, UserEditDialog } from './user-forms';
import { displayName, StatusTag } from './user-status';
import { koAdminUser as t } from './texts';
import './user.css';

type Action = 'edit' | 'points' | 'suspend' | null;

export function UserPanel({ userNo, onHide }: { userNo: number | null; onHide: () => void }) {
  const view = useAdminUser(userNo);
  const data = userNo !== null && view.data?.user.no === userNo ? view.data : undefined;
  return (
    <AppDialog
      header={data ? t.panelTitle(displayName(data.user)) : t.loading}
      visible={userNo !== null}
      onHide={onHide}
      modal
      draggable={false}
      className="user-panel"
      style={{ width: '52rem', maxWidth: '96vw' }}
    >
      {data ? (
        <PanelBody data={data} />
      ) : (
        <p className="page-loading" role="status">
          {view.isError ? ko.error.generic : ko.common.loading}
        </p>
      )}
    </AppDialog>
  );
}

function PanelBody({ data }: { data: AdminUserView }) {
  const [action, setAction] = useState<Action>(null);
  const restore = useUserRestore();
  const u = data.user;
  const name = displayName(u);
  const suspended = u.status === 'suspended';
  const withdrawn = u.status === 'withdrawn';

  const askRestore = () =>
    confirm({
      message: t.restoreConfirm(name),
      accept: () => restore.mutate({ userNo: u.no }, { onSuccess: () => toast.success(t.restoreDone) }),
    });

  return (
    <>
      <TabView className="user-tabs" scrollable>
        <TabPanel header={t.tabs.info}>
          <dl className="user-facts">
            <Fact label={t.userId}>{u.userId}</Fact>
            <Fact label={t.nickName}>{u.nickName || t.never}</Fact>
            <Fact label={t.email}>{u.email || t.never}</Fact>
            <Fact label={t.level}>{u.levelName || t.noLevel}</Fact>
            <Fact label={t.points}>{formatNumber(u.points)}</Fact>
            <Fact label={t.status}>
              <StatusTag row={u} />
            </Fact>
            {suspended && u.suspendReason && <Fact label={t.suspendReason}>{u.suspendReason}</Fact>}
            <Fact label={t.joined}>{u.joinDate}</Fact>
            <Fact label={t.lastLogin}>{u.lastLoginAt ?? t.never}</Fact>
            <Fact label={t.real}>{u.real ? t.realYes : t.realNo}</Fact>
            <Fact label={t.isAdmin}>{u.admin ? t.yes : t.no}</Fact>
          </dl>
          {!withdrawn && (
            <div className="user-actions" role="group" aria-label={t.actions}>
              <Button type="button" icon="pi pi-pencil" label={t.edit} size="small" outlined onClick={() => setAction('edit')} />
              <Button type="button" icon="pi pi-star" label={t.adjustPoints} size="small" outlined onClick={() => setAction('points')} />
              {suspended ? (
                <Button type="button" icon="pi pi-undo" label={t.restore} size="small" severity="success" outlined loading={restore.isPending} onClick={askRestore} />
              ) : (
                <Button type="button" icon="pi pi-ban" label={t.suspend} size="small" severity="danger" outlined disabled={u.admin} onClick={() => setAction('suspend')} />
              )}
            </div>
          )}
        </TabPanel>
        <TabPanel header={t.tabs.points}>
          <Ledger rows={data.ledger} />
        </TabPanel>
        <TabPanel header={t.tabs.history}>
          <History caption={t.nickHistory} rows={data.nickHistory} />
          <History caption={t.levelHistory} rows={data.levelHistory} />
        </TabPanel>
        <TabPanel header={t.tabs.posts}>
          <Posts rows={data.posts} />
        </TabPanel>
        <TabPanel header={`${t.tabs.reports} ${formatNumber(data.reports.total)}`}>
          <Reports data={data.reports} />
        </TabPanel>
      </TabView>
      <UserEditDialog view={action === 'edit' ? data : null} onHide={() => setAction(null)} />
      <PointsDialog user={action === 'points' ? u : null} onHide={() => setAction(null)} />
      <SuspendDialog user={action === 'suspend' ? u : null} onHide={() => setAction(null)} />
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="user-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Ledger({ rows }: { rows: AdminUserView['ledger'] }) {
  if (rows.length === 0) return <p className="user-empty">{t.ledgerEmpty}</p>;
  return (
    <table className="user-table">
      <caption>{t.ledgerLabel}</caption>
      <thead>
        <tr>
          <th scope="col">{t.ledgerWhen}</th>
          <th scope="col">{t.ledgerAmount}</th>
          <th scope="col">{t.ledgerReason}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.createdAt}-${i}`}>
            <td className="user-date">{r.createdAt}</td>
            <td className={r.amount < 0 ? 'amount-minus' : 'amount-plus'}>{(r.amount > 0 ? '+' : '') + formatNumber(r.amount)}</td>
            <td>{r.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function History({ caption, rows }: { caption: string; rows: AdminUserView['nickHistory'] }) {
  return (
    <table className="user-table">
      <caption>{caption}</caption>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td>{t.historyEmpty}</td>
          </tr>
        )}
        {rows.map((r, i) => (
          <tr key={`${r.regDate}-${i}`}>
            <td>{r.content}</td>
            <td className="user-date">{r.regDate}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Posts({ rows }: { rows: AdminUserView['posts'] }) {
  if (rows.length === 0) return <p className="user-empty">{t.postsEmpty}</p>;
  return (
    <ul className="user-posts">
      {rows.map((p) => (
        <li key={p.key}>
          <span className="user-post-board">{p.boardName}</span>{' '}
          {p.deleted ? <span>{p.subject}</span> : <Link to={boardViewPath(p.boardId, p.key)}>{p.subject}</Link>}{' '}
          {p.deleted && <span className="tag tag-hidden">{t.postDeleted}</span>}
          {p.hidden && <span className="tag tag-hidden">{t.postHidden}</span>}
          <span className="user-date"> {p.createdAt}</span>
        </li>
      ))}
    </ul>
  );
}

function Reports({ data }: { data: AdminUserView['reports'] }) {
  return (
    <>
      <p>{t.reportsSummary(formatNumber(data.total), formatNumber(data.open))}</p>
      {data.recent.length === 0 ? (
        <p className="user-empty">{t.reportsEmpty}</p>
      ) : (
        <ul className="user-posts">
          {data.recent.map((r) => (
            <li key={r.id}>
              <span className="tag">{t.reportKinds[r.kind] ?? r.kind}</span> <span className="tag">{t.reportStatuses[r.status] ?? r.status}</span> {r.reason}
              <span className="user-date">
                {' '}
                {t.reportBy(r.reporter)} · {r.createdAt}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
