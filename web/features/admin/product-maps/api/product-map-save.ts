import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductMapSave, ProductMapSaved } from '../../../../../common/api/products';
import { callAwait } from '../../../../api/call';
import { productMapListRoot } from '../../shared/api/keys';

export type ProductMapSaveInput = z.output<typeof ProductMapSave>;

/** /api/admin/product-map/save: a new rule (no id) or an edit. Field messages are shown at the field. */
export const productMapSave = (input: ProductMapSaveInput) => callAwait<z.infer<typeof ProductMapSaved>>('/api/admin/product-map/save', { data: input, silent: true });

export function useProductMapSave() {
  const client = useQueryClient();
  return useMutation({ mutationFn: productMapSave, onSuccess: () => client.invalidateQueries({ queryKey: productMapListRoot }) });
}
