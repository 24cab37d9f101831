import { useMutation } from '@tanstack/react-query';
import type { ResetForm } from '../../../../common/api/account';
import { callAwait } from '../../../api/call';

/** /api/public/find/step3: the whole form with the new password; ends every session of the account. */
export const postResetStep3 = (form: ResetForm) => callAwait<{ message: string }>('/api/public/find/step3', { data: form });

export const useResetStep3 = () => useMutation({ mutationFn: postResetStep3 });
