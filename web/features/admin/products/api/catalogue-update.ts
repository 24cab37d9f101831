import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CatalogueUpdateResult } from '../../../../../common/api/products';
import { callAwait } from '../../../../api/call';
import { productRoots } from '../../shared/api/keys';

export type CatalogueCounts = z.infer<typeof CatalogueUpdateResult>;

/** /api/admin/product/catalogue: adds what is new in the bundled catalogue, leaves edited products alone. */
export const catalogueUpdate = () => callAwait<CatalogueCounts>('/api/admin/product/catalogue', { data: {} });

export function useCatalogueUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: catalogueUpdate,
    onSuccess: () => Promise.all(productRoots.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
