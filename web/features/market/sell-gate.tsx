// What the write page shows instead of the form when the member may not sell: a login prompt,
// or why not (level, or the real-name verification the community asks for).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { loginPopup } from '../../shared/login-popup-store';
import { useSessionUser } from '../../shared/session-store';
import { LiteButton } from '../../ui/lite-button';
import { ListLoading } from '../../ui/list-state';
import { useSellCheck } from './api/sell-check';
import { marketListPath, niceCheckPath } from '../../shared/paths';
import { koMarket } from './texts';

const c = koMarket.cannotSell;

export function SellNotice({ text, login, verify }: { text: string; login?: boolean; verify?: boolean }) {
  return (
    <div className="notice market-notice" role="note">
      <i className="pi pi-lock notice-icon" aria-hidden="true" />
      <h2 className="notice-title">{c.title}</h2>
      <p className="notice-message">{text}</p>
      <p className="notice-actions">
        {login && <LiteButton label={c.login_} icon="pi pi-sign-in" onClick={() => loginPopup.open()} />}
        {verify && (
          <Link to={niceCheckPath} className="p-button p-component">
            <span className="p-button-icon p-button-icon-left pi pi-verified" aria-hidden="true" />
            <span className="p-button-label">{c.verify}</span>
          </Link>
        )}
        <Link to={marketListPath()}>{c.back}</Link>
      </p>
    </div>
  );
}

export function SellGate({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const check = useSellCheck(user.userId);
  if (!user.logined) return <SellNotice text={c.login} login />;
  if (check.isPending) return <ListLoading />;
  const answer = check.data;
  if (answer && !answer.canSell) return <SellNotice text={answer.message ?? (answer.reason === 'real' ? c.real : c.level)} verify={answer.reason === 'real'} />;
  return <>{children}</>;
}
