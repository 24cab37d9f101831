import type { OAuthProvider } from '../../../common/api/oauth';
import { callAwait } from '../../api/call';

/**
 * /api/auth/oauth/start: the provider's sign-in address for this browser (its state, PKCE and
 * nonce travel in a cookie only the return reads). `link` adds the provider from my-info;
 * `recheck` is my-info's prompt through a linked provider, coming back to `back`.
 */
export const postOAuthStart = (data: { provider: OAuthProvider; purpose?: 'login' | 'link' | 'recheck'; remember?: boolean; back?: string }) =>
  callAwait<{ url: string }>('/api/auth/oauth/start', { data });
