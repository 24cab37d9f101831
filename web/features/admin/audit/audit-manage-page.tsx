// auditManage (/system/audit/list): every admin write, newest first, 50 a page, filtered by
// admin, action, target and days. A row opens to show what changed, before and after side by
// side, as plain text (the record's values are never read as HTML).
import { Column } from 'primereact/column';
import type { DataTableExpandedRows } from 'primereact/datatable';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, formatNumber } from '../../../../common/format';
import { koAdminAudit } from './texts';
import { LiteButton } from '../../../ui/lite-button';
import { AdminFrame } from '../shared/admin-frame';
import { AdminList } from '../shared/admin-list';
import { pageOf } from '../shared/list-address';
import { useAudit, type AuditListParams, type AuditRow } from './api/audit';
import { diffRows } from './audit-diff';
import { actionName, fieldName, targetKindName, valueName } from './audit-names';
import { AuditFilters, FILTER_NAMES, type AuditFilterValues } from './audit-filters';
import './audit.css';

const t = koAdminAudit;

export default function AuditManagePage() {
  return (
    <AdminFrame page="auditManage">
      <AuditManage />
    </AdminFrame>
  );
}

/** The search of a list address with these filters and page (empty ones left out). */
export function auditHref(values: Partial<AuditFilterValues>, page = 1) {
  const p = new URLSearchParams();
  for (const n of FILTER_NAMES) if (values[n]) p.set(n, values[n]!);
  if (page > 1) p.set('page', String(page));
  return `?${p.toString()}`;
}

function Changes({ row }: { row: AuditRow }) {
  const rows = diffRows(row.before, row.after);
  const side = row.before === null ? t.created : row.after === null ? t.removed : null;
  return (
    <div className="audit-detail">
      {side && <p className="audit-side">{side}</p>}
      {rows.length === 0 ? (
        <p>{t.noChange}</p>
      ) : (
        <table className="audit-diff">
          <caption className="visually-hidden">{`${actionName(row.action)} ${targetKindName(row.targetKind)} ${row.targetKey}`}</caption>
          <thead>
            <tr>
              <th scope="col">{t.field}</th>
              <th scope="col">{t.before}</th>
              <th scope="col">{t.after}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.field}>
                <th scope="row" title={r.field}>
                  {r.field ? fieldName(r.field) : '–'}
                </th>
                <td className="audit-before" data-label={t.before}>
                  {valueName(r.before, r.field) ?? t.empty_value}
                </td>
                <td className="audit-after" data-label={t.after}>
                  {valueName(r.after, r.field) ?? t.empty_value}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <details className="audit-raw">
        <summary>{t.rawTitle}</summary>
        <div className="audit-raw-sides">
          <section>
            <h3>{t.before}</h3>
            <pre>{row.before === null ? t.empty_value : JSON.stringify(row.before, null, 2)}</pre>
          </section>
          <section>
            <h3>{t.after}</h3>
            <pre>{row.after === null ? t.empty_value : JSON.stringify(row.after, null, 2)}</pre>
          </section>
        </div>
      </details>
    </div>
  );
}

function AuditManage() {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(FILTER_NAMES.map((n) => [n, (params.get(n) ?? '').slice(0, 100)])) as AuditFilterValues;
  const page = pageOf(params);
  const query: AuditListParams = { page, ...Object.fromEntries(Object.entries(values).filter(([, v]) => v)) };
  const list = useAudit(query);
  const [open, setOpen] = useState<DataTableExpandedRows>({});

  const toggle = (row: AuditRow) =>
    setOpen((o) => {
      const next = { ...o };
      if (next[row.id]) delete next[row.id];
      else next[row.id] = true;
      return next;
    });

  const data = list.data;
  return (
    <>
      <p className="admin-intro">{t.intro}</p>
      <AuditFilters key={params.toString()} values={values} onSearch={(next) => setParams(auditHref(next).slice(1))} />
      <AdminList
        data={data}
        loading={list.isFetching}
        count={(d) => t.total(formatNumber(d.total))}
        hrefOf={(n) => auditHref(values, n)}
        dataKey="id"
        emptyMessage={t.empty}
        label={t.tableLabel}
        table={{
          className: 'admin-table audit-table',
          stripedRows: false,
          expandedRows: open,
          onRowToggle: (e) => setOpen(e.data as DataTableExpandedRows),
          rowExpansionTemplate: (row: AuditRow) => <Changes row={row} />,
        }}
      >
        <Column header={t.colAt} body={(row: AuditRow) => <time dateTime={row.at}>{formatDateTime(row.at)}</time>} />
        <Column
          header={t.colActor}
          body={(row: AuditRow) => (
            <Link to={auditHref({ actor: row.actor.userId })} title={row.actor.userId}>
              {row.actor.nickName ?? row.actor.userId}
            </Link>
          )}
        />
        <Column
          header={t.colAction}
          body={(row: AuditRow) => (
            <span className="audit-action">
              {actionName(row.action)} <code className="audit-code">{row.action}</code>
            </span>
          )}
        />
        <Column
          header={t.colTarget}
          body={(row: AuditRow) => (
            <Link to={auditHref({ targetKind: row.targetKind, targetKey: row.targetKey })}>
              {targetKindName(row.targetKind)} {row.targetKey}
            </Link>
          )}
        />
        <Column
          header={t.colChanges}
          body={(row: AuditRow) => {
            const changed = diffRows(row.before, row.after);
            const shown = changed.slice(0, 3).map((r) => (r.field ? fieldName(r.field) : '–'));
            return (
              <span className="audit-fields">
                {row.before === null ? t.created : row.after === null ? t.removed : t.changedCount(formatNumber(changed.length))}
                {row.before !== null && row.after !== null && shown.length > 0 && `: ${shown.join(', ')}${changed.length > 3 ? ' …' : ''}`}
              </span>
            );
          }}
        />
        <Column
          header={<span className="visually-hidden">{t.show}</span>}
          body={(row: AuditRow) => (
            <LiteButton
              type="button"
              small
              text
              icon={open[row.id] ? 'pi pi-chevron-up' : 'pi pi-chevron-down'}
              label={open[row.id] ? t.hide : t.show}
              aria-expanded={Boolean(open[row.id])}
              aria-label={(open[row.id] ? t.hideLabel : t.showLabel)(actionName(row.action), formatDateTime(row.at))}
              onClick={() => toggle(row)}
            />
          )}
        />
      </AdminList>
    </>
  );
}
