// 알림 받기: saves a price alert of a product (its page) or of the market search in use (the
// list's filters), after a dialog that says what it watches and takes a highest price. Members
// only; the server checks the terms and the limit again (/api/market/alert/save).
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import type { MarketAlertSave } from '../../common/api/market-alerts';
import { CONDITION_LABEL, REGION_LABEL } from '../../common/api/market-labels';
import { formatNumber } from '../../common/format';
import { callAwait } from '../api/call';
import { koMarketAlerts as a } from '../i18n/ko-market-alerts';
import { useSessionUser } from '../shared/session-store';
import { AppDialog } from './app-dialog';
import { FieldError } from './field';
import { LiteButton } from './lite-button';
import { toast } from './toast-store';
import './market-alert-button.css';

/** What an alert watches, in words (the dialog and the 가격 알림 list say it the same way). */
export function alertTerms(t: { productName?: string | null; query?: string | null; region?: string | null; condition?: string | null; maxPrice?: number | null }): string[] {
  return [
    t.productName ? a.product(t.productName) : null,
    t.query ? a.query(t.query) : null,
    t.region ? (REGION_LABEL[t.region] ?? t.region) : null,
    t.condition ? a.orBetter(CONDITION_LABEL[t.condition as keyof typeof CONDITION_LABEL]?.label ?? t.condition) : null,
    t.maxPrice != null ? a.max(t.maxPrice) : null,
  ].filter((s): s is string => s !== null);
}

const digits = (s: string) => {
  const d = s.replace(/[^\d]/g, '').slice(0, 9);
  return d === '' ? null : Number(d);
};

export function MarketAlertButton({ terms, productName, className }: { terms: MarketAlertSave; productName?: string | undefined; className?: string }) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const [max, setMax] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  if (!user.logined) return null;
  const watches = !!terms.productKey || !!terms.query;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    if (max !== null && max < 1000) return setError(a.maxPriceLow);
    setSaving(true);
    try {
      await callAwait('/api/market/alert/save', { data: { ...terms, maxPrice: max }, silent: true });
      toast.success(a.saved);
      setOpen(false);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const start = () => {
    if (!watches) return toast.info(a.needWhat);
    setMax(terms.maxPrice ?? null);
    setError(undefined);
    setOpen(true);
  };
  return (
    <>
      <LiteButton outlined icon="pi pi-bell" label={a.set} className={['market-alert-button', className].filter(Boolean).join(' ')} onClick={start} />
      {open && (
        <AppDialog header={a.dialog} visible onHide={() => setOpen(false)} style={{ width: '26rem', maxWidth: '95vw' }} modal draggable={false}>
          <form onSubmit={(e) => void submit(e)} noValidate className="market-alert-form">
            <ul className="market-alert-terms">
              {alertTerms({ productName: productName ?? terms.productKey, query: terms.query, region: terms.region, condition: terms.condition }).map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
            <div className={error ? 'field has-error' : 'field'}>
              <label htmlFor="alert-max">{a.maxPrice}</label>
              <span className="alert-price">
                <InputText
                  id="alert-max"
                  inputMode="numeric"
                  autoComplete="off"
                  value={max === null ? '' : formatNumber(max)}
                  onChange={(e) => (setMax(digits(e.target.value)), setError(undefined))}
                  aria-describedby="alert-max-hint"
                  aria-invalid={error ? true : undefined}
                />
                <span className="alert-price-unit" aria-hidden="true">
                  {a.unit}
                </span>
              </span>
              <FieldError id="alert-max" message={error} />
              <small id="alert-max-hint" className="field-hint">
                {a.setHint}
              </small>
            </div>
            <div className="market-alert-actions">
              <LiteButton outlined label={a.cancel} onClick={() => setOpen(false)} />
              <LiteButton type="submit" icon="pi pi-bell" label={a.save} loading={saving} />
            </div>
          </form>
        </AppDialog>
      )}
    </>
  );
}
