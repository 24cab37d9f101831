import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketListQuery, MarketPage } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import { marketListRoot } from './keys';

/** /api/market/list: 20 cards a page, newest (or latest bumped) first, with the filters given. */
export const fetchMarketList = (query: MarketListQuery) => callAwait<MarketPage>('/api/market/list', { data: query });

export const marketListQuery = (query: MarketListQuery) =>
  queryOptions({ queryKey: [...marketListRoot, query] as const, queryFn: () => fetchMarketList(query), staleTime: 0 });

export const useMarketList = (query: MarketListQuery) => useQuery({ ...marketListQuery(query), placeholderData: keepPreviousData });
