import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SpaceComment } from '../../../../common/api/gallery';
import { callAwait } from '../../../api/call';
import type { ListPage } from './list-page';
import { spaceListRoot } from './keys';

export type SpaceCommentRow = z.infer<typeof SpaceComment>;

/** /api/space/comments: the member's comments under posts the caller may read, with an excerpt. */
export const fetchSpaceComments = (userId: string, page: number) => callAwait<ListPage<SpaceCommentRow>>('/api/space/comments', { data: { userId, page } });

export const spaceCommentsQuery = (userId: string, page: number) =>
  queryOptions({ queryKey: [...spaceListRoot, 'comments', userId, page] as const, queryFn: () => fetchSpaceComments(userId, page), placeholderData: keepPreviousData });

export const useSpaceComments = (userId: string, page: number) => useQuery(spaceCommentsQuery(userId, page));
