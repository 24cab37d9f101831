// reportManage (/system/report/list): the report queue, open reports first, 50 a page, filtered by
// status and kind in the address. Each row shows the reported thing in context (subject, excerpt,
// board, a link, how many reported it) and the three outcomes, each confirmed.
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { REPORT_KIND_LABEL, REPORT_STATUS_LABEL, ReportKind, ReportStatus, type ReportOutcome } from '../../../common/api/reports';
import { formatDate, formatDateTime, formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { koReportAdmin as t } from '../../i18n/ko-moderation';
import { confirm } from '../../ui/confirm';
import { ListPager } from '../../ui/list-pager';
import { toast } from '../../ui/toast-store';
import { AdminFrame } from './admin-frame';
import { useAdminReports, useReportResolve, type ReportListParams, type ReportRow } from './api/report-api';
import { ReportSuspendDialog } from './report-suspend-dialog';
import './moderation.css';
import { AdminTable } from './admin-table';

const PAGE_SIZE = 50;
const LIVE_KINDS = ['post', 'comment', 'letter'] as const;

interface Filters {
  status: ReportListParams['status'];
  kind: ReportListParams['kind'];
  page: number;
}

function readFilters(params: URLSearchParams): Filters {
  const status = ReportStatus.safeParse(params.get('status'));
  const kind = ReportKind.safeParse(params.get('kind'));
  const page = Number(params.get('page') ?? '1');
  return {
    status: status.success ? status.data : undefined,
    kind: kind.success ? kind.data : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function queryString(f: Filters): string {
  const p = new URLSearchParams();
  if (f.status) p.set('status', f.status);
  if (f.kind) p.set('kind', f.kind);
  if (f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** How a row is named to screen readers and in confirmations. */
const thingName = (row: ReportRow) => `${REPORT_KIND_LABEL[row.kind]} ${row.target.subject ? `'${row.target.subject}'` : `#${row.targetKey}`}`;

export default function ReportManagePage() {
  return (
    <AdminFrame page="reportManage">
      <ReportManage />
    </AdminFrame>
  );
}

function ReportManage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const list = useAdminReports({ page: filters.page, ...(filters.status && { status: filters.status }), ...(filters.kind && { kind: filters.kind }) });
  const resolve = useReportResolve();
  const [suspending, setSuspending] = useState<ReportRow | null>(null);
  const change = (next: Partial<Filters>) => setParams(queryString({ ...filters, ...next, page: 1 }).slice(1));

  const run = (row: ReportRow, outcome: ReportOutcome) =>
    resolve.mutate({ id: row.id, outcome, note: '' }, { onSuccess: () => toast.success(t.done[outcome]) });

  const ask = (row: ReportRow, outcome: 'dismiss' | 'hide') =>
    confirm({
      message: outcome === 'dismiss' ? t.confirmDismiss(row.reportCount) : t.confirmHide(row.reportCount),
      defaultFocus: 'reject',
      accept: () => run(row, outcome),
    });

  const data = list.data;
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
    if (row.status !== 'open') return null;
    const name = thingName(row);
    const live = (LIVE_KINDS as readonly string[]).includes(row.kind);
    return (
      <span className="row-actions report-actions">
        <Button type="button" icon="pi pi-check" label={t.dismiss} size="small" text aria-label={t.actionLabel(t.dismiss, name)} onClick={() => ask(row, 'dismiss')} />
        <Button type="button" icon="pi pi-eye-slash" label={t.hide} size="small" text severity="warning" aria-label={t.actionLabel(t.hide, name)} disabled={!live} onClick={() => ask(row, 'hide')} />
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
      </span>
    );
  };

  return (
    <>
      <form aria-label={t.filters} className="admin-filters" onSubmit={(e) => e.preventDefault()}>
        <div className="filter-selects">
          <label>
            <span className="filter-label">{t.status}</span>
            <select className="p-inputtext p-component" value={filters.status ?? ''} onChange={(e) => change({ status: ReportStatus.safeParse(e.target.value).data })}>
              <option value="">{t.all}</option>
              {ReportStatus.options.map((s) => (
                <option key={s} value={s}>
                  {REPORT_STATUS_LABEL[s]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span className="filter-label">{t.kind}</span>
            <select className="p-inputtext p-component" value={filters.kind ?? ''} onChange={(e) => change({ kind: ReportKind.safeParse(e.target.value).data })}>
              <option value="">{t.all}</option>
              {LIVE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {REPORT_KIND_LABEL[k]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </form>
      <p className="admin-count" aria-live="polite">
        {data ? t.total(formatNumber(data.total), formatNumber(data.open)) : ko.common.loading}
      </p>
      <AdminTable
        value={data?.items ?? []}
        lazy
        dataKey="id"
        loading={list.isFetching}
        emptyMessage={t.empty}
        aria-label={t.tableLabel}
      >
        <Column header={t.colThing} body={thingCell} />
        <Column header={t.colReason} body={(row: ReportRow) => <span className="report-reason">{row.reason}</span>} />
        <Column header={t.colPeople} body={peopleCell} />
        <Column header={t.colStatus} body={statusCell} />
        <Column header={t.colActions} body={actionsCell} />
      </AdminTable>
      {data && <ListPager page={data.page} pageSize={data.pageSize || PAGE_SIZE} total={data.total} hrefOf={(page) => queryString({ ...filters, page }) || '?'} label={ko.admin.pager} />}
      <ReportSuspendDialog row={suspending} onHide={() => setSuspending(null)} />
    </>
  );
}
