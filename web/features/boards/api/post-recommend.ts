import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostView } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import { postListRoots } from './keys';
import { postViewKey } from './post-view';

/** /api/board/recommend: once per member; answers the new count. */
export const postRecommend = (input: { boardId: string; key: number }) =>
  callAwait<{ recommends: number }>('/api/board/recommend', { data: input });

export function useRecommendPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postRecommend,
    onSuccess: ({ recommends }, input) => {
      client.setQueryData<PostView>(postViewKey(input.key), (post) => post && { ...post, recommends, recommended: true });
      return Promise.all(postListRoots.map((queryKey) => client.invalidateQueries({ queryKey, refetchType: 'none' })));
    },
  });
}
