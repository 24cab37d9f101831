import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GearList } from '../../../../common/api/gear';
import { callAwait } from '../../../api/call';
import { spaceListRoot } from './keys';

/** /api/gear/list: the member's gear as the caller may see it (a private list empty for others). */
export const fetchSpaceGear = (userId: string) => callAwait<GearList>('/api/gear/list', { data: { userId } });

export const spaceGearQuery = (userId: string) => queryOptions({ queryKey: [...spaceListRoot, 'gear', userId] as const, queryFn: () => fetchSpaceGear(userId), staleTime: 0 });

export const useSpaceGear = (userId: string) => useQuery(spaceGearQuery(userId));
