// The market list's filters read back from the address (marketListPath in web/shared/paths.ts
// writes them), counted for the filter button, and turned into the list call's query.
import type { MarketListQuery } from '../../../common/api/market';
import { REGION_CODES, STATUSES } from '../../../common/api/market-labels';
import type { ListFilters } from '../../shared/paths';

const numberParam = (v: string | null) => {
  if (v === null || !/^\d{1,9}$/.test(v)) return undefined;
  return Number(v);
};

export function readFilters(params: URLSearchParams): ListFilters {
  const status = params.get('status') ?? undefined;
  const region = params.get('region') ?? undefined;
  const q = params.get('q')?.trim().slice(0, 50) || undefined;
  const product = params.get('product')?.slice(0, 120) || undefined;
  return {
    q,
    status: status && (status === 'all' || (STATUSES as readonly string[]).includes(status)) ? status : undefined,
    region: region && REGION_CODES.includes(region) ? region : undefined,
    min: numberParam(params.get('min')),
    max: numberParam(params.get('max')),
    auction: params.get('auction') === '1' || undefined,
    product,
    productName: product ? (params.get('pn')?.slice(0, 120) ?? undefined) : undefined,
    kind: params.get('kind') === 'wanted' ? 'wanted' : undefined,
  };
}

/** How many filters are set (the search words not counted). */
export const filterCount = (f: ListFilters) =>
  [f.status, f.region, f.min, f.max, f.auction, f.product].filter((v) => v !== undefined && v !== false).length;

export const toListQuery = (category: string, page: number, f: ListFilters): MarketListQuery => ({
  category,
  page,
  ...(f.q ? { search: f.q } : {}),
  ...(f.status ? { status: f.status as MarketListQuery['status'] } : {}),
  ...(f.region ? { region: f.region } : {}),
  ...(f.min !== undefined ? { minPrice: f.min } : {}),
  ...(f.max !== undefined ? { maxPrice: f.max } : {}),
  ...(f.auction ? { auction: true } : {}),
  ...(f.product ? { productKey: f.product } : {}),
  ...(f.kind === 'wanted' ? { kind: 'wanted' as const } : {}),
});
