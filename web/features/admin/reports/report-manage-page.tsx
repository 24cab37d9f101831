// reportManage (/system/report/list): the report queue, open reports first, 50 a page, filtered by
// status and kind in the address. Each row shows the reported thing in context (subject, excerpt,
// board, a link, how many reported it) and the three outcomes, each confirmed; a hidden thing can
// be shown again (the answer says what happens next, decision 33). A board manager gets the same
// page for their boards' reports, without suspending anyone (docs/product/board-managers.md).
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { REPORT_KIND_LABEL, REPORT_STATUS_LABEL, ReportKind, ReportStatus, type ReportOutcome } from '../../../../common/api/reports';
import { formatDate, formatDateTime, formatNumber } from '../../../../common/format';
import { koReportAdmin as t } from './texts';
import { confirm } from '../../../ui/confirm';
import { toast } from '../../../ui/toast-store';
import { AdminFrame } from '../shared/admin-frame';
import { AdminFilters, AdminList, FilterSelect } from '../shared/admin-list';
import { pageOf, useListAddress } from '../shared/list-address';
import { useAdminReports, useReportResolve, useReportRestore, type ReportListParams, type ReportRow } from './api/report-api';
import { ReportSuspendDialog } from './report-suspend-dialog';
import { HeldQueue, QueueTabs, useHeldView } from './held-queue';
import { useSessionUser } from '../../../shared/session-store';
import './reports.css';

const LIVE_KINDS = ['post', 'comment', 'letter', 'market', 'gallery'] as const;

interface Filters {
  status: ReportListParams['status'];
  kind: ReportListParams['kind'];
  page: number;
}

function readFilters(params: URLSearchParams): Filters {
  const status = ReportStatus.safeParse(params.get('status'));
  const kind = ReportKind.safeParse(params.get('kind'));
  return {
    status: status.success ? status.data : undefined,
    kind: kind.success ? kind.data : undefined,
    page: pageOf(params),
  };
}

/** How a row is named to screen readers and in confirmations. */
const thingName = (row: ReportRow) => `${REPORT_KIND_LABEL[row.kind]} ${row.target.subject ? `'${row.target.subject}'` : `#${row.targetKey}`}`;

export default function ReportManagePage() {
  return (
    <AdminFrame page="reportManage">
      <ReportViews />
    </AdminFrame>
  );
}

/** The reports, or (administrators, ?view=held) the content held for review (docs/product/spam.md). */
function ReportViews() {
  const held = useHeldView();
  const admin = useSessionUser().admin;
  return (
    <>
      {admin && <QueueTabs held={held} />}
      {admin && held ? <HeldQueue /> : <ReportManage />}
    </>
  );
}

