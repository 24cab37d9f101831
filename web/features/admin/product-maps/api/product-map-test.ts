import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductMapTestResult } from '../../../../../common/api/products';
import { callAwait } from '../../../../api/call';

export type ProductMapTestData = z.infer<typeof ProductMapTestResult>;

/** /api/admin/product-map/test: the existing titles a pattern would catch. Field messages go to the field. */
export const productMapTest = (pattern: string) => callAwait<ProductMapTestData>('/api/admin/product-map/test', { data: { pattern }, silent: true });

export const useProductMapTest = () => useMutation({ mutationFn: productMapTest });
