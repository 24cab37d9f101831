import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketSellCheck } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import { marketSellRoot } from './keys';

/**
 * /api/market/can-sell: whether the caller may sell, and why not. Silent: when it cannot be
 * asked the form shows anyway and the server's save answers the reason.
 */
export const fetchSellCheck = () => callAwait<MarketSellCheck>('/api/market/can-sell', { silent: true });

export const sellCheckQuery = (userId: string) => queryOptions({ queryKey: [...marketSellRoot, userId] as const, queryFn: fetchSellCheck, staleTime: 0, retry: false });

export const useSellCheck = (userId: string) => useQuery(sellCheckQuery(userId));
