import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PostPage, SEARCH_FIELDS } from '../../../../common/api/boards';
import { callAwait } from '../../../api/call';
import { boardListRoot } from './keys';

export type SearchField = (typeof SEARCH_FIELDS)[number];

export interface BoardListParams {
  boardId: string;
  category: string;
  page: number;
  search?: string;
  searchField?: SearchField;
  /** A search's slice: posts with keys below this one. */
  before?: number;
}

/** /api/board/list: 20 posts a page, notices first on page 1, optionally a search (one slice of the board). */
export const fetchBoardList = (params: BoardListParams) => callAwait<PostPage>('/api/board/list', { data: params });

export const boardListQuery = (params: BoardListParams) =>
  queryOptions({
    queryKey: [...boardListRoot, params.boardId, params] as const,
    queryFn: () => fetchBoardList(params),
    // A new search keeps the old rows on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });

export const useBoardList = (params: BoardListParams) => useQuery(boardListQuery(params));
