import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAwait } from '../../../api/call';
import { postListRoots } from './keys';

/** /api/board/delete: soft delete by the author or an administrator. */
export const postDelete = (input: { boardId: string; key: number }) => callAwait<{ ok: true }>('/api/board/delete', { data: input });

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postDelete,
    // The post's own view is left alone: it is still on screen until the list opens, and asking
    // for it again would only answer "deleted" (its staleTime is 0, so nothing stale is kept).
    onSuccess: () => Promise.all(postListRoots.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
