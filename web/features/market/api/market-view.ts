import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketView } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import { marketViewRoot } from './keys';

/** /api/market/view: the item, its photos, auction, recent prices of its product and abilities. */
export const fetchMarketView = (key: number) => callAwait<MarketView>('/api/market/view', { data: { key } });

export const marketViewKey = (key: number) => [...marketViewRoot, key] as const;

export const marketViewQuery = (key: number) => queryOptions({ queryKey: marketViewKey(key), queryFn: () => fetchMarketView(key), staleTime: 0 });

export const useMarketView = (key: number) => useQuery({ ...marketViewQuery(key), enabled: key > 0 });
