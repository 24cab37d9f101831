import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostView } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import { postViewRoot } from './keys';

/** /api/board/view: the post with its rendered content, files, neighbours and abilities. */
export const fetchPostView = (boardId: string, key: number) => callAwait<PostView>('/api/board/view', { data: { boardId, key } });

export const postViewKey = (key: number) => [...postViewRoot, key] as const;

export const postViewQuery = (boardId: string, key: number) =>
  queryOptions({ queryKey: postViewKey(key), queryFn: () => fetchPostView(boardId, key), staleTime: 0 });

export const usePostView = (boardId: string, key: number, enabled = true) => useQuery({ ...postViewQuery(boardId, key), enabled });
