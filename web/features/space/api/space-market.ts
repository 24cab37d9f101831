import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketSummary } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import type { ListPage } from './list-page';
import { spaceListRoot } from './keys';

/** /api/space/market: the member's market items, newest first. */
export const fetchSpaceMarket = (userId: string, page: number) => callAwait<ListPage<MarketSummary>>('/api/space/market', { data: { userId, page } });

export const spaceMarketQuery = (userId: string, page: number) =>
  queryOptions({ queryKey: [...spaceListRoot, 'market', userId, page] as const, queryFn: () => fetchSpaceMarket(userId, page), placeholderData: keepPreviousData });

export const useSpaceMarket = (userId: string, page: number) => useQuery(spaceMarketQuery(userId, page));
