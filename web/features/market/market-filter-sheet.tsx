// The phone's filter sheet: the filters in a bottom drawer. Loaded when first opened
// (market-filter-bar.tsx), as the shell's menu drawer is: a phone's list draws without its code.
import { AppDrawer } from '../../ui/app-drawer';
import { type ListFilters } from '../../shared/paths';
import { MarketFilters } from './market-filters';
import { koMarket } from './texts';

const f = koMarket.filters;

export interface MarketFilterSheetProps {
  open: boolean;
  onClose: () => void;
  current: ListFilters;
  onApply: (next: ListFilters) => void;
  returnFocus: () => HTMLElement | null;
}

export default function MarketFilterSheet({ open, onClose, current, onApply, returnFocus }: MarketFilterSheetProps) {
  return (
    <AppDrawer visible={open} onHide={onClose} position="bottom" header={f.title} aria-label={f.title} className="market-filter-sheet" returnFocus={returnFocus}>
      <MarketFilters current={current} onApply={onApply} onDone={onClose} />
    </AppDrawer>
  );
}
