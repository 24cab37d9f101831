import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAwait } from '../../../api/call';
import { marketListRoot } from './keys';
import { marketViewKey } from './market-view';

/** /api/market/delete: the seller or an admin, while the item has no bids. */
export const postMarketDelete = (key: number) => callAwait<{ ok: true }>('/api/market/delete', { data: { key } });

export function useDeleteMarket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postMarketDelete,
    onSuccess: (_d, key) => {
      client.removeQueries({ queryKey: marketViewKey(key) });
      return client.invalidateQueries({ queryKey: marketListRoot });
    },
  });
}
