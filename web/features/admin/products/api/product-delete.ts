import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminProductDeleted } from '../../../../../common/api/products';
import { callAwait } from '../../../../api/call';
import { productRoots } from '../../shared/api/keys';

/** /api/admin/product/delete: deleted when nothing points at it, otherwise hidden. */
export const productDelete = (key: string) => callAwait<z.infer<typeof AdminProductDeleted>>('/api/admin/product/delete', { data: { key } });

export function useProductDelete() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: productDelete,
    onSuccess: () => Promise.all(productRoots.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
