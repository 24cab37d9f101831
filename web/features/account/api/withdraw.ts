import { useMutation } from '@tanstack/react-query';
import { callAwait } from '../../../api/call';

/** /api/user/out: deletes the account; a refusal (posts left, wrong password) comes back as a toast. */
export const postWithdraw = (form: { password: string }) => callAwait<{ message: string }>('/api/user/out', { data: form });

export const useWithdraw = () => useMutation({ mutationFn: postWithdraw });
