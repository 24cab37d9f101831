import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpaceInfo } from '../../../../common/api/gallery';
import { callAwait } from '../../../api/call';
import { spaceInfoRoot } from './keys';

/** /api/space/info: the member's public card (nickname, star, join date, counts per tab). */
export const fetchSpaceInfo = (userId: string) => callAwait<SpaceInfo>('/api/space/info', { data: { userId } });

export const spaceInfoQuery = (userId: string) => queryOptions({ queryKey: [...spaceInfoRoot, userId] as const, queryFn: () => fetchSpaceInfo(userId) });

export const useSpaceInfo = (userId: string) => useQuery(spaceInfoQuery(userId));
