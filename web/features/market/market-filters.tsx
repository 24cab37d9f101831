// The list's filters: search words, status, region, price range, auctions only and a product.
// Selects, the switch and the product apply at once; words and prices on 검색 (or Enter). Every
// filter lives in the address, so back/forward and a shared link keep them. Inline on a desktop;
// in a bottom sheet on a phone (market-filter-bar.tsx), which 검색 closes through `onDone`.
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { KIND_STATUSES, REGIONS, STATUS_LABEL } from '../../../common/api/market';
import { LiteButton } from '../../ui/lite-button';
import { ProductPicker } from '../../ui/product-picker';
import { toast } from '../../ui/toast-store';
import { marketProductSearchRoot } from './api/keys';
import { type ListFilters } from '../../shared/paths';
import { filterCount } from './route-params';
import { PriceInput } from '../../ui/price-input';
import { koMarket } from './texts';

const f = koMarket.filters;

export function MarketFilters({ current, onApply, onDone }: { current: ListFilters; onApply: (next: ListFilters) => void; onDone?: () => void }) {
  const [q, setQ] = useState(current.q ?? '');
  const [min, setMin] = useState<number | null>(current.min ?? null);
  const [max, setMax] = useState<number | null>(current.max ?? null);
  // The address changed elsewhere (back, a tab, 조건 지우기): the text boxes follow it. The form
  // is never re-created, so the control in use keeps the keyboard focus.
  const textKey = `${current.q ?? ''}|${current.min ?? ''}|${current.max ?? ''}`;
  const [seenKey, setSeenKey] = useState(textKey);
  if (seenKey !== textKey) {
    setSeenKey(textKey);
    setQ(current.q ?? '');
    setMin(current.min ?? null);
    setMax(current.max ?? null);
  }
  const apply = (patch: Partial<ListFilters>) => onApply({ ...current, q: q.trim() || undefined, min: min ?? undefined, max: max ?? undefined, ...patch });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (min !== null && max !== null && min > max) {
      toast.info(f.priceRangeWrong);
      document.getElementById('market-min')?.focus();
      return;
    }
    apply({});
    onDone?.();
  };

  const count = filterCount(current);
  // The 삽니다 list has its own statuses and no auctions.
  const wanted = current.kind === 'wanted';
  return (
    <form className="market-filters" role="search" aria-label={f.title} onSubmit={submit}>
      <div className="market-filter market-filter-search">
        <label htmlFor="market-q">{f.search}</label>
        <span className="market-search-field">
          <i className="pi pi-search" aria-hidden="true" />
          <InputText id="market-q" type="search" value={q} maxLength={50} placeholder={f.searchPlaceholder} onChange={(e) => setQ(e.target.value)} enterKeyHint="search" autoComplete="off" />
        </span>
      </div>
      <div className="market-filter">
        <label htmlFor="market-status">{f.status}</label>
        <select id="market-status" className="p-inputtext p-component" value={current.status ?? ''} onChange={(e) => apply({ status: e.target.value || undefined })}>
          <option value="">{wanted ? STATUS_LABEL.wanted : f.statusOpen}</option>
          {KIND_STATUSES[wanted ? 'wanted' : 'sell'].map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
          <option value="all">{f.statusAll}</option>
        </select>
      </div>
      <div className="market-filter">
        <label htmlFor="market-region">{f.region}</label>
        <select id="market-region" className="p-inputtext p-component" value={current.region ?? ''} onChange={(e) => apply({ region: e.target.value || undefined })}>
          <option value="">{f.regionAll}</option>
          {REGIONS.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="market-filter market-filter-price">
        <label htmlFor="market-min">{f.minPrice}</label>
        <PriceInput id="market-min" value={min} onValue={setMin} />
      </div>
      <div className="market-filter market-filter-price">
        <label htmlFor="market-max">{f.maxPrice}</label>
        <PriceInput id="market-max" value={max} onValue={setMax} />
      </div>
      <div className="market-filter market-filter-product">
        <label htmlFor="market-product">{f.product}</label>
        <ProductPicker
          inputId="market-product"
          value={current.product ? { key: current.product, name: current.productName ?? current.product } : null}
          onChange={(p) => apply({ product: p?.key, productName: p?.name })}
          queryRoot={marketProductSearchRoot}
          placeholder={koMarket.picker.placeholder}
          emptyMessage={koMarket.picker.empty}
        />
      </div>
      {!wanted && (
        <div className="field-check market-filter-auction">
          <input id="market-auction" type="checkbox" checked={current.auction ?? false} onChange={(e) => apply({ auction: e.target.checked || undefined })} />
          <label htmlFor="market-auction">{f.auction}</label>
        </div>
      )}
      <div className="market-filter-actions">
        <LiteButton type="submit" icon="pi pi-search" label={f.apply} />
        {(count > 0 || current.q) && (
          <LiteButton
            outlined
            label={f.reset}
            onClick={() => {
              setQ('');
              setMin(null);
              setMax(null);
              onApply(wanted ? { kind: 'wanted' } : {});
            }}
          />
        )}
      </div>
    </form>
  );
}
