// What a price alert watches, in words: the 알림 받기 dialog and the 가격 알림 list say it the same way.
import { CONDITION_LABEL, REGION_LABEL } from '../../common/api/market-labels';
import { koMarketAlerts as a } from '../i18n/ko-market-alerts';

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
