import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductPage } from '../../../../common/api/products';
import type { ProductType } from '../../../../common/products/makers';
import { callAwait } from '../../../api/call';
import { productListRoot } from './keys';

export type ProductListPage = z.infer<typeof ProductPage>;

export interface ProductListParams {
  type: ProductType;
  /** A maker key or 'all'. */
  company: string;
  page: number;
  search?: string;
}

/** /api/product/list: one page of products of a type and maker, optionally matching a search. */
export const fetchProductList = (params: ProductListParams) => callAwait<ProductListPage>('/api/product/list', { data: params });

export const productListQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: [...productListRoot, params] as const,
    queryFn: () => fetchProductList(params),
    // A new search or tab keeps the old cards on screen (dimmed) until the answer arrives.
    placeholderData: keepPreviousData,
  });

export const useProductList = (params: ProductListParams) => useQuery(productListQuery(params));
