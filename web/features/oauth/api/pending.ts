import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OAuthPending } from '../../../../common/api/oauth';
import { callAwait } from '../../../api/call';

/** /api/auth/oauth/pending: the provider account waiting for the completion step (silent: the page says it). */
export const postPending = () => callAwait<OAuthPending>('/api/auth/oauth/pending', { silent: true });

export const pendingQuery = () => queryOptions({ queryKey: ['oauth', 'pending'] as const, queryFn: postPending, retry: false, staleTime: Infinity });

export const usePending = () => useQuery(pendingQuery());
