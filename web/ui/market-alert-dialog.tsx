// The dialog of 알림 받기 (market-alert-button.tsx): what the alert watches and a highest price.
import { useState, type FormEvent } from 'react';
import type { MarketAlertSave } from '../../common/api/market-alerts';
import { callAwait } from '../api/call';
import { koMarketAlerts as a } from '../i18n/ko-market-alerts';
import { AppDialog } from './app-dialog';
import { FieldError } from './field';
import { LiteButton } from './lite-button';
import { alertTerms } from './market-alert-terms';
import { PriceInput } from './price-input';
import { toast } from './toast-store';

export default function MarketAlertDialog({ terms, productName, onClose }: { terms: MarketAlertSave; productName?: string | undefined; onClose: () => void }) {
  const [max, setMax] = useState<number | null>(terms.maxPrice ?? null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    if (max !== null && max < 1000) return setError(a.maxPriceLow);
    setSaving(true);
    try {
      await callAwait('/api/market/alert/save', { data: { ...terms, maxPrice: max }, silent: true });
      toast.success(a.saved);
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <AppDialog header={a.dialog} visible onHide={() => onClose()} style={{ width: '26rem', maxWidth: '95vw' }} modal draggable={false}>
      <form onSubmit={(e) => void submit(e)} noValidate className="market-alert-form">
        <ul className="market-alert-terms">
          {alertTerms({ productName: productName ?? terms.productKey, query: terms.query, region: terms.region, condition: terms.condition }).map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <div className={error ? 'field has-error' : 'field'}>
          <label htmlFor="alert-max">{a.maxPrice}</label>
          <PriceInput
            id="alert-max"
            value={max}
            onValue={(v) => (setMax(v), setError(undefined))}
            aria-describedby="alert-max-hint"
            aria-invalid={error ? true : undefined}
          />
          <FieldError id="alert-max" message={error} />
          <small id="alert-max-hint" className="field-hint">
            {a.setHint}
          </small>
        </div>
        <div className="market-alert-actions">
          <LiteButton outlined label={a.cancel} onClick={() => onClose()} />
          <LiteButton type="submit" icon="pi pi-bell" label={a.save} loading={saving} />
        </div>
      </form>
    </AppDialog>
  );
}
