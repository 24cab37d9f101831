import { useMutation } from '@tanstack/react-query';
import type { OAuthComplete } from '../../../../common/api/oauth';
import { callAwait } from '../../../api/call';

/** /api/auth/oauth/complete: the new member (signed in by the answer). */
export const postComplete = (form: OAuthComplete) => callAwait<{ userId: string; message: string }>('/api/auth/oauth/complete', { data: form });

export const useComplete = () => useMutation({ mutationFn: postComplete });
