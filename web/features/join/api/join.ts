import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinForm } from '../../../../common/api/session';
import { callAwait } from '../../../api/call';
import type { WithProof } from '../../../ui/spam-proof';
import { checkQueryPrefix } from './check';

export interface JoinResult {
  userId: string;
  message: string;
}

/** /api/public/join, with the solved challenge of the page's spam check. */
export const postJoin = ({ proof, ...form }: WithProof<JoinForm>) => callAwait<JoinResult>('/api/public/join', { data: form, headers: proof });

export function useJoin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postJoin,
    // The values just taken are no longer free.
    onSuccess: () => client.invalidateQueries({ queryKey: checkQueryPrefix }),
  });
}
