import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminProductSave, AdminProductSaved } from '../../../../../common/api/products';
import { callAwait } from '../../../../api/call';
import { productRoots } from '../../shared/api/keys';

export type ProductSaveInput = z.output<typeof AdminProductSave>;

/** /api/admin/product/save: a new product (no key) or an edit; answers the product's key. */
export const productSave = (input: ProductSaveInput) =>
  // Field messages are shown at the field by the form, so no toast here.
  callAwait<z.infer<typeof AdminProductSaved>>('/api/admin/product/save', { data: input, silent: true });

export function useProductSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: productSave,
    onSuccess: () => Promise.all(productRoots.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
