import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuEntry } from '../../../common/api/menu';
import { callAwait } from '../../api/call';

export const fetchTopMenu = () => callAwait<MenuEntry[]>('/api/menu/topMenu');

export const topMenuQuery = () =>
  queryOptions({ queryKey: ['menu', 'top'] as const, queryFn: fetchTopMenu, staleTime: 5 * 60_000 });

export const useTopMenu = () => useQuery(topMenuQuery());
