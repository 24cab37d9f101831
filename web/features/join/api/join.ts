import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinForm } from '../../../../common/api/session';
import { callAwait } from '../../../api/call';
import { checkQueryPrefix } from './check';

export interface JoinResult {
  userId: string;
  message: string;
}

export const postJoin = (form: JoinForm) => callAwait<JoinResult>('/api/public/join', { data: form });

export function useJoin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postJoin,
    // The values just taken are no longer free.
    onSuccess: () => client.invalidateQueries({ queryKey: checkQueryPrefix }),
  });
}
