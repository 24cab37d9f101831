import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductImage, ProductView } from '../../../../../common/api/products';

export type ProductImageData = z.infer<typeof ProductImage>;
import { callAwait } from '../../../../api/call';
import { productDetailRoot } from '../../shared/api/keys';

/** /api/product/view: everything the edit form needs (specs, EXIF names, images); admins see hidden products too. */
export const fetchProductDetail = (productKey: string) => callAwait<ProductView>('/api/product/view', { data: { productKey } });

export const productDetailQuery = (productKey: string) =>
  queryOptions({ queryKey: [...productDetailRoot, productKey] as const, queryFn: () => fetchProductDetail(productKey), staleTime: 0 });

export const useProductDetail = (productKey: string | null) => useQuery({ ...productDetailQuery(productKey ?? ''), enabled: productKey !== null });
