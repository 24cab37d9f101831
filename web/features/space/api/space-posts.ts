import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PostSummary } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import type { ListPage } from './list-page';
import { spaceListRoot } from './keys';

/** /api/space/posts: the member's posts on boards the caller may read, newest first, 20 a page. */
export const fetchSpacePosts = (userId: string, page: number) => callAwait<ListPage<PostSummary>>('/api/space/posts', { data: { userId, page } });

export const spacePostsQuery = (userId: string, page: number) =>
  queryOptions({ queryKey: [...spaceListRoot, 'posts', userId, page] as const, queryFn: () => fetchSpacePosts(userId, page), placeholderData: keepPreviousData });

export const useSpacePosts = (userId: string, page: number, enabled = true) => useQuery({ ...spacePostsQuery(userId, page), enabled });
