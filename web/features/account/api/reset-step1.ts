import { useMutation } from '@tanstack/react-query';
import type { ResetForm } from '../../../../common/api/account';
import { callAwait } from '../../../api/call';

/** /api/public/find/step1: userId and email; answers the security question. */
export const postResetStep1 = (form: Pick<ResetForm, 'userId' | 'email'>) =>
  callAwait<{ question: string }>('/api/public/find/step1', { data: form });

export const useResetStep1 = () => useMutation({ mutationFn: postResetStep1 });
