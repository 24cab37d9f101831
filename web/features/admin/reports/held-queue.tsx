// The report queue's second view (?view=held): content held for review (docs/product/spam.md),
// newest first, 50 a page. Each row shows the thing in context and its author, and is released
// (shown to everyone; optionally ending the author's hold) or removed, each confirmed. The tabs
// between the two views are links, so back and forward and a shared address keep the view.
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, formatNumber } from '../../../../common/format';
import { confirm } from '../../../ui/confirm';
import { toast } from '../../../ui/toast-store';
import { AdminList } from '../shared/admin-list';
import { pageOf, useListAddress } from '../shared/list-address';
import { useHeldList, useHeldRelease, useHeldRemove, type HeldRow } from './api/held-api';
import { koHeld as t } from './held-texts';
import './held.css';

/** Whether the address asks for the held view. */
export const useHeldView = () => useSearchParams()[0].get('view') === 'held';

/** The two views of the queue; only administrators have the held one. */
export function QueueTabs({ held }: { held: boolean }) {
  return (
    <nav className="queue-tabs" aria-label={t.tabs}>
      <Link to="?" aria-current={held ? undefined : 'page'} className={held ? 'queue-tab' : 'queue-tab active'}>
        {t.reportsTab}
      </Link>
      <Link to="?view=held" aria-current={held ? 'page' : undefined} className={held ? 'queue-tab active' : 'queue-tab'}>
        {t.heldTab}
      </Link>
    </nav>
  );
}

const readHeld = (params: URLSearchParams) => ({ view: 'held', page: pageOf(params) });
const nameOf = (row: HeldRow) => `${t.kind[row.kind]} ${row.subject ? `'${row.subject}'` : `#${row.targetKey}`}`;

export function HeldQueue() {
  const { filters, hrefOf } = useListAddress(readHeld);
  const list = useHeldList(filters.page);
  const release = useHeldRelease();
  const remove = useHeldRemove();

  const ask = (row: HeldRow, what: 'release' | 'releaseMember' | 'remove') =>
    confirm({
      message: what === 'release' ? t.confirmRelease : what === 'releaseMember' ? t.confirmReleaseMember : t.confirmRemove,
      defaultFocus: 'reject',
      accept: () => {
        const done = { onSuccess: (r: { message: string }) => toast.success(r.message) };
        if (what === 'remove') remove.mutate({ id: row.id }, done);
        else release.mutate({ id: row.id, member: what === 'releaseMember' }, done);
      },
    });

  const thingCell = (row: HeldRow) => (
    <div className="report-thing">
      <span>
        <span className="tag">{t.kind[row.kind]}</span>
      </span>
      {row.subject && <span className="report-thing-subject">{row.subject}</span>}
      {row.excerpt && <p className="report-excerpt">{row.excerpt}</p>}
      <span className="report-meta">
        {row.boardName && <>{row.boardName} · </>}
        {t.heldAt(formatDateTime(row.heldAt))}
        {row.url && (
          <>
            {' · '}
            <a href={row.url} target="_blank" rel="noopener noreferrer">
              {t.open}
              <span className="visually-hidden"> {t.newWindow}</span>
            </a>
          </>
        )}
      </span>
    </div>
  );
  const authorCell = (row: HeldRow) => (
    <span className="report-people">
      <span>
        {row.author.nickName} ({row.author.userId})
      </span>
      {row.authorHeld && <span className="tag tag-hidden">{t.stillHeld}</span>}
    </span>
  );
  const actionsCell = (row: HeldRow) => {
    const name = nameOf(row);
    return (
      <span className="row-actions report-actions">
        <Button type="button" icon="pi pi-eye" label={t.release} size="small" text aria-label={t.actionLabel(t.release, name)} onClick={() => ask(row, 'release')} />
        {row.authorHeld && (
          <Button type="button" icon="pi pi-user-plus" label={t.releaseMember} size="small" text aria-label={t.actionLabel(t.releaseMember, name)} onClick={() => ask(row, 'releaseMember')} />
        )}
        <Button type="button" icon="pi pi-trash" label={t.remove} size="small" text severity="danger" aria-label={t.actionLabel(t.remove, name)} onClick={() => ask(row, 'remove')} />
      </span>
    );
  };

  return (
    <>
      <p className="held-intro">{t.intro}</p>
      <AdminList data={list.data} loading={list.isFetching} count={(d) => t.total(formatNumber(d.total))} hrefOf={hrefOf} dataKey="id" emptyMessage={t.empty} label={t.tableLabel}>
        <Column header={t.colThing} body={thingCell} />
        <Column header={t.colAuthor} body={authorCell} />
        <Column header={t.colActions} body={actionsCell} />
      </AdminList>
    </>
  );
}
