import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendForm } from '../../../../common/api/letters';
import { callAwait } from '../../../api/call';
import type { WithProof } from '../../../ui/spam-proof';
import { invalidateLetters } from './invalidate';

/** /api/letter/send/save: to a member by userId or nickname. */
export const postLetterSend = ({ proof, ...form }: WithProof<SendForm>) => callAwait<{ letterKey: number }>('/api/letter/send/save', { data: form, headers: proof });

export function useSendLetter() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postLetterSend, onSuccess: () => invalidateLetters(client) });
}
