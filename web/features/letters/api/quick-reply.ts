import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickReply } from '../../../../common/api/letters';
import { callAwait } from '../../../api/call';
import { invalidateLetters } from './invalidate';

/** SPEC §7 /api/letter/send/quick: newlines are sent as line breaks. */
export const postQuickReply = (reply: QuickReply) =>
  callAwait<{ letterKey: number }>('/api/letter/send/quick', { data: { letterKey: reply.letterKey, content: reply.content.replace(/\r?\n/g, '<br>') } });

export function useQuickReply() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postQuickReply, onSuccess: () => invalidateLetters(client) });
}
