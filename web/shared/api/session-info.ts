import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../common/api/session';
import { callAwait } from '../../api/call';

export const fetchSessionInfo = () => callAwait<SessionUser>('/api/session/info');

export const sessionInfoQuery = () =>
  queryOptions({ queryKey: ['session', 'info'] as const, queryFn: fetchSessionInfo, staleTime: 0 });

export const useSessionInfo = () => useQuery(sessionInfoQuery());
