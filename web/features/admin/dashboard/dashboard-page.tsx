// adminHome (/system): the admin frame's home. Members, posts and the market's listings and sales
// today and this week, running auctions, reports waiting, with the way to the report queue and the
// audit log.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Dashboard as DashboardData } from '../../../../common/api/admin-audit';
import { formatNumber } from '../../../../common/format';
import { ko } from '../../../i18n/ko';
import { koAdminDashboard } from './texts';
import { LiteButton } from '../../../ui/lite-button';
import { AdminFrame } from '../shared/admin-frame';
import { useDashboard } from './api/dashboard';
import { adminPaths } from '../../../shared/paths';
import './dashboard.css';

const t = koAdminDashboard;

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

/** Items put up and sold today and this week, as a small table; auctions running now below it. */
function Trades({ trades }: { trades: DashboardData['trades'] }) {
  const rows = [
    [t.listed, trades.listed],
    [t.sold, trades.sold],
  ] as const;
  const quiet = trades.listed.week + trades.sold.week + trades.auctions === 0;
  return (
    <section className="dash-card" aria-labelledby="dash-trades">
      <h2 id="dash-trades" className="dash-card-title">
        <i className="pi pi-shopping-bag" aria-hidden="true" /> {t.trades}
      </h2>
      <table className="dash-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t.tradeKind}</span>
            </th>
            <th scope="col">{t.today}</th>
            <th scope="col">{t.week}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, n]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{t.items(formatNumber(n.today))}</td>
              <td>{t.items(formatNumber(n.week))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="dash-note">{quiet ? t.tradesNone : t.auctions(formatNumber(trades.auctions))}</p>
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
        <Trades trades={d.trades} />
        <section className={d.openReports > 0 ? 'dash-card dash-alert' : 'dash-card'} aria-labelledby="dash-reports">
          <h2 id="dash-reports" className="dash-card-title">
            <i className="pi pi-flag" aria-hidden="true" /> {t.reports}
          </h2>
          <p className="dash-big">{t.items(formatNumber(d.openReports))}</p>
          <Link to={adminPaths.reportManage} className="dash-link">
            {t.reportQueue} <i className="pi pi-angle-right" aria-hidden="true" />
          </Link>
        </section>
      </div>
      <p className="dash-more">
        <Link to={adminPaths.auditManage} className="dash-link">
          <i className="pi pi-history" aria-hidden="true" /> {t.auditLog}
        </Link>
      </p>
    </>
  );
}
