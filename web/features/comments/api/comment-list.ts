import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CommentList } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import { commentListRoot } from './keys';

export type CommentListData = z.infer<typeof CommentList>;

/** /api/comment/list: the post's comments, flat in thread order (replies after their parent). */
export const fetchCommentList = (boardId: string, key: number) => callAwait<CommentListData>('/api/comment/list', { data: { boardId, key } });

export const commentListKey = (key: number) => [...commentListRoot, key] as const;

/**
 * The pages ask for the comments beside their post or item; an answer a few seconds old is that
 * page's own and is not asked for again when the list shows.
 */
export const commentListQuery = (boardId: string, key: number) =>
  queryOptions({ queryKey: commentListKey(key), queryFn: () => fetchCommentList(boardId, key), staleTime: 5_000 });

export const useCommentList = (boardId: string, key: number, enabled = true) => useQuery({ ...commentListQuery(boardId, key), enabled });
