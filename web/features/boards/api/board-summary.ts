import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BoardSummary } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import { boardSummaryRoot } from './keys';

export type BoardSummaryData = z.infer<typeof BoardSummary>;

/** /api/board/summary: the newest posts of each category and the week's best. */
export const fetchBoardSummary = (boardId: string) => callAwait<BoardSummaryData>('/api/board/summary', { data: { boardId } });

export const boardSummaryQuery = (boardId: string) =>
  queryOptions({ queryKey: [...boardSummaryRoot, boardId] as const, queryFn: () => fetchBoardSummary(boardId) });

export const useBoardSummary = (boardId: string) => useQuery(boardSummaryQuery(boardId));
