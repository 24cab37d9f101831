import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CommentSave, CommentSaveResult } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import type { WithProof } from '../../../ui/spam-proof';
import { commentListKey } from './comment-list';

export type CommentSaveInput = z.input<typeof CommentSave>;

/** /api/comment/save: a new comment, a reply (parentKey) or an edit (commentKey). */
export const postCommentSave = ({ proof, ...input }: WithProof<CommentSaveInput>) =>
  callAwait<z.infer<typeof CommentSaveResult>>('/api/comment/save', { data: input, headers: proof });

/**
 * After a comment is written, edited or deleted: the list, then what the page showing it
 * refreshes (the post's count and the lists' counts on a board).
 */
export function refreshComments(client: ReturnType<typeof useQueryClient>, key: number, onChanged?: () => unknown) {
  return Promise.all([client.invalidateQueries({ queryKey: commentListKey(key) }), onChanged?.()]);
}

export function useSaveComment(onChanged?: () => unknown) {
  const client = useQueryClient();
  return useMutation({ mutationFn: postCommentSave, onSuccess: (_data, input) => refreshComments(client, Number(input.key), onChanged) });
}
