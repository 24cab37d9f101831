import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAwait } from '../../../api/call';
import { invalidateLetters } from './invalidate';
import { type Box, letterKeys } from './keys';

/** /api/letter/receive/delete/{letterKey} and /api/letter/send/delete/{letterKey}: the caller's own copy. */
export const postLetterDelete = ({ box, letterKey }: { box: Box; letterKey: number }) =>
  callAwait<{ ok: true }>(`/api/letter/${box}/delete/${letterKey}`);

export function useDeleteLetter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postLetterDelete,
    onSuccess: (_data, { box, letterKey }) => {
      client.removeQueries({ queryKey: letterKeys.view(box, letterKey) });
      return invalidateLetters(client);
    },
  });
}
