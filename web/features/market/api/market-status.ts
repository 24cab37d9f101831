import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MarketStatusInput, MarketStatusResult } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import { marketListRoot, marketTraceRoot } from './keys';
import { marketViewKey } from './market-view';

/** /api/market/status: selling ⇄ reserved → sold (with the final price); an admin's cancel. */
export const postMarketStatus = (input: z.input<typeof MarketStatusInput>) =>
  callAwait<z.infer<typeof MarketStatusResult>>('/api/market/status', { data: input });

export function useMarketStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postMarketStatus,
    onSuccess: ({ key }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: marketViewKey(key) }),
        client.invalidateQueries({ queryKey: marketListRoot, refetchType: 'none' }),
        client.invalidateQueries({ queryKey: marketTraceRoot, refetchType: 'none' }),
      ]),
  });
}
