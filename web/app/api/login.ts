import { useMutation } from '@tanstack/react-query';
import type { LoginForm } from '../../../common/api/session';
import { callAwait, FORM_TYPE } from '../../api/call';

/** /api/login/do takes form-encoded userId, password and remember ('Y' keeps the session). */
export const postLogin = (form: LoginForm) =>
  callAwait<{ ok: true }>('/api/login/do', { data: form, contentType: FORM_TYPE });

export const useLogin = () => useMutation({ mutationFn: postLogin });
