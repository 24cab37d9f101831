import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketView } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import { marketViewKey } from './market-view';

/** /api/favorite/add and /api/favorite/delete with the market as the board. */
export const postMarketScrap = ({ key, on }: { key: number; on: boolean }) =>
  on ? callAwait<{ ok: true }>('/api/favorite/add', { data: { boardId: 'market', key } }) : callAwait<{ ok: true }>('/api/favorite/delete', { data: { key } });

export function useMarketScrap() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postMarketScrap,
    onSuccess: (_d, { key, on }) => client.setQueryData<MarketView>(marketViewKey(key), (item) => item && { ...item, scrapped: on }),
  });
}
