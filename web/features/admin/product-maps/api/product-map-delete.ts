import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAwait } from '../../../../api/call';
import { productMapListRoot } from '../../shared/api/keys';

/** /api/admin/product-map/delete. */
export const productMapDelete = (id: number) => callAwait<unknown>('/api/admin/product-map/delete', { data: { id } });

export function useProductMapDelete() {
  const client = useQueryClient();
  return useMutation({ mutationFn: productMapDelete, onSuccess: () => client.invalidateQueries({ queryKey: productMapListRoot }) });
}
