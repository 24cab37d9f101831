import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateForm } from '../../../../common/api/account';
import { callAwait } from '../../../api/call';
import { refreshSession } from '../../../shared/session-actions';
import { historyKey } from './history';

/** /api/user/update: the profile, with a new password only when one is given. */
export const postUpdate = (form: UpdateForm) => callAwait<{ message: string }>('/api/user/update', { data: form });

export function useUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postUpdate,
    // A new nickname shows in the header and in the nickname history.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: historyKey }), refreshSession().catch(() => undefined)]),
  });
}