function ReportManage() {
  const { filters, change, hrefOf } = useListAddress(readFilters);
  const list = useAdminReports({ page: filters.page, ...(filters.status && { status: filters.status }), ...(filters.kind && { kind: filters.kind }) });
  const resolve = useReportResolve();
  const restore = useReportRestore();
  const [suspending, setSuspending] = useState<ReportRow | null>(null);
  // A board manager's queue: their boards' reports; suspending is the administrators' call.
  const manager = list.data?.manager === true;

  const run = (row: ReportRow, outcome: ReportOutcome) =>
    resolve.mutate({ id: row.id, outcome, note: '' }, { onSuccess: () => toast.success(t.done[outcome]) });

  const ask = (row: ReportRow, outcome: 'dismiss' | 'hide') =>
    confirm({
      message: outcome === 'dismiss' ? t.confirmDismiss(row.reportCount) : t.confirmHide(row.reportCount),
      defaultFocus: 'reject',
      accept: () => run(row, outcome),
    });

  const askRestore = (row: ReportRow) =>
    confirm({
      message: t.confirmRestore,
      defaultFocus: 'reject',
      accept: () => restore.mutate({ id: row.id }, { onSuccess: (r) => toast.success(r.next) }),
    });

  const thingCell = (row: ReportRow) => (
    <div className="report-thing">
      <span>
        <span className="tag">{REPORT_KIND_LABEL[row.kind]}</span> {row.target.hidden && <span className="tag tag-hidden">{t.hiddenTag}</span>}
      </span>
      {row.target.exists ? (
        <>
          {row.target.subject && <span className="report-thing-subject">{row.target.subject}</span>}
          {row.target.excerpt && <p className="report-excerpt">{row.target.excerpt}</p>}
          <span className="report-meta">
            {row.target.boardName && <>{row.target.boardName} · </>}
            {t.count(row.reportCount)}
            {row.target.url && (
              <>
                {' · '}
                <a href={row.target.url} target="_blank" rel="noopener noreferrer">
                  {t.open}
                  <span className="visually-hidden"> {t.newWindow}</span>
                </a>
              </>
            )}
          </span>
        </>
      ) : (
        <span className="report-meta">{t.gone}</span>
      )}
    </div>
  );
  const peopleCell = (row: ReportRow) => (
    <span className="report-people">
      <span>
        {t.author}: {row.author ? `${row.author.nickName} (${row.author.userId})` : t.unknownAuthor}
        {row.author?.status === 'suspended' && <span className="tag tag-hidden"> {t.suspendedTag}</span>}
      </span>
      <span>
        {t.reporter}: {row.reporter.nickName} ({row.reporter.userId})
      </span>
      <span className="report-meta">{formatDateTime(row.createdAt)}</span>
    </span>
  );
  const statusCell = (row: ReportRow) => (
    <span className="report-people">
      <span className={row.status === 'open' ? 'tag tag-open' : 'tag'}>{REPORT_STATUS_LABEL[row.status]}</span>
      {row.resolvedAt && <span className="report-meta">{t.resolvedAt(formatDate(row.resolvedAt))}</span>}
    </span>
  );
  const actionsCell = (row: ReportRow) => {
    if (row.status !== 'open') {
      if (!row.target.exists || !row.target.hidden) return null;
      return (
        <span className="row-actions report-actions">
          <Button type="button" icon="pi pi-eye" label={t.restore} size="small" text aria-label={t.actionLabel(t.restore, thingName(row))} onClick={() => askRestore(row)} />
        </span>
      );
    }
    const name = thingName(row);
    const live = (LIVE_KINDS as readonly string[]).includes(row.kind);
    return (
      <span className="row-actions report-actions">
        <Button type="button" icon="pi pi-check" label={t.dismiss} size="small" text aria-label={t.actionLabel(t.dismiss, name)} onClick={() => ask(row, 'dismiss')} />
        <Button type="button" icon="pi pi-eye-slash" label={t.hide} size="small" text severity="warning" aria-label={t.actionLabel(t.hide, name)} disabled={!live} onClick={() => ask(row, 'hide')} />
        {!manager && (
          <Button
            type="button"
            icon="pi pi-ban"
            label={t.suspend}
            size="small"
            text
            severity="danger"
            aria-label={t.actionLabel(t.suspend, name)}
            disabled={!live || !row.author}
            onClick={() => setSuspending(row)}
          />
        )}
      </span>
    );
  };

  return (
    <>
      {manager && <p className="report-manager-note">{t.managerNote}</p>}
      <AdminFilters label={t.filters}>
        <FilterSelect label={t.status} value={filters.status ?? ''} onChange={(v) => change({ status: ReportStatus.safeParse(v).data })}>
          <option value="">{t.all}</option>
          {ReportStatus.options.map((s) => (
            <option key={s} value={s}>
              {REPORT_STATUS_LABEL[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={t.kind} value={filters.kind ?? ''} onChange={(v) => change({ kind: ReportKind.safeParse(v).data })}>
          <option value="">{t.all}</option>
          {LIVE_KINDS.map((k) => (
            <option key={k} value={k}>
              {REPORT_KIND_LABEL[k]}
            </option>
          ))}
        </FilterSelect>
      </AdminFilters>
      <AdminList
        data={list.data}
        loading={list.isFetching}
        count={(d) => t.total(formatNumber(d.total), formatNumber(d.open))}
        hrefOf={hrefOf}
        dataKey="id"
        emptyMessage={t.empty}
        label={t.tableLabel}
      >
        <Column header={t.colThing} body={thingCell} />
        <Column header={t.colReason} body={(row: ReportRow) => <span className="report-reason">{row.reason}</span>} />
        <Column header={t.colPeople} body={peopleCell} />
        <Column header={t.colStatus} body={statusCell} />
        <Column header={t.colActions} body={actionsCell} />
      </AdminList>
      <ReportSuspendDialog row={suspending} onHide={() => setSuspending(null)} />
    </>
  );
}
