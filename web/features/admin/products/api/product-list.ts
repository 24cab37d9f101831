import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminProductListQuery, AdminProductPage } from '../../../../../common/api/products';
import { callAwait } from '../../../../api/call';
import { productListRoot } from '../../shared/api/keys';

export type AdminProductListParams = z.input<typeof AdminProductListQuery>;
export type AdminProductPageData = z.infer<typeof AdminProductPage>;
export type AdminProductRow = AdminProductPageData['items'][number];

/** /api/admin/product/list: 50 a page, hidden products too, by name, last change or announce date. */
export const fetchAdminProducts = (params: AdminProductListParams) => callAwait<AdminProductPageData>('/api/admin/product/list', { data: params });

export const adminProductsQuery = (params: AdminProductListParams) =>
  queryOptions({
    queryKey: [...productListRoot, params] as const,
    queryFn: () => fetchAdminProducts(params),
    // Paging and filtering keep the rows on screen until the next answer arrives.
    placeholderData: keepPreviousData,
  });

export const useAdminProducts = (params: AdminProductListParams) => useQuery(adminProductsQuery(params));
