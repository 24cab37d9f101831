// marketAlerts (/user/market-alerts): the caller's price alerts, newest first, each with what it
// watches and 지우기. my-info links here; it needs no password, as it changes nothing of the
// account. Visitors are asked to log in.
import { Link } from 'react-router';
import type { MarketAlert } from '../../../common/api/market-alerts';
import { formatDate } from '../../../common/format';
import { loginPopup } from '../../shared/login-popup-store';
import { marketListPath } from '../../shared/paths';
import { useSessionUser } from '../../shared/session-store';
import { useDocumentTitle } from '../../ui/document-title';
import { LiteButton } from '../../ui/lite-button';
import { alertTerms } from '../../ui/market-alert-terms';
import { toast } from '../../ui/toast-store';
import { useDeleteMarketAlert, useMarketAlerts } from './api/market-alerts';
import './market.css';
import { koMarket } from './texts';

const a = koMarket.alerts;

function Row({ alert }: { alert: MarketAlert }) {
  const remove = useDeleteMarketAlert();
  const what = alertTerms({ productName: alert.product?.name, query: alert.query, region: alert.region, condition: alert.condition, maxPrice: alert.maxPrice }).join(' · ');
  return (
    <li>
      <span className="alert-terms">
        {what}
        <small className="field-hint"> · {formatDate(alert.createdAt)}</small>
      </span>
      <LiteButton
        outlined
        icon="pi pi-trash"
        label={a.remove}
        aria-label={a.removeLabel(what)}
        className="market-alert-button"
        loading={remove.isPending && remove.variables === alert.alertKey}
        onClick={() => remove.mutate(alert.alertKey, { onSuccess: () => toast.success(a.removed) })}
      />
    </li>
  );
}

export default function MarketAlertsPage() {
  useDocumentTitle(a.title);
  const user = useSessionUser();
  const list = useMarketAlerts(user.logined);
  const data = list.data;

  let body;
  if (!user.logined) {
    body = (
      <p className="list-state">
        <i className="pi pi-lock" aria-hidden="true" /> {a.loginPrompt}{' '}
        <LiteButton label={a.login} icon="pi pi-sign-in" small outlined onClick={() => loginPopup.open()} />
      </p>
    );
  } else if (list.isPending) {
    body = (
      <p className="list-state" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {a.loading}
      </p>
    );
  } else if (!data) {
    body = (
      <p className="list-state" role="alert">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {a.loadFailed}{' '}
        <LiteButton label={a.retry} icon="pi pi-refresh" small outlined onClick={() => void list.refetch()} />
      </p>
    );
  } else if (data.items.length === 0) {
    body = (
      <p className="list-state list-empty">
        <i className="pi pi-bell" aria-hidden="true" /> {a.empty} <Link to={marketListPath()}>{a.toMarket}</Link>
      </p>
    );
  } else {
    body = (
      <>
        <p className="market-total">{a.count(data.items.length, data.limit)}</p>
        <ul className="market-alerts-list" aria-label={a.listLabel}>
          {data.items.map((alert) => (
            <Row key={alert.alertKey} alert={alert} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="market-page market-alerts-page">
      <header className="market-head">
        <h1>{a.title}</h1>
        <p className="lead">{a.intro}</p>
      </header>
      {body}
    </section>
  );
}
