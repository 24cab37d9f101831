import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LogoInfo } from '../../../common/api/session';
import { callAwait } from '../../api/call';

export const fetchLogo = () => callAwait<LogoInfo>('/api/session/logo', { silent: true });

export const logoQuery = () =>
  queryOptions({ queryKey: ['session', 'logo'] as const, queryFn: fetchLogo, staleTime: 30 * 60_000 });

export const useLogo = () => useQuery(logoQuery());
