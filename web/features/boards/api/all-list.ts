import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PostPage } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import { allListRoot } from './keys';

/** /api/all/list: the newest posts of every board the caller may read. */
export const fetchAllList = (page: number) => callAwait<PostPage>('/api/all/list', { data: { page } });

export const allListQuery = (page: number) =>
  queryOptions({ queryKey: [...allListRoot, page] as const, queryFn: () => fetchAllList(page), placeholderData: keepPreviousData });

export const useAllList = (page: number) => useQuery(allListQuery(page));
