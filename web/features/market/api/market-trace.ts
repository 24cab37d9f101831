import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Trace } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import { marketTraceRoot } from './keys';

/** /api/market/trace: sold and asking prices of a product over time, with monthly summaries. */
export const fetchMarketTrace = (productKey: string) => callAwait<Trace>('/api/market/trace', { data: { productKey } });

export const marketTraceQuery = (productKey: string) =>
  queryOptions({ queryKey: [...marketTraceRoot, productKey] as const, queryFn: () => fetchMarketTrace(productKey), staleTime: 0 });

export const useMarketTrace = (productKey: string) => useQuery(marketTraceQuery(productKey));
