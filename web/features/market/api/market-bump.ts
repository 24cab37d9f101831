import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MarketBumpResult } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import { marketListRoot } from './keys';
import { marketViewKey } from './market-view';

/** /api/market/bump: once a day, the item moves to the top of the list. */
export const postMarketBump = (key: number) => callAwait<z.infer<typeof MarketBumpResult>>('/api/market/bump', { data: { key } });

export function useBumpMarket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postMarketBump,
    onSuccess: ({ key }) =>
      Promise.all([client.invalidateQueries({ queryKey: marketViewKey(key) }), client.invalidateQueries({ queryKey: marketListRoot, refetchType: 'none' })]),
  });
}
