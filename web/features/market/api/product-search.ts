import { queryOptions } from '@tanstack/react-query';
import type { ProductCard } from '../../../../common/api/products';
import { callAwait } from '../../../api/call';
import { marketProductSearchRoot } from './keys';

/** /api/product/search: a short list for the product picker ("5d4", "24-70", Korean names). */
export const fetchProductSearch = (q: string) => callAwait<{ items: ProductCard[] }>('/api/product/search', { data: { q }, silent: true });

export const productSearchQuery = (q: string) =>
  queryOptions({ queryKey: [...marketProductSearchRoot, q] as const, queryFn: async () => (await fetchProductSearch(q)).items, staleTime: 30_000 });
