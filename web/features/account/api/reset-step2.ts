import { useMutation } from '@tanstack/react-query';
import type { ResetForm } from '../../../../common/api/account';
import { callAwait } from '../../../api/call';

/** /api/public/find/step2: the answer to the question (five wrong answers lock the flow). */
export const postResetStep2 = (form: Pick<ResetForm, 'userId' | 'email' | 'question' | 'answer'>) =>
  callAwait<{ ok: true }>('/api/public/find/step2', { data: form });

export const useResetStep2 = () => useMutation({ mutationFn: postResetStep2 });
