import { useMutation } from '@tanstack/react-query';
import type { OAuthLinkLogin } from '../../../../common/api/oauth';
import { callAwait } from '../../../api/call';

/** /api/auth/oauth/link-login: the password of an existing account once; links the provider and signs in. */
export const postLinkLogin = (form: OAuthLinkLogin) => callAwait<{ userId: string; message: string; secondStep?: 'totp' }>('/api/auth/oauth/link-login', { data: form });

export const useLinkLogin = () => useMutation({ mutationFn: postLinkLogin });
