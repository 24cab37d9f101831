import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PostPage } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import { topicListRoot } from './keys';

/** /api/all/topic: posts of the last 7 days ranked by recommendations and comments. */
export const fetchTopicList = (page: number) => callAwait<PostPage>('/api/all/topic', { data: { page } });

export const topicListQuery = (page: number) =>
  queryOptions({ queryKey: [...topicListRoot, page] as const, queryFn: () => fetchTopicList(page), placeholderData: keepPreviousData });

export const useTopicList = (page: number) => useQuery(topicListQuery(page));
