import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminProductMerged } from '../../../../../common/api/products';
import { callAwait } from '../../../../api/call';
import { productRoots } from '../../shared/api/keys';

export interface ProductMergeInput {
  from: string;
  into: string;
}

/** /api/admin/product/merge: everything pointing at `from` moves to `into`. */
export const productMerge = (input: ProductMergeInput) => callAwait<z.infer<typeof AdminProductMerged>>('/api/admin/product/merge', { data: input });

export function useProductMerge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: productMerge,
    onSuccess: () => Promise.all(productRoots.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
