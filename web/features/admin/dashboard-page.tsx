// adminHome (/system): the admin frame's home. Members, posts and trades today and this week,
// reports waiting, with the way to the report queue and the audit log.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '../../../common/format';
import { ko } from '../../i18n/ko';
import { LiteButton } from '../../ui/lite-button';
import { AdminFrame } from './admin-frame';
import { useDashboard } from './api/audit';
import './dashboard.css';

const t = ko.admin.dashboard;

export default function DashboardPage() {
  return (
    <AdminFrame page="adminHome">
      <Dashboard />
    </AdminFrame>
  );
}

function Counts({ title, icon, today, week, unit, children }: { title: string; icon: string; today: number; week: number; unit: (n: string) => string; children?: ReactNode }) {
  const id = `dash-${icon.replace(/\W+/g, '-')}`;
  return (
    <section className="dash-card" aria-labelledby={id}>
      <h2 id={id} className="dash-card-title">
        <i className={`pi ${icon}`} aria-hidden="true" /> {title}
      </h2>
      <dl className="dash-counts">
        <div>
          <dt>{t.today}</dt>
          <dd>{unit(formatNumber(today))}</dd>
        </div>
        <div>
          <dt>{t.week}</dt>
          <dd>{unit(formatNumber(week))}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}

function Dashboard() {
  const q = useDashboard();
  if (q.isError) {
    return (
      <div className="notice" role="alert">
        <p>{t.loadFailed}</p>
        <LiteButton type="button" icon="pi pi-refresh" label={t.retry} onClick={() => void q.refetch()} />
      </div>
    );
  }
  const d = q.data;
  if (!d) {
    return (
      <p className="admin-count" role="status">
        {ko.common.loading}
      </p>
    );
  }
  return (
    <>
      <p className="admin-intro">{t.intro}</p>
      <div className="dash-grid">
        <Counts title={t.members} icon="pi-users" today={d.members.today} week={d.members.week} unit={t.people}>
          <p className="dash-note">{t.membersTotal(formatNumber(d.members.total))}</p>
        </Counts>
        <Counts title={t.posts} icon="pi-file-edit" today={d.posts.today} week={d.posts.week} unit={t.items} />
        <Counts title={t.trades} icon="pi-shopping-bag" today={d.trades.today} week={d.trades.week} unit={t.items}>
          <p className="dash-note">{t.tradesSoon}</p>
        </Counts>
        <section className={d.openReports > 0 ? 'dash-card dash-alert' : 'dash-card'} aria-labelledby="dash-reports">
          <h2 id="dash-reports" className="dash-card-title">
            <i className="pi pi-flag" aria-hidden="true" /> {t.reports}
          </h2>
          <p className="dash-big">{t.items(formatNumber(d.openReports))}</p>
          <Link to="/system/report/list" className="dash-link">
            {t.reportQueue} <i className="pi pi-angle-right" aria-hidden="true" />
          </Link>
        </section>
      </div>
      <p className="dash-more">
        <Link to="/system/audit/list" className="dash-link">
          <i className="pi pi-history" aria-hidden="true" /> {t.auditLog}
        </Link>
      </p>
    </>
  );
}
