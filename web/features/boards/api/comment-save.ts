import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CommentSave, CommentSaveResult } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import { postListRoots } from './keys';
import { commentListKey } from './comment-list';
import { postViewKey } from './post-view';

export type CommentSaveInput = z.input<typeof CommentSave>;

/** /api/comment/save: a new comment, a reply (parentKey) or an edit (commentKey). */
export const postCommentSave = (input: CommentSaveInput) =>
  callAwait<z.infer<typeof CommentSaveResult>>('/api/comment/save', { data: input });

/** After a comment is written, edited or deleted: the list, the post's count and the lists' counts. */
export function refreshComments(client: ReturnType<typeof useQueryClient>, key: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: commentListKey(key) }),
    client.invalidateQueries({ queryKey: postViewKey(key) }),
    ...postListRoots.map((queryKey) => client.invalidateQueries({ queryKey, refetchType: 'none' })),
  ]);
}

export function useSaveComment() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postCommentSave, onSuccess: (_data, input) => refreshComments(client, Number(input.key)) });
}
