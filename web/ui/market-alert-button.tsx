// 알림 받기: saves a price alert of a product (its page) or of the market search in use (the
// list's filters), after a dialog that says what it watches and takes a highest price. Members
// only; the server checks the terms and the limit again (/api/market/alert/save). The button is
// drawn at once (nothing moves when the dialog's code arrives); the dialog loads on the first tap.
import { lazy, Suspense, useState } from 'react';
import type { MarketAlertSave } from '../../common/api/market-alerts';
import { koMarketAlerts as a } from '../i18n/ko-market-alerts';
import { useSessionUser } from '../shared/session-store';
import { LiteButton } from './lite-button';
import { toast } from './toast-store';
import './market-alert-button.css';

const MarketAlertDialog = lazy(() => import('./market-alert-dialog'));

export function MarketAlertButton({ terms, productName, className }: { terms: MarketAlertSave; productName?: string | undefined; className?: string }) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  if (!user.logined) return null;
  const watches = !!terms.productKey || !!terms.query;
  const start = () => {
    if (!watches) return toast.info(a.needWhat);
    setOpen(true);
  };
  return (
    <>
      <LiteButton outlined icon="pi pi-bell" label={a.set} className={['market-alert-button', className].filter(Boolean).join(' ')} onClick={start} />
      {open && (
        <Suspense fallback={null}>
          <MarketAlertDialog terms={terms} productName={productName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
