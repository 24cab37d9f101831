import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BidList } from '../../../../common/api/market';
import { callAwait } from '../../../api/call';
import { marketBidsRoot } from './keys';

export type BidListData = z.infer<typeof BidList>;

/** Asked again every few seconds while the page is open and visible (decision 26). */
export const BIDS_POLL_MS = 2500;

/**
 * /api/market/bids: the bid history and the auction's state. Silent: the page polls it, and a
 * missed answer is simply asked again. Unchanged answers come back as 304 (ETag).
 */
export const fetchMarketBids = (key: number) => callAwait<BidListData>('/api/market/bids', { data: { key }, silent: true });

export const marketBidsKey = (key: number) => [...marketBidsRoot, key] as const;

export const marketBidsQuery = (key: number) => queryOptions({ queryKey: marketBidsKey(key), queryFn: () => fetchMarketBids(key), staleTime: 0 });

/** Polls while `live` (an auction not yet ended); TanStack Query pauses it in a hidden tab. */
export const useMarketBids = (key: number, live: boolean, enabled = true) =>
  useQuery({ ...marketBidsQuery(key), enabled, refetchInterval: live ? BIDS_POLL_MS : false, refetchIntervalInBackground: false });
