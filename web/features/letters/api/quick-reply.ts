import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickReply } from '../../../../common/api/letters';
import { callAwait } from '../../../api/call';
import type { WithProof } from '../../../ui/spam-proof';
import { invalidateLetters } from './invalidate';

/** /api/letter/send/quick (docs/product/letters.md#quick-reply): newlines are sent as line breaks. */
export const postQuickReply = ({ proof, ...reply }: WithProof<QuickReply>) =>
  callAwait<{ letterKey: number }>('/api/letter/send/quick', {
    data: { letterKey: reply.letterKey, content: reply.content.replace(/\r?\n/g, '<br>') },
    headers: proof,
  });

export function useQuickReply() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postQuickReply, onSuccess: () => invalidateLetters(client) });
}
