import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagedBoards } from '../../../../../common/api/board-moves';
import { callAwait } from '../../../../api/call';
import { adminKey } from './keys';

/** /api/board/managed: the boards the signed-in member manages (a board manager's way into the report queue). */
export const fetchManagedBoards = () => callAwait<ManagedBoards>('/api/board/managed', { data: {} });

export const managedBoardsQuery = () => queryOptions({ queryKey: [...adminKey, 'managed-boards'] as const, queryFn: fetchManagedBoards, staleTime: 0 });

export const useManagedBoards = (enabled: boolean) => useQuery({ ...managedBoardsQuery(), enabled });
