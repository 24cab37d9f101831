import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAwait } from '../../../api/call';
import { refreshComments } from './comment-save';

/** /api/comment/delete: by its author, or an administrator. */
export const postCommentDelete = (input: { commentKey: number; postKey: number }) =>
  callAwait<{ ok: true }>('/api/comment/delete', { data: { commentKey: input.commentKey } });

export function useDeleteComment(onChanged?: () => unknown) {
  const client = useQueryClient();
  return useMutation({ mutationFn: postCommentDelete, onSuccess: (_data, input) => refreshComments(client, input.postKey, onChanged) });
}
