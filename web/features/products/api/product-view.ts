import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductView } from '../../../../common/api/products';
import { callAwait } from '../../../api/call';
import { productViewRoot } from './keys';

/** /api/product/view: the product with specs, images and what the market and galleries attach. */
// Silent: the page itself opens the error page for a missing product and shows a retry otherwise.
export const fetchProductView = (productKey: string) => callAwait<ProductView>('/api/product/view', { data: { productKey }, silent: true });

export const productViewQuery = (productKey: string) =>
  queryOptions({ queryKey: [...productViewRoot, productKey] as const, queryFn: () => fetchProductView(productKey) });

export const useProductView = (productKey: string) => useQuery(productViewQuery(productKey));
