import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoardInfo } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import { boardInfoRoot } from './keys';

/** /api/board/info: the board, its categories and what the caller may do there. */
export const fetchBoardInfo = (boardId: string) => callAwait<BoardInfo>('/api/board/info', { data: { boardId } });

export const boardInfoQuery = (boardId: string) =>
  queryOptions({ queryKey: [...boardInfoRoot, boardId] as const, queryFn: () => fetchBoardInfo(boardId), staleTime: 60_000 });

export const useBoardInfo = (boardId: string) => useQuery(boardInfoQuery(boardId));
