import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAwait } from '../../../api/call';
import { invalidateLetters } from './invalidate';

/** /api/letter/receive/read/{letterKey} (docs/api.md#letters). */
export const postLetterRead = (letterKey: number) => callAwait<{ ok: true }>(`/api/letter/receive/read/${letterKey}`);

export function useReadLetter() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postLetterRead, onSuccess: () => invalidateLetters(client) });
}
