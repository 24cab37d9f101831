import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuctionState, BidInput } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import { marketListRoot } from './keys';
import { marketBidsKey } from './market-bids';
import { marketViewKey } from './market-view';

/** /api/market/bid: a bid (or buy-now); the answer is the auction's new state. */
export const postMarketBid = (input: z.input<typeof BidInput>) => callAwait<AuctionState>('/api/market/bid', { data: input });

export function useBidMarket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postMarketBid,
    onSuccess: (_state, { key }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: marketBidsKey(Number(key)) }),
        client.invalidateQueries({ queryKey: marketViewKey(Number(key)) }),
        client.invalidateQueries({ queryKey: marketListRoot, refetchType: 'none' }),
      ]),
  });
}
