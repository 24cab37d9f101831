// Addresses of the product screens (SPEC §2: productList, productView).
import { PRODUCT_TYPES, type ProductType, MAKER_KEYS } from '../../../common/products/makers';

const seg = (v: string | number) => encodeURIComponent(String(v));

/** /info/{type}/{company}/list/{page?}?search=… (page 1 has no page segment). */
export function productListPath(type: string, company = 'all', page = 1, search = ''): string {
  const base = `/info/${seg(type)}/${seg(company)}/list${page > 1 ? `/${page}` : ''}`;
  const q = search.trim();
  return q === '' ? base : `${base}?${new URLSearchParams({ search: q }).toString()}`;
}

export const productViewPath = (key: string) => `/info/view/${seg(key)}`;

/** The market's price trace of a product (SPEC §2 marketPriceTrace). */
export const priceTracePath = (key: string) => `/market/trace/${seg(key)}`;
export const marketItemPath = (key: string) => `/market/view/${seg(key)}`;

export const isProductType = (v: string): v is ProductType => (PRODUCT_TYPES as readonly string[]).includes(v);
export const isCompany = (v: string) => v === 'all' || MAKER_KEYS.includes(v);

/** A page number from the address: 1 when missing or not a positive whole number. */
export function pageParam(raw: string | undefined): number {
  const n = Number(raw ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** The search words in a list's address ('' when none); the contract allows 60 characters. */
export const readSearch = (params: URLSearchParams) => (params.get('search') ?? '').trim().slice(0, 60);
