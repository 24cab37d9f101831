import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthLinks, OAuthProvider } from '../../../../common/api/oauth';
import { callAwait } from '../../../api/call';

export const linksKey = ['account', 'links'] as const;

/** /api/auth/links: the member's Kakao and Naver links and what may be linked or unlinked. */
export const linksQuery = () => queryOptions({ queryKey: linksKey, queryFn: () => callAwait<AuthLinks>('/api/auth/links'), staleTime: 0 });

export const useLinks = () => useQuery(linksQuery());

/** /api/auth/unlink: refused (as a toast) when it is the member's last way to sign in. */
export const postUnlink = (provider: OAuthProvider) => callAwait<{ message: string }>('/api/auth/unlink', { data: { provider } });

export function useUnlink() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postUnlink, onSuccess: () => client.invalidateQueries({ queryKey: linksKey }) });
}
