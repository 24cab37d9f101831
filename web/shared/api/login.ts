import { useMutation } from '@tanstack/react-query';
import type { LoginForm, LoginResult } from '../../../common/api/session';
import { callAwait, FORM_TYPE } from '../../api/call';

/**
 * /api/login/do takes form-encoded userId, password and remember ('Y' keeps the session); with
 * two-step sign-in on the answer says the one-time code comes next.
 */
export const postLogin = (form: LoginForm) =>
  callAwait<LoginResult>('/api/login/do', { data: form, contentType: FORM_TYPE });

export const useLogin = () => useMutation({ mutationFn: postLogin });
