// Addresses of the market pages and the list's filters as they live in the query string, so
// back/forward and a shared link keep them.
import { REGION_CODES, STATUSES, type MarketListQuery } from '../../../common/api/market';

export interface ListFilters {
  q?: string;
  status?: string;
  region?: string;
  min?: number;
  max?: number;
  auction?: boolean;
  /** The product's key, and its name for the chip (not sent to the server). */
  product?: string;
  productName?: string;
}

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
  };
}

export function filterSearch(f: ListFilters): string {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.status) p.set('status', f.status);
  if (f.region) p.set('region', f.region);
  if (f.min !== undefined) p.set('min', String(f.min));
  if (f.max !== undefined) p.set('max', String(f.max));
  if (f.auction) p.set('auction', '1');
  if (f.product) {
    p.set('product', f.product);
    if (f.productName) p.set('pn', f.productName);
  }
  const s = p.toString();
  return s ? `?${s}` : '';
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
});

export const marketListPath = (category = 'c0', page = 1, f: ListFilters = {}) => `/market/${category}/list${page > 1 ? `/${page}` : ''}${filterSearch(f)}`;
export const marketViewPath = (key: number) => `/market/view/${key}`;
export const marketEditPath = (key: number) => `/market/edit/${key}`;
export const marketWritePath = () => '/market/write';
export const priceTracePath = (productKey: string) => `/market/trace/${encodeURIComponent(productKey)}`;
export const productPath = (productKey: string) => `/info/view/${encodeURIComponent(productKey)}`;

export const pageParam = (raw: string | undefined) => {
  const n = Number(raw ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 100000 ? n : 1;
};
