import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendForm } from '../../../../common/api/letters';
import { callAwait } from '../../../api/call';
import { invalidateLetters } from './invalidate';

/** /api/letter/send/save: to a member by userId or nickname. */
export const postLetterSend = (form: SendForm) => callAwait<{ letterKey: number }>('/api/letter/send/save', { data: form });

export function useSendLetter() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postLetterSend, onSuccess: () => invalidateLetters(client) });
}
