import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PostSave, SaveResult } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import type { WithProof } from '../../../ui/spam-proof';
import { postListRoots, postViewRoot } from './keys';

/** /api/board/save: creates (no key) or edits a post; the loading overlay shows (a /save path). */
export const postSave = ({ proof, ...form }: WithProof<PostSave>) => callAwait<z.infer<typeof SaveResult>>('/api/board/save', { data: form, headers: proof });

export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postSave,
    onSuccess: () =>
      Promise.all([...postListRoots, postViewRoot].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
