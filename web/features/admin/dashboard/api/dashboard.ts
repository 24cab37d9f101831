// The admin home's counts.
import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../../../common/api/admin-audit';
import { callAwait } from '../../../../api/call';
import { adminKey } from '../../shared/api/keys';

/** /api/admin/dashboard: counts, asked again each time the page is opened. */
export const useDashboard = () =>
  useQuery({ queryKey: [...adminKey, 'dashboard'] as const, queryFn: () => callAwait<Dashboard>('/api/admin/dashboard', { data: {} }), staleTime: 0 });
