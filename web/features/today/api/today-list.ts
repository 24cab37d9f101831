import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TodayPage } from '../../../../common/api/gallery';
import { callAwait } from '../../../api/call';
import { todayListRoot } from './keys';

export type TodayPageData = z.infer<typeof TodayPage>;

/** /api/today/list: past picks up to today, newest date first, a page at a time. */
// Silent: the page shows its own retry.
export const fetchTodayList = (page: number) => callAwait<TodayPageData>('/api/today/list', { data: { page }, silent: true });

export const todayListQuery = (page: number) =>
  queryOptions({ queryKey: [...todayListRoot, page] as const, queryFn: () => fetchTodayList(page), placeholderData: keepPreviousData });

export const useTodayList = (page: number) => useQuery(todayListQuery(page));
