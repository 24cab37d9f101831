import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductMapPage } from '../../../../../common/api/products';
import { callAwait } from '../../../../api/call';
import { productMapListRoot } from '../../shared/api/keys';

export type ProductMapPageData = z.infer<typeof ProductMapPage>;
export type ProductMapRow = ProductMapPageData['items'][number];
export interface ProductMapListParams {
  page: number;
  search?: string;
}

/** /api/admin/product-map/list: the title rules, 50 a page. */
export const fetchProductMaps = (params: ProductMapListParams) => callAwait<ProductMapPageData>('/api/admin/product-map/list', { data: params });

export const productMapsQuery = (params: ProductMapListParams) =>
  queryOptions({ queryKey: [...productMapListRoot, params] as const, queryFn: () => fetchProductMaps(params), placeholderData: keepPreviousData });

export const useProductMaps = (params: ProductMapListParams) => useQuery(productMapsQuery(params));
