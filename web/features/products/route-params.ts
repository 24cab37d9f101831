// What the product pages read back from their address.
import { PRODUCT_TYPES, type ProductType, MAKER_KEYS } from '../../../common/products/makers';

export const isProductType = (v: string): v is ProductType => (PRODUCT_TYPES as readonly string[]).includes(v);
export const isCompany = (v: string) => v === 'all' || MAKER_KEYS.includes(v);

/** The search words in a list's address ('' when none); the contract allows 60 characters. */
export const readSearch = (params: URLSearchParams) => (params.get('search') ?? '').trim().slice(0, 60);
