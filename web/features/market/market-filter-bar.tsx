// The list's filters on a phone: one 필터 button (with how many filters are in use) opens them in a
// bottom sheet, and the filters in use show above the list as chips; tapping a chip removes its
// filter. The filters stay in the address, as on a desktop.
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { REGION_LABEL, STATUS_LABEL, type MarketStatus } from '../../../common/api/market-labels';
import { type ListFilters } from '../../shared/paths';
import { koMarket } from './texts';

// The sheet and the form in it load when first opened: the list draws without them.
const MarketFilterSheet = lazy(() => import('./market-filter-sheet'));

const f = koMarket.filters;

export interface FilterChip {
  key: string;
  label: string;
  /** The filters left when this one is removed. */
  without: ListFilters;
}

/** The filters in use, in the form's order, each with what removing it leaves. */
export function filterChips(current: ListFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const add = (key: string, label: string, cleared: Partial<ListFilters>) => chips.push({ key, label, without: { ...current, ...cleared } });
  if (current.q) add('q', f.searchChip(current.q), { q: undefined });
  if (current.status) add('status', current.status === 'all' ? f.statusAllChip : STATUS_LABEL[current.status as MarketStatus], { status: undefined });
  if (current.region) add('region', REGION_LABEL[current.region] ?? current.region, { region: undefined });
  if (current.min !== undefined) add('min', f.minChip(current.min), { min: undefined });
  if (current.max !== undefined) add('max', f.maxChip(current.max), { max: undefined });
  if (current.auction) add('auction', f.auctionChip, { auction: undefined });
  if (current.product) add('product', f.productChip(current.productName ?? current.product), { product: undefined, productName: undefined });
  return chips;
}

export function MarketFilterBar({ current, onApply, children }: { current: ListFilters; onApply: (next: ListFilters) => void; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const chips = filterChips(current);
  const remove = (chip: FilterChip) => {
    onApply(chip.without);
    // The chip goes away with its filter; the keyboard stays in the bar.
    button.current?.focus();
  };
  return (
    <>
      <div className="market-filter-bar">
        {children}
        <button
          ref={button}
          type="button"
          className="p-button p-component p-button-outlined market-filter-open"
          aria-expanded={open}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <span className="p-button-icon p-button-icon-left pi pi-filter" aria-hidden="true" />
          <span className="p-button-label">{f.open}</span>
          {chips.length > 0 && (
            <>
              <span className="filter-count" aria-hidden="true">
                {chips.length}
              </span>
              <span className="visually-hidden">{f.active(chips.length)}</span>
            </>
          )}
        </button>
      </div>
      {chips.length > 0 && (
        <ul className="filter-chips" aria-label={f.chips}>
          {chips.map((chip) => (
            <li key={chip.key}>
              <button type="button" className="filter-chip" onClick={() => remove(chip)}>
                {chip.label}
                <span className="visually-hidden"> {f.chipRemove}</span>
                <i className="pi pi-times" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {opened && (
        <Suspense fallback={null}>
          <MarketFilterSheet open={open} onClose={() => setOpen(false)} current={current} onApply={onApply} returnFocus={() => button.current} />
        </Suspense>
      )}
    </>
  );
}
